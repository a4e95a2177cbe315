// URLs from public platforms are untrusted: only http and https may become links.

/** The normalised URL when `raw` is an absolute http(s) URL, otherwise null. */
export function safeHttpUrl(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (text === '') return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '') return null;
  return url.href;
}

export function isSafeHttpUrl(raw: string | null | undefined): boolean {
  return safeHttpUrl(raw) !== null;
}
