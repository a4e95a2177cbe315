// RFC 4180 CSV: comma separated, CRLF line ends, fields quoted when they hold a comma, a quote or a
// line break, quotes doubled inside quoted fields. Text cells that a spreadsheet would run as a
// formula (first character = + - @, or a tab / carriage return) get a leading apostrophe, because
// exported titles and user names come from public platforms and are untrusted.

export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** Neutralises a text cell a spreadsheet would evaluate. Numbers are data, never guarded. */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One field, guarded and quoted as needed. */
export function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  let text: string;
  if (typeof cell === 'number') text = Number.isFinite(cell) ? String(cell) : '';
  else if (typeof cell === 'boolean') text = cell ? 'true' : 'false';
  else text = guardFormula(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record: fields joined with commas, no line end. */
export function csvRow(cells: readonly CsvCell[]): string {
  return cells.map(csvField).join(',');
}

/** A whole document: every record followed by CRLF (RFC 4180 allows the last one either way). */
export function toCsv(rows: ReadonlyArray<readonly CsvCell[]>): string {
  return rows.map((row) => `${csvRow(row)}\r\n`).join('');
}

export type CsvColumn<T> = { header: string; value: (row: T) => CsvCell };

/** A header record plus one record per row, from column definitions. */
export function csvFromRecords<T>(columns: ReadonlyArray<CsvColumn<T>>, rows: readonly T[]): string {
  return toCsv([columns.map((column) => column.header), ...rows.map((row) => columns.map((column) => column.value(row)))]);
}

/** A file name safe on every OS: "copies-2026-11-20.csv". */
export function csvFileName(base: string, date: Date = new Date()): string {
  const safeBase = base.replace(/[^a-z0-9-_]+/gi, '-').replace(/^-+|-+$/g, '') || 'export';
  return `${safeBase}-${date.toISOString().slice(0, 10)}.csv`;
}

/**
 * Saves CSV text as a file in the browser. A UTF-8 byte order mark goes first so spreadsheet
 * programs read non-ASCII titles correctly.
 */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
