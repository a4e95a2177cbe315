import { describe, expect, it } from 'vitest';
import { DETECTOR_MAX_FILE_BYTES } from '../../api/schemas/detector';
import { checkDecoded, checkSize, formatMegabytes, looksLikeMedia, parseUrlList, precheckFile, shouldDecode } from './prechecks';

const MB = 1024 * 1024;
const wav = (size: number) => ({ size, type: 'audio/wav', name: 'song.wav' });

describe('checkSize', () => {
  it('allows exactly 100 MB (100 × 1024 × 1024 bytes) and refuses one byte more, naming the 413 limit', () => {
    expect(DETECTOR_MAX_FILE_BYTES).toBe(100 * MB);
    expect(checkSize(100 * MB)).toBeNull();
    const note = checkSize(100 * MB + 1);
    expect(note?.level).toBe('refuse');
    expect(note?.text).toContain('100 MB');
    expect(note?.text).toContain('413');
  });

  it('warns about an empty file', () => {
    expect(checkSize(0)?.level).toBe('warn');
  });
});

describe('checkDecoded', () => {
  it('refuses over 15 minutes and allows exactly 15 minutes', () => {
    expect(checkDecoded({ kind: 'decoded', seconds: 15 * 60 })).toBeNull();
    const note = checkDecoded({ kind: 'decoded', seconds: 15 * 60 + 1 });
    expect(note?.level).toBe('refuse');
    expect(note?.text).toContain('15 min 1 s');
    expect(note?.text).toContain('too_long');
  });

  it('warns under 30 s, and says too_short is likely under 10 s', () => {
    expect(checkDecoded({ kind: 'decoded', seconds: 30 })).toBeNull();
    const short = checkDecoded({ kind: 'decoded', seconds: 20 });
    expect(short?.level).toBe('warn');
    expect(short?.text).toContain('20 s');
    expect(short?.text).not.toContain('most likely answer too_short');
    const tiny = checkDecoded({ kind: 'decoded', seconds: 5 });
    expect(tiny?.level).toBe('warn');
    expect(tiny?.text).toContain('most likely answer too_short');
  });

  it('warns, without refusing, when the browser cannot decode the file', () => {
    const note = checkDecoded({ kind: 'undecodable', reason: 'its format is not supported by this browser' });
    expect(note?.level).toBe('warn');
    expect(note?.text).toContain('its format is not supported by this browser');
    expect(note?.text).toContain('sent anyway');
  });

  it('says nothing when decoding was skipped', () => {
    expect(checkDecoded({ kind: 'skipped' })).toBeNull();
  });
});

describe('looksLikeMedia', () => {
  it('goes by the declared type, then by the extension', () => {
    expect(looksLikeMedia('audio/mpeg', 'x')).toBe(true);
    expect(looksLikeMedia('video/webm', 'x')).toBe(true);
    expect(looksLikeMedia('application/ogg', 'x')).toBe(true);
    expect(looksLikeMedia('', 'Track 01.FLAC')).toBe(true);
    expect(looksLikeMedia('text/plain', 'notes.txt')).toBe(false);
    expect(looksLikeMedia('', 'wav')).toBe(false);
  });
});

describe('precheckFile', () => {
  it('sends a decoded 60 s song without notes and keeps its length', () => {
    expect(precheckFile(wav(5 * MB), { kind: 'decoded', seconds: 60 })).toEqual({ send: true, notes: [], durationSeconds: 60 });
  });

  it('does not send a file over 100 MB and stops at the size note', () => {
    const result = precheckFile(wav(100 * MB + 1), { kind: 'skipped' });
    expect(result.send).toBe(false);
    expect(result.notes.map((note) => note.level)).toEqual(['refuse']);
    expect(result.durationSeconds).toBeNull();
  });

  it('does not send audio over 15 minutes', () => {
    const result = precheckFile(wav(20 * MB), { kind: 'decoded', seconds: 910 });
    expect(result.send).toBe(false);
    expect(result.durationSeconds).toBe(910);
  });

  it('sends a 5 s clip with a warning, so the service decides', () => {
    const result = precheckFile(wav(200_000), { kind: 'decoded', seconds: 5 });
    expect(result.send).toBe(true);
    expect(result.notes.map((note) => note.level)).toEqual(['warn']);
  });

  it('sends a text file with one warning that the detector will likely answer invalid_file', () => {
    const result = precheckFile({ size: 32, type: 'text/plain', name: 'not-audio.txt' }, { kind: 'undecodable', reason: 'unsupported' });
    expect(result.send).toBe(true);
    expect(result.notes).toHaveLength(1);
    expect(result.notes[0]?.text).toContain('invalid_file');
    expect(result.notes[0]?.text).toContain('text/plain');
  });

  it('sends an audio file the browser cannot decode, with the decoding warning', () => {
    const result = precheckFile({ size: 1000, type: 'audio/x-ms-wma', name: 'old.wma' }, { kind: 'undecodable', reason: 'unsupported' });
    expect(result.send).toBe(true);
    expect(result.notes).toHaveLength(1);
    expect(result.notes[0]?.text).toContain('could not decode');
  });

  it('trusts decoded audio over a missing type and extension', () => {
    expect(precheckFile({ size: 1000, type: '', name: 'recording' }, { kind: 'decoded', seconds: 45 }).notes).toEqual([]);
  });
});

describe('shouldDecode', () => {
  it('decodes only non-empty files within the size limit', () => {
    expect(shouldDecode({ size: 0 })).toBe(false);
    expect(shouldDecode({ size: 1 })).toBe(true);
    expect(shouldDecode({ size: 100 * MB })).toBe(true);
    expect(shouldDecode({ size: 100 * MB + 1 })).toBe(false);
  });
});

describe('formatMegabytes', () => {
  it('writes binary units', () => {
    expect(formatMegabytes(512)).toBe('512 B');
    expect(formatMegabytes(1536)).toBe('1.5 KB');
    expect(formatMegabytes(100 * MB + 1)).toBe('100.0 MB');
    expect(formatMegabytes(-1)).toBe('—');
  });
});

describe('parseUrlList', () => {
  it('keeps http and https URLs one per line, ignores blank lines and sends repeats once', () => {
    const parsed = parseUrlList('https://example.com/a.mp3\r\n\n  http://example.com/b.wav  \nhttps://example.com/a.mp3\n');
    expect(parsed.urls).toEqual(['https://example.com/a.mp3', 'http://example.com/b.wav']);
    expect(parsed.errors).toEqual([]);
    expect(parsed.duplicates).toBe(1);
  });

  it('names the line and the reason of every rejected entry', () => {
    const parsed = parseUrlList('ftp://example.com/a.mp3\nexample.com/b.wav\njavascript:alert(1)\nhttps://ok.example/c.flac');
    expect(parsed.urls).toEqual(['https://ok.example/c.flac']);
    expect(parsed.errors).toEqual([
      { line: 1, text: 'ftp://example.com/a.mp3', message: 'only http and https links can be fetched' },
      { line: 2, text: 'example.com/b.wav', message: 'not a complete http or https URL' },
      { line: 3, text: 'javascript:alert(1)', message: 'only http and https links can be fetched' },
    ]);
  });

  it('finds nothing in an empty box', () => {
    expect(parseUrlList(' \n \n')).toEqual({ urls: [], errors: [], duplicates: 0 });
  });
});
