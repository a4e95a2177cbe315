// ISRC and ISWC as people type them: with or without hyphens, dots and spaces, any case.

const ISRC = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;
const ISWC = /^T\d{10}$/;

/** The ISRC in its compact form (GBNWR2600001), or null when it is not one. */
export function normaliseIsrc(raw: string): string | null {
  const compact = raw.replace(/[\s-]/g, '').toUpperCase();
  return ISRC.test(compact) ? compact : null;
}

/** The ISWC in its display form (T-123.456.789-0), or null when it is not one. */
export function normaliseIswc(raw: string): string | null {
  const compact = raw.replace(/[\s.-]/g, '').toUpperCase();
  if (!ISWC.test(compact)) return null;
  return `T-${compact.slice(1, 4)}.${compact.slice(4, 7)}.${compact.slice(7, 10)}-${compact.slice(10)}`;
}

export const ISRC_HINT = 'An ISRC has 12 characters: country (2 letters), registrant (3), year (2 digits), number (5 digits), e.g. GB-NWR-26-00001.';
export const ISWC_HINT = 'An ISWC looks like T-123.456.789-0.';
