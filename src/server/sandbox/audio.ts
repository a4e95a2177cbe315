import { parseBuffer } from 'music-metadata';

// Audio for the sandbox: WAV generators (test fixtures, /sandbox/audio, e2e) and the real analysis the
// emulated AI song detector uses to decide a processing status. Nothing here looks at file names.

export const DEFAULT_SAMPLE_RATE = 22_050;

/** Status thresholds of the detector (spec 7.1; DESIGN: the status table's 10 s minimum). */
export const MIN_DURATION_SECONDS = 10;
export const MAX_DURATION_SECONDS = 15 * 60;
export const WINDOW_MS = 100;
export const SILENCE_DBFS = -50;
/** More than this share of silent 100 ms windows is not enough music to classify. */
export const MAX_SILENT_SHARE = 0.6;

// ---- generators ---------------------------------------------------------------------------------

/** A 16-bit PCM WAV (RIFF/WAVE) of interleaved samples. */
export function encodeWav(samples: Int16Array, sampleRate = DEFAULT_SAMPLE_RATE, channels = 1): Buffer {
  const dataBytes = samples.length * 2;
  const buf = Buffer.alloc(44 + dataBytes);
  buf.write('RIFF', 0, 'latin1');
  buf.writeUInt32LE(36 + dataBytes, 4);
  buf.write('WAVE', 8, 'latin1');
  buf.write('fmt ', 12, 'latin1');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(channels, 22);
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * channels * 2, 28);
  buf.writeUInt16LE(channels * 2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'latin1');
  buf.writeUInt32LE(dataBytes, 40);
  const data = new DataView(buf.buffer, buf.byteOffset + 44, dataBytes);
  for (let i = 0; i < samples.length; i++) data.setInt16(i * 2, samples[i]!, true);
  return buf;
}

export type MusicOptions = { sampleRate?: number; /** Changes key, tempo and texture: a different file, same character. */ variant?: number };

// One period of a sine, looked up with linear interpolation: generating a minute of music stays fast.
const SINE_TABLE_SIZE = 4096;
const SINE_TABLE = Float64Array.from({ length: SINE_TABLE_SIZE + 1 }, (_, i) => Math.sin((2 * Math.PI * i) / SINE_TABLE_SIZE));
function sineOfPhase(phase: number): number {
  const x = phase * SINE_TABLE_SIZE;
  const i = Math.floor(x);
  return SINE_TABLE[i]! + (SINE_TABLE[i + 1]! - SINE_TABLE[i]!) * (x - i);
}

/** Moves oscillator `i` on by `step` cycles (step < 1) and returns its phase in [0, 1). */
function advance(phases: Float64Array, i: number, step: number): number {
  let p = phases[i]! + step;
  if (p >= 1) p -= 1;
  phases[i] = p;
  return p;
}

/**
 * Music-like PCM: a four-chord progression (triads plus bass) under a beat envelope, a kick on every
 * beat and a noise hi-hat on the off-beats. The envelope never falls near silence, so every 100 ms
 * window carries energy, as real music does.
 */
export function musicSamples(seconds: number, options: MusicOptions = {}): Int16Array {
  const sampleRate = options.sampleRate ?? DEFAULT_SAMPLE_RATE;
  const variant = Math.max(0, Math.floor(options.variant ?? 0));
  const total = Math.max(0, Math.round(seconds * sampleRate));
  const out = new Int16Array(total);
  const transpose = variant % 7;
  const bpm = 112 + (variant % 5) * 4;
  const beatSamples = Math.round((60 / bpm) * sampleRate);
  // I–V–vi–IV in C, as semitone offsets from A4 (440 Hz): bass, then root, third, fifth.
  const progression = [
    [-33, -9, -5, -2],
    [-26, -2, 2, 5],
    [-24, 0, 3, 7],
    [-28, -4, 0, 3],
  ].map((chord) => chord.map((semitones) => (440 * 2 ** ((semitones + transpose) / 12)) / sampleRate));

  // Per-beat shapes: chord envelope, kick (a pitch-dropping sine burst), hi-hat envelope on the off-beat.
  const envelope = new Float64Array(beatSamples);
  const kick = new Float64Array(beatSamples);
  const hat = new Float64Array(beatSamples);
  let kickPhase = 0;
  for (let i = 0; i < beatSamples; i++) {
    const t = i / sampleRate;
    envelope[i] = 0.45 + 0.55 * Math.exp((-4 * i) / beatSamples);
    kickPhase = (kickPhase + (50 + 90 * Math.exp(-25 * t)) / sampleRate) % 1;
    kick[i] = t < 0.12 ? 0.35 * Math.exp(-30 * t) * sineOfPhase(kickPhase) : 0;
    const sinceOff = (i - Math.floor(beatSamples / 2) + beatSamples) % beatSamples / sampleRate;
    hat[i] = sinceOff < 0.04 ? 0.06 * Math.exp(-80 * sinceOff) : 0;
  }

  const phases = new Float64Array(7);
  let noise = (0x9e3779b9 ^ Math.imul(variant, 0x85ebca6b)) >>> 0;
  for (let i = 0; i < total; i++) {
    const inBeat = i % beatSamples;
    const chord = progression[Math.floor(i / (beatSamples * 4)) % progression.length]!;
    // Voices: bass; three chord notes, each with its octave partial.
    let value = 0.18 * sineOfPhase(advance(phases, 0, chord[0]!));
    for (let n = 1; n <= 3; n++) {
      value += 0.16 * sineOfPhase(advance(phases, n, chord[n]!)) + 0.05 * sineOfPhase(advance(phases, n + 3, 2 * chord[n]!));
    }
    value = value * envelope[inBeat]! + kick[inBeat]!;
    noise = (Math.imul(noise, 1664525) + 1013904223) >>> 0;
    value += hat[inBeat]! * (noise / 0xffffffff - 0.5);
    out[i] = Math.max(-32768, Math.min(32767, Math.round(value * 0.7 * 32767)));
  }
  return out;
}

export function musicWav(seconds: number, options: MusicOptions = {}): Buffer {
  return encodeWav(musicSamples(seconds, options), options.sampleRate ?? DEFAULT_SAMPLE_RATE);
}

/** Digital silence (all-zero samples). */
export function silenceWav(seconds: number, sampleRate = DEFAULT_SAMPLE_RATE): Buffer {
  return encodeWav(new Int16Array(Math.round(seconds * sampleRate)), sampleRate);
}

/** Music and silence back to back, e.g. `[['music', 12], ['silence', 28]]`. */
export function mixedWav(parts: readonly (readonly ['music' | 'silence', number])[], sampleRate = DEFAULT_SAMPLE_RATE): Buffer {
  const pieces = parts.map(([kind, seconds], index) =>
    kind === 'music' ? musicSamples(seconds, { sampleRate, variant: index }) : new Int16Array(Math.round(seconds * sampleRate)),
  );
  const all = new Int16Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const piece of pieces) {
    all.set(piece, at);
    at += piece.length;
  }
  return encodeWav(all, sampleRate);
}

/**
 * A damaged WAV: headers that say `declaredSeconds` of audio, but only `presentSeconds` of sample
 * bytes follow (a cut-off download). Containers still parse; decoding the declared audio fails.
 */
export function truncatedWav(declaredSeconds = 60, presentSeconds = 20, sampleRate = DEFAULT_SAMPLE_RATE): Buffer {
  const full = musicWav(presentSeconds, { sampleRate });
  const declaredBytes = Math.round(declaredSeconds * sampleRate) * 2;
  full.writeUInt32LE(36 + declaredBytes, 4);
  full.writeUInt32LE(declaredBytes, 40);
  return full;
}

/** A WAV whose format chunk declares zero channels and whose data chunk is empty: a container, no audio. */
export function emptyWav(sampleRate = DEFAULT_SAMPLE_RATE): Buffer {
  const buf = encodeWav(new Int16Array(0), sampleRate);
  buf.writeUInt16LE(0, 22); // channels
  buf.writeUInt32LE(0, 28); // byte rate
  buf.writeUInt16LE(0, 32); // block align
  return buf;
}

// A tiny Matroska/WebM writer, enough for a valid container holding one video track and no audio.
// Element ids are written as given (they carry their own length marker); sizes as 8-byte vints.
function ebml(id: string, payload: Buffer): Buffer {
  const size = Buffer.alloc(8);
  size.writeUInt8(0x01, 0);
  size.writeUIntBE(payload.length, 2, 6);
  return Buffer.concat([Buffer.from(id, 'hex'), size, payload]);
}
function uint(id: string, value: number): Buffer {
  const bytes: number[] = [];
  for (let v = value; bytes.length === 0 || v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return ebml(id, Buffer.from(bytes));
}
const text = (id: string, value: string) => ebml(id, Buffer.from(value, 'latin1'));
function float64(id: string, value: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(value, 0);
  return ebml(id, b);
}

/** A WebM file with a single VP8 video track of `seconds` and no audio track at all. */
export function videoOnlyWebm(seconds = 20): Buffer {
  const header = ebml(
    '1a45dfa3',
    Buffer.concat([uint('4286', 1), uint('42f7', 1), uint('42f2', 4), uint('42f3', 8), text('4282', 'webm'), uint('4287', 4), uint('4285', 2)]),
  );
  const info = ebml(
    '1549a966',
    Buffer.concat([uint('2ad7b1', 1_000_000), float64('4489', seconds * 1000), text('4d80', 'rights-desk-sandbox'), text('5741', 'rights-desk-sandbox')]),
  );
  const video = ebml('e0', Buffer.concat([uint('b0', 64), uint('ba', 64)]));
  const tracks = ebml('1654ae6b', ebml('ae', Buffer.concat([uint('d7', 1), uint('73c5', 1), uint('83', 1), text('86', 'V_VP8'), video])));
  const block = ebml('a3', Buffer.concat([Buffer.from([0x81, 0x00, 0x00, 0x80]), Buffer.alloc(32, 0x55)]));
  const cluster = ebml('1f43b675', Buffer.concat([uint('e7', 0), block]));
  return Buffer.concat([header, ebml('18538067', Buffer.concat([info, tracks, cluster]))]);
}

// ---- analysis -----------------------------------------------------------------------------------

export type DetectorStatus = 'ok' | 'invalid_file' | 'no_audio' | 'too_short' | 'too_long' | 'not_enough_music' | 'not_found' | 'error';

export type AudioAnalysis = {
  status: Exclude<DetectorStatus, 'not_found'>;
  message: string;
  container?: string;
  codec?: string;
  durationSeconds?: number;
  /** Share of silent 100 ms windows, when the samples were decoded (PCM WAV). */
  silentShare?: number;
};

export type WavLayout = {
  formatTag: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  blockAlign: number;
  dataOffset: number;
  /** Bytes the data chunk header declares (0xffffffff: unknown, streamed). */
  declaredBytes: number;
  /** Bytes of the data chunk actually present in the file. */
  presentBytes: number;
};

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_IEEE_FLOAT = 3;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/** Walks the RIFF chunks of a WAVE file. Null when it is not RIFF/WAVE or has no fmt/data chunk. */
export function readWavLayout(buf: Uint8Array): WavLayout | null {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  if (b.length < 12 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WAVE') return null;
  let at = 12;
  let fmt: Omit<WavLayout, 'dataOffset' | 'declaredBytes' | 'presentBytes'> | null = null;
  while (at + 8 <= b.length) {
    const id = b.toString('latin1', at, at + 4);
    const size = b.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ' && size >= 16 && body + 16 <= b.length) {
      let formatTag = b.readUInt16LE(body);
      if (formatTag === WAVE_FORMAT_EXTENSIBLE && size >= 40 && body + 26 <= b.length) formatTag = b.readUInt16LE(body + 24);
      fmt = {
        formatTag,
        channels: b.readUInt16LE(body + 2),
        sampleRate: b.readUInt32LE(body + 4),
        blockAlign: b.readUInt16LE(body + 12),
        bitsPerSample: b.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!fmt) return null;
      const present = Math.max(0, b.length - body);
      const presentBytes = size === 0xffffffff ? present : Math.min(size, present);
      return { ...fmt, dataOffset: body, declaredBytes: size, presentBytes };
    }
    at = body + size + (size % 2);
  }
  return null;
}

/** Whether our own decoder handles this layout (integer PCM 8/16/24/32 bit, float 32/64 bit). */
export function isDecodablePcm(layout: WavLayout): boolean {
  const { formatTag, bitsPerSample, channels, blockAlign } = layout;
  const sampleOk = formatTag === WAVE_FORMAT_PCM ? [8, 16, 24, 32].includes(bitsPerSample) : formatTag === WAVE_FORMAT_IEEE_FLOAT && [32, 64].includes(bitsPerSample);
  return sampleOk && channels > 0 && blockAlign === channels * (bitsPerSample / 8);
}

/** Reads one sample at `offset` as a float in [-1, 1]. */
function sampleAt(b: Buffer, offset: number, layout: WavLayout): number {
  if (layout.formatTag === WAVE_FORMAT_IEEE_FLOAT) return layout.bitsPerSample === 32 ? b.readFloatLE(offset) : b.readDoubleLE(offset);
  switch (layout.bitsPerSample) {
    case 8:
      return (b.readUInt8(offset) - 128) / 128;
    case 16:
      return b.readInt16LE(offset) / 32768;
    case 24:
      return b.readIntLE(offset, 3) / 8388608;
    default:
      return b.readInt32LE(offset) / 2147483648;
  }
}

/** RMS level in dBFS of each `windowMs` window (all channels together); the last partial window is dropped. */
export function windowLevels(buf: Uint8Array, layout: WavLayout, windowMs = WINDOW_MS): number[] {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  const frames = Math.floor(layout.presentBytes / layout.blockAlign);
  const perWindow = Math.max(1, Math.round((layout.sampleRate * windowMs) / 1000));
  const bytesPerSample = layout.bitsPerSample / 8;
  const levels: number[] = [];
  for (let start = 0; start + perWindow <= frames; start += perWindow) {
    let sum = 0;
    for (let f = start; f < start + perWindow; f++) {
      const frameOffset = layout.dataOffset + f * layout.blockAlign;
      for (let c = 0; c < layout.channels; c++) {
        const v = sampleAt(b, frameOffset + c * bytesPerSample, layout);
        sum += Number.isFinite(v) ? v * v : 0;
      }
    }
    const rms = Math.sqrt(sum / (perWindow * layout.channels));
    levels.push(rms > 0 ? 20 * Math.log10(rms) : -Infinity);
  }
  return levels;
}

const fmtSeconds = (s: number) => `${Math.round(s * 10) / 10} s`;

/**
 * Decides the detector's processing status from the file's bytes:
 * 1. music-metadata cannot parse it as media → invalid_file;
 * 2. a valid container with no audio track, zero channels or no audio samples → no_audio;
 * 3. a PCM WAV whose data chunk declares more sample bytes than the file holds (by at least one whole
 *    frame) cannot be decoded as declared → error. The streaming marker 0xffffffff means "to the end"
 *    and is not damage;
 * 4. shorter than 10 s → too_short; longer than 15 min → too_long; no duration at all → error;
 * 5. PCM WAV only (the one codec decoded here): more than 60 % of 100 ms windows below −50 dBFS →
 *    not_enough_music. Other codecs are taken as music;
 * 6. otherwise ok.
 */
export async function analyseAudio(content: Uint8Array): Promise<AudioAnalysis> {
  if (content.byteLength === 0) return { status: 'invalid_file', message: 'The file is empty.' };
  let format;
  try {
    ({ format } = await parseBuffer(content, undefined, { duration: true, skipCovers: true }));
  } catch (error) {
    return { status: 'invalid_file', message: `Not a valid media file: ${(error as Error).message}` };
  }
  const container = format.container;
  const codec = format.codec;
  if (!container && !codec && format.trackInfo.length === 0) {
    return { status: 'invalid_file', message: 'Not a valid media file: the container could not be identified.' };
  }
  const base = { container, codec };

  const layout = container === 'WAVE' ? readWavLayout(content) : null;
  if (container === 'WAVE' && !layout) {
    return { ...base, status: 'invalid_file', message: 'The WAV file has no format or data chunk.' };
  }
  if (format.hasAudio === false || format.numberOfChannels === 0 || (layout && (layout.channels === 0 || layout.presentBytes === 0))) {
    return { ...base, status: 'no_audio', message: 'The file is valid media but holds no audio track to analyse.' };
  }

  const decodable = layout !== null && isDecodablePcm(layout);
  if (layout && decodable && layout.declaredBytes !== 0xffffffff && layout.declaredBytes - layout.presentBytes >= layout.blockAlign) {
    const declared = layout.declaredBytes / layout.blockAlign / layout.sampleRate;
    const present = layout.presentBytes / layout.blockAlign / layout.sampleRate;
    return {
      ...base,
      status: 'error',
      message: `The audio data is damaged: the WAV declares ${fmtSeconds(declared)} of samples but only ${fmtSeconds(present)} are present, so it cannot be decoded.`,
    };
  }

  const duration = format.duration;
  if (duration === undefined || !Number.isFinite(duration)) {
    return { ...base, status: 'error', message: 'The audio duration could not be determined.' };
  }
  const withDuration = { ...base, durationSeconds: duration };
  if (duration < MIN_DURATION_SECONDS) {
    return { ...withDuration, status: 'too_short', message: `The audio lasts ${fmtSeconds(duration)}; at least ${MIN_DURATION_SECONDS} s are needed.` };
  }
  if (duration > MAX_DURATION_SECONDS) {
    return { ...withDuration, status: 'too_long', message: `The audio lasts ${fmtSeconds(duration)}; at most 15 minutes are accepted.` };
  }

  if (layout && decodable) {
    const levels = windowLevels(content, layout);
    const silent = levels.filter((db) => db < SILENCE_DBFS).length;
    const silentShare = levels.length === 0 ? 1 : silent / levels.length;
    if (silentShare > MAX_SILENT_SHARE) {
      return {
        ...withDuration,
        silentShare,
        status: 'not_enough_music',
        message: `Not enough music for a reliable classification: ${Math.round(silentShare * 100)} % of the audio is silence.`,
      };
    }
    return { ...withDuration, silentShare, status: 'ok', message: 'Processing completed.' };
  }
  return { ...withDuration, status: 'ok', message: 'Processing completed.' };
}
