import type { Id } from './ids';
import type { Copy, MonitoringResult } from './schemas/discovery';

/** The platform's default (and, for copies, largest) page size. */
export const DEFAULT_PAGE_SIZE = 100;

/**
 * Cursor of the id-ordered lists (newest first): the next page asks max_id = the last row's id
 * (exclusive). Undefined when the page was short, so there is nothing after it.
 */
export function nextMaxId<T>(rows: readonly T[], idOf: (row: T) => Id, pageSize = DEFAULT_PAGE_SIZE): Id | undefined {
  const last = rows.at(-1);
  if (last === undefined || rows.length < pageSize) return undefined;
  return idOf(last);
}

/** nextMaxId for copies pages. */
export function nextCopiesMaxId(rows: readonly Copy[], count = DEFAULT_PAGE_SIZE): Id | undefined {
  return nextMaxId(rows, (copy) => copy.match_id, count);
}

/** One monitoring item is one result with one match (or none): unique by result_id plus match_id. */
export function monitoringItemKey(item: MonitoringResult): string {
  return `${item.result_id}:${item.match?.match_id ?? ''}`;
}

/** Items in first-seen order without repeats (pages may repeat a result from the previous one). */
export function dedupeMonitoringResults(items: readonly MonitoringResult[]): MonitoringResult[] {
  const seen = new Set<string>();
  const out: MonitoringResult[] = [];
  for (const item of items) {
    const key = monitoringItemKey(item);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

export type MonitoringCollection = {
  /** Everything collected so far, deduplicated. */
  items: MonitoringResult[];
  /** Items of this page not seen before. */
  added: MonitoringResult[];
  /** Offset of the next page, or undefined when this page ended the list. */
  nextOffset: number | undefined;
};

/**
 * Adds a monitoring page fetched at `offset` with `limit` to what was collected. limit/offset
 * count result_id groups; the list ends when a page brings fewer than `limit` items.
 */
export function collectMonitoringPage(
  collected: readonly MonitoringResult[],
  page: readonly MonitoringResult[],
  { offset, limit = DEFAULT_PAGE_SIZE }: { offset: number; limit?: number },
): MonitoringCollection {
  const seen = new Set(collected.map(monitoringItemKey));
  const added = dedupeMonitoringResults(page).filter((item) => !seen.has(monitoringItemKey(item)));
  return { items: [...collected, ...added], added, nextOffset: nextMonitoringOffset(page, offset, limit) };
}

/** For infinite queries: the next offset, or undefined at the end. */
export function nextMonitoringOffset(page: readonly MonitoringResult[], offset: number, limit = DEFAULT_PAGE_SIZE): number | undefined {
  return page.length < limit ? undefined : offset + limit;
}
