import type { DetectionResult } from '../../api/schemas/detector';
import { describeError, isApiError } from '../../api/errors';
import { csvFromRecords, type CsvColumn } from '../../lib/csv';
import type { HistoryEntry, HistoryStatus } from './history-store';
import { STATUS_EXPLANATIONS } from './statuses';

// History rows: how a result becomes a row, and the table's sort, filters and CSV.

export type Submission = {
  id: string;
  source: 'file' | 'url';
  name: string;
  size: number | null;
  durationSeconds: number | null;
  submittedAt: string;
};

/** Only the submission's own fields: a queue item passed in carries its phase and check notes too. */
function submissionFields({ id, source, name, size, durationSeconds, submittedAt }: Submission): Submission {
  return { id, source, name, size, durationSeconds, submittedAt };
}

/** The row of a detector answer. is_ai is copied as given: the verdict is never derived from the score. */
export function entryFromResult(submission: Submission, result: DetectionResult): HistoryEntry {
  const ok = result.status === 'ok';
  return {
    ...submissionFields(submission),
    status: result.status,
    message: result.message,
    isAi: ok ? (result.is_ai ?? null) : null,
    aiScore: ok ? (result.ai_score ?? null) : null,
    predictedModel: ok ? result.predicted_model : null,
    predictedModelScore: ok && result.predicted_model !== null ? (result.predicted_model_score ?? null) : null,
    requestId: result.request_id ?? null,
    httpStatus: null,
  };
}

/** The row of a call that failed (HTTP error after the retries, network, …). */
export function entryFromFailure(submission: Submission, error: unknown): HistoryEntry {
  return {
    ...submissionFields(submission),
    status: 'request_failed',
    message: describeError(error),
    isAi: null,
    aiScore: null,
    predictedModel: null,
    predictedModelScore: null,
    requestId: isApiError(error) ? (error.requestId ?? null) : null,
    httpStatus: isApiError(error) && error.status > 0 ? error.status : null,
  };
}

export const HISTORY_SORTS = ['date-desc', 'date-asc', 'score-desc', 'score-asc'] as const;
export type HistorySort = (typeof HISTORY_SORTS)[number];
export const VERDICT_FILTERS = ['all', 'ai', 'not-ai', 'none'] as const;
export type VerdictFilter = (typeof VERDICT_FILTERS)[number];
export type StatusFilter = HistoryStatus | 'all';

export type HistoryView = { sort: HistorySort; verdict: VerdictFilter; status: StatusFilter };

export function matchesVerdict(entry: HistoryEntry, verdict: VerdictFilter): boolean {
  switch (verdict) {
    case 'all':
      return true;
    case 'ai':
      return entry.isAi === true;
    case 'not-ai':
      return entry.isAi === false;
    case 'none':
      return entry.isAi === null;
  }
}

/** Entries without a score go last in either score order; ties fall back to newest first. */
export function compareEntries(sort: HistorySort): (a: HistoryEntry, b: HistoryEntry) => number {
  const newestFirst = (a: HistoryEntry, b: HistoryEntry) => b.submittedAt.localeCompare(a.submittedAt) || b.id.localeCompare(a.id);
  switch (sort) {
    case 'date-desc':
      return newestFirst;
    case 'date-asc':
      return (a, b) => -newestFirst(a, b);
    case 'score-desc':
    case 'score-asc': {
      const direction = sort === 'score-desc' ? -1 : 1;
      return (a, b) => {
        if (a.aiScore === null || b.aiScore === null) {
          if (a.aiScore === b.aiScore) return newestFirst(a, b);
          return a.aiScore === null ? 1 : -1;
        }
        return direction * (a.aiScore - b.aiScore) || newestFirst(a, b);
      };
    }
  }
}

export function viewHistory(entries: readonly HistoryEntry[], view: HistoryView): HistoryEntry[] {
  return entries
    .filter((entry) => matchesVerdict(entry, view.verdict) && (view.status === 'all' || entry.status === view.status))
    .sort(compareEntries(view.sort));
}

export function statusLabel(status: HistoryStatus): string {
  return status === 'request_failed' ? 'Request failed' : STATUS_EXPLANATIONS[status].label;
}

export function verdictText(entry: HistoryEntry): string {
  if (entry.isAi === true) return 'AI-generated';
  if (entry.isAi === false) return 'Not AI-generated';
  return '';
}

const HISTORY_COLUMNS: CsvColumn<HistoryEntry>[] = [
  { header: 'submitted_at', value: (e) => e.submittedAt },
  { header: 'source', value: (e) => e.source },
  { header: 'file_or_url', value: (e) => e.name },
  { header: 'size_bytes', value: (e) => e.size },
  { header: 'status', value: (e) => e.status },
  { header: 'is_ai', value: (e) => e.isAi },
  { header: 'ai_score', value: (e) => e.aiScore },
  { header: 'predicted_model', value: (e) => e.predictedModel },
  { header: 'predicted_model_score', value: (e) => e.predictedModelScore },
  { header: 'request_id', value: (e) => e.requestId },
  { header: 'message', value: (e) => e.message },
];

export function historyCsv(entries: readonly HistoryEntry[]): string {
  return csvFromRecords(HISTORY_COLUMNS, entries);
}
