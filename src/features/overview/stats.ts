import type { Id } from '../../api/ids';
import type { Copy, CopyStatus, MatchCategory, MonitoringResult, MonitoringResultStatus } from '../../api/schemas/discovery';
import { MATCH_CATEGORIES, MONITORING_STATUSES } from '../../api/schemas/discovery';
import { parseDate } from '../../lib/format';

// Figures of the overview, computed from the rows the scans brought (pure, so they are tested on
// their own). Counts are of copies, and of monitoring results (posts), not of their matches.

export type Count<K extends string = string> = { key: K; label: string; count: number };

const byCount = <T extends { count: number; label: string }>(a: T, b: T) => b.count - a.count || a.label.localeCompare(b.label);

export const CATEGORY_LABELS: Record<MatchCategory, string> = {
  EC: 'Exact copy',
  FC: 'Full copy',
  PC: 'Partial copy',
  SN: 'Snippet',
  SN30: 'Snippet < 30 s',
  SN10: 'Snippet < 10 s',
  SN5: 'Snippet < 5 s',
};

export const MONITORING_STATUS_LABELS: Record<Exclude<MonitoringResultStatus, ''>, string> = {
  needs_review: 'Needs review',
  reviewed: 'Reviewed',
  licensed: 'Licensed',
  muted: 'Muted',
  removed: 'Removed',
};

function tally<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = keyOf(row);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

export function copiesByPlatform(copies: readonly Copy[]): Count[] {
  return [...tally(copies, (c) => c.platform || 'unknown')].map(([key, count]) => ({ key, label: key, count })).sort(byCount);
}

/** Every category in the spec's order, zero counts included (so the chart's axis never shifts). */
export function copiesByCategory(copies: readonly Copy[]): Count<MatchCategory>[] {
  const counts = tally(copies, (c) => c.match_category);
  return MATCH_CATEGORIES.map((key) => ({ key, label: CATEGORY_LABELS[key], count: counts.get(key) ?? 0 }));
}

/** The Monday (UTC) of the week a timestamp falls in, as YYYY-MM-DD; '' when unreadable. */
export function weekOf(value: string): string {
  const date = parseDate(value);
  if (!date) return '';
  const day = (date.getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day));
  return monday.toISOString().slice(0, 10);
}

/** Rows per week, oldest first, with empty weeks between the first and the last filled in. */
export function perWeek<T>(rows: readonly T[], dateOf: (row: T) => string): Count[] {
  const counts = tally(rows, (row) => weekOf(dateOf(row)));
  counts.delete('');
  const weeks = [...counts.keys()].sort();
  if (weeks.length === 0) return [];
  const out: Count[] = [];
  const last = weeks[weeks.length - 1]!;
  for (let week = weeks[0]!; week <= last; ) {
    out.push({ key: week, label: week, count: counts.get(week) ?? 0 });
    const next = new Date(`${week}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 7);
    week = next.toISOString().slice(0, 10);
  }
  return out;
}

export type StatusBreakdown = {
  /** Copies holding at least one status. */
  reviewed: number;
  notReviewed: number;
  /** Copies per status title (a copy with several statuses counts under each). */
  byStatus: Count[];
};

export function copyStatusBreakdown(copies: readonly Copy[], statuses: readonly CopyStatus[]): StatusBreakdown {
  const titles = new Map(statuses.map((s) => [s.status as string, s.title || `Status ${s.status}`]));
  const counts = new Map<string, number>();
  let reviewed = 0;
  for (const copy of copies) {
    const codes = new Set(copy.user_actions.statuses);
    if (codes.size > 0) reviewed += 1;
    for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  const byStatus = [...counts].map(([key, count]) => ({ key, label: titles.get(key) ?? `Status ${key}`, count })).sort(byCount);
  return { reviewed, notReviewed: copies.length - reviewed, byStatus };
}

/** Results (posts) per status, each result once, in the platform's status order; '' is "no match". */
export function monitoringByStatus(items: readonly MonitoringResult[]): Count[] {
  const statusOf = new Map<string, MonitoringResultStatus>();
  for (const item of items) statusOf.set(item.result_id, item.status);
  const counts = tally([...statusOf.values()], (s) => s);
  const out: Count[] = MONITORING_STATUSES.map((key) => ({ key, label: MONITORING_STATUS_LABELS[key], count: counts.get(key) ?? 0 }));
  const none = counts.get('') ?? 0;
  if (none > 0) out.push({ key: '', label: 'No match', count: none });
  return out;
}

/** Results (posts) per upload week, each result once. */
export function monitoringPerWeek(items: readonly MonitoringResult[]): Count[] {
  const first = new Map<string, MonitoringResult>();
  for (const item of items) if (!first.has(item.result_id)) first.set(item.result_id, item);
  return perWeek([...first.values()], (r) => r.date_uploaded);
}

export type AssetFigure = { assetId: Id; copies: number; views: number };

/** The assets with the most copies and with the most views over their copies, `limit` each. */
export function topAssets(copies: readonly Copy[], limit = 8): { byCopies: AssetFigure[]; byViews: AssetFigure[] } {
  const figures = new Map<Id, AssetFigure>();
  for (const copy of copies) {
    const figure = figures.get(copy.asset_id) ?? { assetId: copy.asset_id, copies: 0, views: 0 };
    figure.copies += 1;
    const views = copy.copy_statistics.views_count;
    if (typeof views === 'number' && Number.isFinite(views)) figure.views += views;
    figures.set(copy.asset_id, figure);
  }
  const all = [...figures.values()];
  const tie = (a: AssetFigure, b: AssetFigure) => (a.assetId < b.assetId ? -1 : 1);
  return {
    byCopies: [...all].sort((a, b) => b.copies - a.copies || tie(a, b)).slice(0, limit),
    byViews: [...all].sort((a, b) => b.views - a.views || tie(a, b)).slice(0, limit),
  };
}
