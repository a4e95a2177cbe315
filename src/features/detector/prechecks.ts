import { DETECTOR_MAX_FILE_BYTES, DETECTOR_MAX_SECONDS, DETECTOR_MIN_SECONDS } from '../../api/schemas/detector';
import { formatDurationLong } from '../../lib/format';
import { safeHttpUrl } from '../../lib/safe-url';

// What the browser can tell about a submission before it is sent. The detector decides; these checks
// only stop what it would refuse anyway (over 100 MB → HTTP 413, over 15 min → too_long) and warn about
// what it may refuse (under 30 s, undecodable). Pure functions: the decoding itself is in audio-probe.ts.

/** The service answers too_short below this many seconds (its status table); the UI warns below 30 s. */
export const DETECTOR_TOO_SHORT_SECONDS = 10;

export type PrecheckNote = { level: 'refuse' | 'warn' | 'info'; text: string };

export type Precheck = {
  /** false: the file is not sent (the service would refuse it); the notes say why. */
  send: boolean;
  notes: PrecheckNote[];
  /** Seconds of audio the browser decoded, when it could. */
  durationSeconds: number | null;
};

/** What decoding the file's bytes in the browser found. */
export type DecodeOutcome = { kind: 'decoded'; seconds: number } | { kind: 'undecodable'; reason: string } | { kind: 'skipped' };

const MB = 1024 * 1024;

/** "12.3 MB" (binary megabytes, like the 100 MB limit). */
export function formatMegabytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

/** The size rule: over 100 MB the detector answers HTTP 413, so the file is not sent. */
export function checkSize(bytes: number): PrecheckNote | null {
  if (bytes > DETECTOR_MAX_FILE_BYTES) {
    return {
      level: 'refuse',
      text: `${formatMegabytes(bytes)} is over the detector's 100 MB limit (it would answer HTTP 413), so it was not sent. Compress it (for example as MP3) or cut it to a single song, then submit that file.`,
    };
  }
  if (bytes === 0) return { level: 'warn', text: 'The file is empty; the detector will most likely answer invalid_file.' };
  return null;
}

/** Whether a file's declared type or extension says audio or video. */
export function looksLikeMedia(type: string, name: string): boolean {
  const mime = type.toLowerCase();
  if (mime.startsWith('audio/') || mime.startsWith('video/')) return true;
  if (mime === 'application/ogg') return true;
  return /\.(mp3|mp4|m4a|m4b|wav|wave|flac|aac|ogg|oga|opus|webm|weba|mka|mkv|mov|aif|aiff|wma|amr|3gp)$/i.test(name);
}

/** The duration rules, from what the browser decoded. */
export function checkDecoded(outcome: DecodeOutcome): PrecheckNote | null {
  if (outcome.kind === 'skipped') return null;
  if (outcome.kind === 'undecodable') {
    return {
      level: 'warn',
      text: `This browser could not decode the audio (${outcome.reason}), so its length is unknown. It is sent anyway: the detector reads more formats than a browser, and will say if the file is not usable.`,
    };
  }
  const seconds = outcome.seconds;
  const length = formatDurationLong(seconds);
  if (seconds > DETECTOR_MAX_SECONDS) {
    return { level: 'refuse', text: `${length} is longer than the detector's 15-minute limit (it would answer too_long). Cut the file to one song of at most 15 minutes.` };
  }
  if (seconds < DETECTOR_TOO_SHORT_SECONDS) {
    return { level: 'warn', text: `Only ${length} of audio: the detector needs at least 30 s and will most likely answer too_short. Sent anyway so the service decides.` };
  }
  if (seconds < DETECTOR_MIN_SECONDS) {
    return { level: 'warn', text: `Only ${length} of audio: the detector asks for at least 30 s, so the result may be less reliable or too_short.` };
  }
  return null;
}

/** All browser checks of one file, in order: size first (nothing else matters over 100 MB). */
export function precheckFile(file: { size: number; type: string; name: string }, decoded: DecodeOutcome): Precheck {
  const notes: PrecheckNote[] = [];
  const size = checkSize(file.size);
  if (size) notes.push(size);
  if (size?.level === 'refuse') return { send: false, notes, durationSeconds: null };
  // Audio the browser decoded is media whatever its name or declared type says.
  const media = decoded.kind === 'decoded' || looksLikeMedia(file.type, file.name);
  if (!media && file.size > 0) {
    notes.push({
      level: 'warn',
      text: `This does not look like an audio or video file${file.type ? ` (${file.type})` : ''}; the detector will most likely answer invalid_file.`,
    });
  }
  // A non-media file that also failed to decode needs no second warning about decoding.
  const decodeNote = checkDecoded(decoded);
  if (decodeNote && !(decodeNote.level === 'warn' && decoded.kind === 'undecodable' && !media)) notes.push(decodeNote);
  return {
    send: !notes.some((note) => note.level === 'refuse'),
    notes,
    durationSeconds: decoded.kind === 'decoded' ? decoded.seconds : null,
  };
}

/** Whether the browser should try to decode the file: only files within the size limit. */
export function shouldDecode(file: { size: number }): boolean {
  return file.size > 0 && file.size <= DETECTOR_MAX_FILE_BYTES;
}

export type UrlLineError = { line: number; text: string; message: string };
export type ParsedUrls = { urls: string[]; errors: UrlLineError[]; duplicates: number };

/** The URL box: one URL per line, blank lines ignored, only http(s), repeats sent once. */
export function parseUrlList(text: string): ParsedUrls {
  const urls: string[] = [];
  const errors: UrlLineError[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    const safe = safeHttpUrl(line);
    if (!safe) {
      errors.push({
        line: index + 1,
        text: line,
        message: /^[a-z][a-z0-9+.-]*:/i.test(line) && !/^https?:/i.test(line) ? 'only http and https links can be fetched' : 'not a complete http or https URL',
      });
      return;
    }
    if (seen.has(safe)) {
      duplicates += 1;
      return;
    }
    seen.add(safe);
    urls.push(safe);
  });
  return { urls, errors, duplicates };
}
