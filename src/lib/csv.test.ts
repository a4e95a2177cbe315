import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { csvField, csvFileName, csvFromRecords, guardFormula, toCsv } from './csv';

/** A small RFC 4180 reader, written independently of the writer, to round-trip documents. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') {
        quoted = false;
        i += 1;
        continue;
      }
      field += ch;
      i += 1;
      continue;
    }
    if (ch === '"') {
      quoted = true;
      i += 1;
    } else if (ch === ',') {
      row.push(field);
      field = '';
      i += 1;
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    } else {
      field += ch;
      i += 1;
    }
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

describe('csvField', () => {
  it('leaves plain text alone and quotes commas, quotes and line breaks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
  });
  it('writes numbers, booleans and empty values', () => {
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField(true)).toBe('true');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });
  it('guards text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(guardFormula('a=b')).toBe('a=b');
  });
});

describe('toCsv', () => {
  it('ends every record with CRLF', () => {
    expect(toCsv([['a', 'b'], [1, 2]])).toBe('a,b\r\n1,2\r\n');
  });
  it('builds a header and records from columns', () => {
    const csv = csvFromRecords(
      [
        { header: 'Title', value: (r: { t: string; n: number }) => r.t },
        { header: 'Views', value: (r: { t: string; n: number }) => r.n },
      ],
      [{ t: 'Song, live', n: 3 }],
    );
    expect(csv).toBe('Title,Views\r\n"Song, live",3\r\n');
  });
  it('round-trips any text through an RFC 4180 reader (guarded cells gain one apostrophe)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ unit: 'grapheme-composite' }), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const parsed = parseCsv(toCsv(rows));
        const expected = rows.map((r) => r.map((cell) => guardFormula(cell)));
        // A lone empty cell row is written as an empty line; the reader sees no fields there.
        expect(parsed.map((r) => (r.length === 0 ? [''] : r))).toEqual(expected);
      }),
    );
  });
});

describe('csvFileName', () => {
  it('makes a safe dated name', () => {
    expect(csvFileName('copies / platform=tiktok', new Date('2026-11-20T10:00:00Z'))).toBe('copies-platform-tiktok-2026-11-20.csv');
    expect(csvFileName('***', new Date('2026-11-20T10:00:00Z'))).toBe('export-2026-11-20.csv');
  });
});
