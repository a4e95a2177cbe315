import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { parseJson } from '../../api/json';
import { detectionResultSchema } from '../../api/schemas/detector';
import type { HistoryEntry } from './history-store';
import { entryFromFailure, entryFromResult, historyCsv, statusLabel, verdictText, viewHistory, type Submission } from './history';

const submission: Submission = { id: 's1', source: 'file', name: 'song.wav', size: 2048, durationSeconds: 60, submittedAt: '2026-11-21T10:00:00.000Z' };

function row(id: string, submittedAt: string, patch: Partial<HistoryEntry> = {}): HistoryEntry {
  return entryFromResult({ ...submission, id, submittedAt }, detectionResultSchema.parse({ request_id: 1, status: 'ok', message: 'ok', is_ai: false, ai_score: 0.2, predicted_model: null, ...patchToWire(patch) }));
}
function patchToWire(patch: Partial<HistoryEntry>) {
  return { ...(patch.aiScore !== undefined ? { ai_score: patch.aiScore } : {}), ...(patch.isAi !== undefined ? { is_ai: patch.isAi } : {}) };
}

describe('entryFromResult', () => {
  it('copies is_ai as the verdict even when the score points the other way', () => {
    const wire = '{"request_id": 9007199254740993, "status": "ok", "message": "Processed.", "is_ai": false, "ai_score": 0.97, "predicted_model": null}';
    const result = detectionResultSchema.parse(parseJson(wire));
    const entry = entryFromResult(submission, result);
    expect(entry.isAi).toBe(false);
    expect(entry.aiScore).toBe(0.97);
    expect(entry.requestId).toBe('9007199254740993');
  });

  it('keeps the predicted model and its score, and a null model when the platform is not identified', () => {
    const named = entryFromResult(submission, detectionResultSchema.parse({ status: 'ok', message: '', is_ai: true, ai_score: 0.8, predicted_model: 'Suno', predicted_model_score: 0.9 }));
    expect([named.predictedModel, named.predictedModelScore]).toEqual(['Suno', 0.9]);
    const unnamed = entryFromResult(submission, detectionResultSchema.parse({ status: 'ok', message: '', is_ai: true, ai_score: 0.8, predicted_model: null }));
    expect([unnamed.isAi, unnamed.predictedModel, unnamed.predictedModelScore]).toEqual([true, null, null]);
  });

  it('keeps no verdict or score for a non-ok status, only the message', () => {
    const entry = entryFromResult(submission, detectionResultSchema.parse({ request_id: 5, status: 'too_short', message: 'Audio is 5 s long.' }));
    expect(entry).toMatchObject({ status: 'too_short', message: 'Audio is 5 s long.', isAi: null, aiScore: null, predictedModel: null, requestId: '5' });
  });

  it('takes only the submission fields of a queue item', () => {
    const entry = entryFromResult({ ...submission, phase: { kind: 'sending' } } as Submission, detectionResultSchema.parse({ status: 'error', message: 'x' }));
    expect(Object.keys(entry)).not.toContain('phase');
  });
});

describe('entryFromFailure', () => {
  it('records the HTTP status, the request id and a sentence for the user', () => {
    const error = new ApiError({ status: 413, message: 'The file is larger than 100 MB.', kind: 'http', iface: 'detector', path: '/v1/ai-detector/detect', requestId: '77' });
    expect(entryFromFailure(submission, error)).toMatchObject({ status: 'request_failed', httpStatus: 413, requestId: '77', message: 'The file is larger than 100 MB. (request 77)', isAi: null });
  });

  it('has no HTTP status when the server could not be reached', () => {
    const error = new ApiError({ status: 0, message: 'offline', kind: 'network', iface: 'detector', path: '/v1/ai-detector/detect' });
    expect(entryFromFailure(submission, error)).toMatchObject({ httpStatus: null, requestId: null });
  });
});

describe('viewHistory', () => {
  const a = row('a', '2026-11-20T10:00:00.000Z', { aiScore: 0.9, isAi: true });
  const b = row('b', '2026-11-21T10:00:00.000Z', { aiScore: 0.1, isAi: false });
  const c = entryFromResult({ ...submission, id: 'c', submittedAt: '2026-11-22T10:00:00.000Z' }, detectionResultSchema.parse({ status: 'too_short', message: '' }));
  const d = row('d', '2026-11-19T10:00:00.000Z', { aiScore: 0.5, isAi: true });
  const all = [a, b, c, d];
  const ids = (entries: HistoryEntry[]) => entries.map((e) => e.id);

  it('sorts by date either way', () => {
    expect(ids(viewHistory(all, { sort: 'date-desc', verdict: 'all', status: 'all' }))).toEqual(['c', 'b', 'a', 'd']);
    expect(ids(viewHistory(all, { sort: 'date-asc', verdict: 'all', status: 'all' }))).toEqual(['d', 'a', 'b', 'c']);
  });

  it('sorts by score either way, entries without a score last', () => {
    expect(ids(viewHistory(all, { sort: 'score-desc', verdict: 'all', status: 'all' }))).toEqual(['a', 'd', 'b', 'c']);
    expect(ids(viewHistory(all, { sort: 'score-asc', verdict: 'all', status: 'all' }))).toEqual(['b', 'd', 'a', 'c']);
  });

  it('filters by verdict and by status', () => {
    expect(ids(viewHistory(all, { sort: 'date-desc', verdict: 'ai', status: 'all' }))).toEqual(['a', 'd']);
    expect(ids(viewHistory(all, { sort: 'date-desc', verdict: 'not-ai', status: 'all' }))).toEqual(['b']);
    expect(ids(viewHistory(all, { sort: 'date-desc', verdict: 'none', status: 'all' }))).toEqual(['c']);
    expect(ids(viewHistory(all, { sort: 'date-desc', verdict: 'all', status: 'too_short' }))).toEqual(['c']);
    expect(ids(viewHistory(all, { sort: 'date-desc', verdict: 'ai', status: 'too_short' }))).toEqual([]);
  });

  it('does not reorder the array it was given', () => {
    viewHistory(all, { sort: 'score-asc', verdict: 'all', status: 'all' });
    expect(ids(all)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('labels', () => {
  it('names every status and the verdict in words', () => {
    expect(statusLabel('request_failed')).toBe('Request failed');
    expect(statusLabel('not_found')).toBe('URL not reachable');
    expect(verdictText(row('x', '2026-11-20T10:00:00.000Z', { isAi: true }))).toBe('AI-generated');
    expect(verdictText(row('x', '2026-11-20T10:00:00.000Z', { isAi: false }))).toBe('Not AI-generated');
  });
});

describe('historyCsv', () => {
  it('writes a header and one row per entry, guarding formula-like names', () => {
    const entry = entryFromResult(
      { ...submission, name: '=HYPERLINK("x")' },
      detectionResultSchema.parse({ request_id: 12, status: 'ok', message: 'Processed, fine', is_ai: true, ai_score: 0.75, predicted_model: 'Udio', predicted_model_score: 0.6 }),
    );
    const lines = historyCsv([entry]).split('\r\n');
    expect(lines[0]).toBe('submitted_at,source,file_or_url,size_bytes,status,is_ai,ai_score,predicted_model,predicted_model_score,request_id,message');
    expect(lines[1]).toBe(`2026-11-21T10:00:00.000Z,file,"'=HYPERLINK(""x"")",2048,ok,true,0.75,Udio,0.6,12,"Processed, fine"`);
    expect(lines[2]).toBe('');
  });
});
