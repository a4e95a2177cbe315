import { describe, expect, it } from 'vitest';
import type { DetectOptions } from '../../api/detector';
import { ApiError } from '../../api/errors';
import { detectionResultSchema, type DetectionResult } from '../../api/schemas/detector';
import type { HistoryEntry } from './history-store';
import type { DecodeOutcome } from './prechecks';
import { DetectionQueue, type QueueItem } from './queue';

type Call = { name: string; options: DetectOptions; resolve: (result: DetectionResult) => void; reject: (error: unknown) => void };

const OK = detectionResultSchema.parse({ request_id: 1, status: 'ok', message: 'Processed.', is_ai: true, ai_score: 0.8, predicted_model: null });

/** A queue whose detector calls wait until the test answers them. */
function harness(options: { probe?: (file: Blob) => Promise<DecodeOutcome>; record?: (entry: HistoryEntry) => Promise<void>; concurrency?: number } = {}) {
  const calls: Call[] = [];
  const recorded: HistoryEntry[] = [];
  const call = (name: string, callOptions: DetectOptions) =>
    new Promise<DetectionResult>((resolve, reject) => {
      calls.push({ name, options: callOptions, resolve, reject });
      callOptions.signal?.addEventListener('abort', () => reject(new ApiError({ status: 0, message: 'aborted', kind: 'aborted', iface: 'detector', path: '' })));
    });
  let n = 0;
  const queue = new DetectionQueue({
    concurrency: options.concurrency ?? 2,
    probe: options.probe ?? (() => Promise.resolve({ kind: 'decoded', seconds: 60 })),
    detectFile: (_file, name, callOptions) => call(name, callOptions),
    detectUrl: (url, callOptions) => call(url, callOptions),
    record:
      options.record ??
      ((entry) => {
        recorded.push(entry);
        return Promise.resolve();
      }),
    now: () => new Date('2026-11-21T10:00:00.000Z'),
    newId: () => `id-${++n}`,
  });
  const phases = () => queue.getSnapshot().map((item) => item.phase.kind);
  const item = (id: string): QueueItem => {
    const found = queue.getSnapshot().find((candidate) => candidate.id === id);
    if (!found) throw new Error(`no item ${id}`);
    return found;
  };
  return { queue, calls, recorded, phases, item };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const wav = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'audio/wav' });

describe('DetectionQueue', () => {
  it('sends at most `concurrency` submissions at once and starts the next when one finishes', async () => {
    const h = harness();
    h.queue.addUrls(['https://example.com/1.mp3', 'https://example.com/2.mp3', 'https://example.com/3.mp3']);
    await settle();
    expect(h.phases()).toEqual(['sending', 'sending', 'waiting']);
    expect(h.calls.map((c) => c.name)).toEqual(['https://example.com/1.mp3', 'https://example.com/2.mp3']);
    h.calls[0]!.resolve(OK);
    await settle();
    expect(h.phases()).toEqual(['done', 'sending', 'sending']);
    expect(h.calls).toHaveLength(3);
  });

  it('checks files in the browser first and records the answer with the decoded length', async () => {
    const h = harness({ probe: () => Promise.resolve({ kind: 'decoded', seconds: 42 }) });
    const [id] = h.queue.addFiles([wav('song.wav')]);
    expect(h.phases()).toEqual(['checking']);
    await settle();
    expect(h.phases()).toEqual(['sending']);
    h.calls[0]!.resolve(OK);
    await settle();
    expect(h.item(id!)).toMatchObject({ phase: { kind: 'done', result: OK }, saved: true, durationSeconds: 42, precheck: { send: true } });
    expect(h.recorded).toEqual([
      expect.objectContaining({ id: 'id-1', source: 'file', name: 'song.wav', size: 1000, durationSeconds: 42, status: 'ok', isAi: true, aiScore: 0.8, requestId: '1' }),
    ]);
  });

  it('never sends a file the checks refuse, and records nothing for it', async () => {
    const h = harness({ probe: () => Promise.resolve({ kind: 'decoded', seconds: 16 * 60 }) });
    const [id] = h.queue.addFiles([wav('long.wav')]);
    await settle();
    expect(h.item(id!).phase.kind).toBe('refused');
    expect(h.item(id!).precheck?.notes[0]?.level).toBe('refuse');
    expect(h.calls).toEqual([]);
    expect(h.recorded).toEqual([]);
  });

  it('sends a file whose check crashed, with a warning that its length is unknown', async () => {
    const h = harness({ probe: () => Promise.reject(new Error('boom')) });
    const [id] = h.queue.addFiles([wav('odd.wav')]);
    await settle();
    expect(h.item(id!).phase.kind).toBe('sending');
    expect(h.item(id!).precheck?.notes[0]?.text).toContain('the browser check failed');
  });

  it('shows each retry the API module reports', async () => {
    const h = harness();
    const [id] = h.queue.addUrls(['https://example.com/a.wav']);
    await settle();
    h.calls[0]!.options.onRetry?.({ retry: 2, of: 3, status: 503, delayMs: 4000 });
    expect(h.item(id!).phase).toEqual({ kind: 'retrying', retry: 2, of: 3, status: 503, delayMs: 4000 });
  });

  it('records a failed call with its HTTP status and explains it', async () => {
    const h = harness();
    const [id] = h.queue.addUrls(['https://example.com/a.wav']);
    await settle();
    h.calls[0]!.reject(new ApiError({ status: 413, message: 'The file is larger than 100 MB.', kind: 'http', iface: 'detector', path: '/v1/ai-detector/detect-url' }));
    await settle();
    expect(h.item(id!).phase).toMatchObject({ kind: 'failed', message: 'The file is larger than 100 MB.' });
    expect(h.recorded[0]).toMatchObject({ status: 'request_failed', httpStatus: 413 });
  });

  it('cancels a waiting and a running submission without recording either', async () => {
    const h = harness({ concurrency: 1 });
    const [running, waiting] = h.queue.addUrls(['https://example.com/a.wav', 'https://example.com/b.wav']);
    await settle();
    h.queue.cancel(waiting!);
    h.queue.cancel(running!);
    await settle();
    expect(h.phases()).toEqual(['cancelled', 'cancelled']);
    expect(h.calls).toHaveLength(1);
    expect(h.recorded).toEqual([]);
  });

  it('says so on the item when the history could not keep the result', async () => {
    const h = harness({ record: () => Promise.reject(new Error('The history is unavailable.')) });
    const [id] = h.queue.addUrls(['https://example.com/a.wav']);
    await settle();
    h.calls[0]!.resolve(OK);
    await settle();
    expect(h.item(id!)).toMatchObject({ phase: { kind: 'done' }, saved: 'The history is unavailable.' });
  });

  it('clears finished submissions from the list and keeps the running ones', async () => {
    const h = harness();
    h.queue.addUrls(['https://example.com/a.wav', 'https://example.com/b.wav']);
    await settle();
    h.calls[0]!.resolve(OK);
    await settle();
    h.queue.clearFinished();
    expect(h.queue.getSnapshot().map((item) => item.name)).toEqual(['https://example.com/b.wav']);
  });

  it('tells subscribers about every change', async () => {
    const h = harness();
    let changes = 0;
    const unsubscribe = h.queue.subscribe(() => (changes += 1));
    h.queue.addUrls(['https://example.com/a.wav']);
    await settle();
    expect(changes).toBeGreaterThanOrEqual(2);
    unsubscribe();
    const before = changes;
    h.calls[0]!.resolve(OK);
    await settle();
    expect(changes).toBe(before);
  });
});
