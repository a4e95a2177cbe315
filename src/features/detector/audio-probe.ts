import { shouldDecode, type DecodeOutcome } from './prechecks';

// Decoding in the browser with the Web Audio API, only to learn a file's length before sending it.
// An OfflineAudioContext at 8 kHz keeps the decoded copy small (15 min of stereo is about 60 MB);
// the duration does not depend on the rate it is resampled to.

const PROBE_SAMPLE_RATE = 8000;

type OfflineContextConstructor = new (channels: number, length: number, sampleRate: number) => BaseAudioContext;

function offlineContext(): OfflineContextConstructor | null {
  const scope = globalThis as unknown as { OfflineAudioContext?: OfflineContextConstructor; webkitOfflineAudioContext?: OfflineContextConstructor };
  return scope.OfflineAudioContext ?? scope.webkitOfflineAudioContext ?? null;
}

/** The decoded length of `file` in seconds, or why the browser could not tell. */
export async function probeDuration(file: Blob): Promise<DecodeOutcome> {
  if (!shouldDecode(file)) return { kind: 'skipped' };
  const Context = offlineContext();
  if (!Context) return { kind: 'undecodable', reason: 'this browser has no Web Audio decoder' };
  let bytes: ArrayBuffer;
  try {
    bytes = await file.arrayBuffer();
  } catch {
    return { kind: 'undecodable', reason: 'the file could not be read' };
  }
  try {
    const context = new Context(1, 1, PROBE_SAMPLE_RATE);
    const buffer = await context.decodeAudioData(bytes);
    if (!Number.isFinite(buffer.duration)) return { kind: 'undecodable', reason: 'the decoder reported no length' };
    return { kind: 'decoded', seconds: buffer.duration };
  } catch {
    return { kind: 'undecodable', reason: 'its format is not supported by this browser, or the file is damaged' };
  }
}
