import type { Id } from '../../api/ids';
import { dedupeMonitoringResults, monitoringItemKey, nextMonitoringOffset } from '../../api/pagination';
import type { MonitoringMatch, MonitoringResult, MonitoringResultStatus } from '../../api/schemas/discovery';

// The list shows one post (result_id) with one row per match. Pages count result groups and may
// repeat the previous page's last group, so items are deduplicated by result_id + match_id across
// every page before they are grouped.

/** Result groups per page (the platform's default). */
export const PAGE_LIMIT = 100;

export type ResultGroup = {
  resultId: Id;
  /** The post's fields (the same on every item of a result). */
  post: Omit<MonitoringResult, 'match' | 'status'>;
  status: MonitoringResultStatus;
  matches: MonitoringMatch[];
  /** result_id:match_id of each row, for the DOM and tests. */
  rowKeys: string[];
};

/** Groups items by result_id in first-seen order (the list's order, newest upload first). */
export function groupResults(items: readonly MonitoringResult[]): ResultGroup[] {
  const groups = new Map<string, ResultGroup>();
  for (const item of dedupeMonitoringResults(items)) {
    const { match, status, ...post } = item;
    let group = groups.get(item.result_id);
    if (!group) {
      group = { resultId: item.result_id, post, status, matches: [], rowKeys: [] };
      groups.set(item.result_id, group);
    }
    if (match) {
      group.matches.push(match);
      group.rowKeys.push(monitoringItemKey(item));
    }
  }
  return [...groups.values()];
}

/** Every loaded page as groups: the pages' items in order, repeats across pages dropped. */
export function groupPages(pages: ReadonlyArray<readonly MonitoringResult[]>): ResultGroup[] {
  return groupResults(pages.flat());
}

/** getNextPageParam of the infinite query: offset + limit, or undefined after a short page. */
export function nextOffset(lastPage: readonly MonitoringResult[], lastOffset: number, limit = PAGE_LIMIT): number | undefined {
  return nextMonitoringOffset(lastPage, lastOffset, limit);
}

/** How a post is named in messages: "@chloe29 on tiktok (tt:7030…)". */
export function postLabel(post: Pick<MonitoringResult, 'account_name' | 'platform' | 'post_gid' | 'result_id'>): string {
  const account = post.account_name.trim();
  const who = account ? `@${account.length > 40 ? `${account.slice(0, 39)}…` : account}` : `Result ${post.result_id}`;
  return `${who} on ${post.platform || 'an unknown platform'}${post.post_gid ? ` (${post.post_gid})` : ''}`;
}

/** Pages with every item of the given results set to `status` (a new array only where something changed). */
export function withStatus<P extends readonly MonitoringResult[]>(
  pages: readonly P[],
  resultIds: ReadonlySet<string>,
  status: MonitoringResultStatus | ((resultId: string) => MonitoringResultStatus | undefined),
): P[] {
  return pages.map((page) => {
    let changed = false;
    const next = page.map((item) => {
      if (!resultIds.has(item.result_id)) return item;
      const value = typeof status === 'function' ? status(item.result_id) : status;
      if (value === undefined || value === item.status) return item;
      changed = true;
      return { ...item, status: value };
    });
    return (changed ? next : page) as P;
  });
}
