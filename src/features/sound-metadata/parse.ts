import { MAX_SOUND_METADATA_BATCH, type SoundMetadata, type SoundRef } from '../../api';

// The batch form: one sound a line, "id, platform" or "id<TAB>platform", as pasted from a sheet.

export type BadLine = { line: number; text: string; reason: string };

export type ParsedSoundLines = {
  /** Distinct sounds in the order first given (platform lower-cased, as the platform stores it). */
  entries: SoundRef[];
  bad: BadLine[];
  /** Lines that repeated an earlier sound, by line number. */
  repeated: number[];
};

/** Platform names are compared and sent in lower case; the sandbox and platform treat them so. */
export function normalisePlatform(platform: string): string {
  return platform.trim().toLowerCase();
}

export function soundKey(ref: SoundRef): string {
  return `${normalisePlatform(ref.platform)}\u0000${ref.sound_id.trim()}`;
}

function splitLine(text: string): [string, string] | string {
  const separator = text.includes('\t') ? '\t' : text.includes(',') ? ',' : null;
  if (separator === null) return 'expected "sound id, platform" (a comma or a tab between them)';
  const parts = text.split(separator).map((part) => part.trim());
  if (parts.length > 2) return separator === ',' ? 'more than one comma; expected "sound id, platform"' : 'more than one tab; expected "sound id<TAB>platform"';
  const [id = '', platform = ''] = parts;
  if (id === '') return 'the sound id is missing';
  if (platform === '') return 'the platform is missing';
  if (/\s/.test(id)) return 'the sound id has a space in it';
  if (/\s/.test(platform)) return 'the platform has a space in it';
  return [id, platform];
}

/** Reads pasted lines; blank lines are skipped, bad ones reported by their 1-based line number. */
export function parseSoundLines(input: string): ParsedSoundLines {
  const entries: SoundRef[] = [];
  const bad: BadLine[] = [];
  const repeated: number[] = [];
  const seen = new Set<string>();
  input.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const text = raw.trim();
    if (text === '') return;
    const line = index + 1;
    const split = splitLine(text);
    if (typeof split === 'string') {
      bad.push({ line, text, reason: split });
      return;
    }
    const ref = { sound_id: split[0], platform: normalisePlatform(split[1]) };
    const key = soundKey(ref);
    if (seen.has(key)) {
      repeated.push(line);
      return;
    }
    seen.add(key);
    entries.push(ref);
  });
  return { entries, bad, repeated };
}

/** Why a batch may not be sent, or null when it may. More than the platform's limit is refused before any call. */
export function batchRefusal(parsed: ParsedSoundLines): string | null {
  if (parsed.bad.length > 0) {
    const first = parsed.bad.slice(0, 3).map((bad) => `line ${bad.line}: ${bad.reason}`);
    const more = parsed.bad.length > 3 ? `, and ${parsed.bad.length - 3} more` : '';
    return `${parsed.bad.length === 1 ? 'One line is' : `${parsed.bad.length} lines are`} not "sound id, platform" (${first.join('; ')}${more}). Fix or remove ${parsed.bad.length === 1 ? 'it' : 'them'}, then look up again.`;
  }
  if (parsed.entries.length === 0) return 'Paste at least one line: a sound id and its platform, for example "7301234567890123456, tiktok".';
  if (parsed.entries.length > MAX_SOUND_METADATA_BATCH) {
    return `That is ${parsed.entries.length} sounds; one lookup takes at most ${MAX_SOUND_METADATA_BATCH}. Split the list and look up ${MAX_SOUND_METADATA_BATCH} at a time.`;
  }
  return null;
}

export type SoundResults = { found: SoundMetadata[]; notFound: SoundRef[] };

/**
 * Pairs the answer with what was asked: the platform leaves unknown sounds out of the batch answer,
 * so each requested sound without a matching answer is listed as not found.
 */
export function matchResults(requested: readonly SoundRef[], answer: readonly SoundMetadata[]): SoundResults {
  const byKey = new Map(answer.map((sound) => [soundKey(sound), sound]));
  const found: SoundMetadata[] = [];
  const notFound: SoundRef[] = [];
  for (const ref of requested) {
    const sound = byKey.get(soundKey(ref));
    if (sound) found.push(sound);
    else notFound.push(ref);
  }
  return { found, notFound };
}
