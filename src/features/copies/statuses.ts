import type { Id } from '../../api/ids';
import type { CopyStatus } from '../../api/schemas/discovery';
import { BUILT_IN_COPY_STATUSES, MAX_CUSTOM_COPY_STATUSES } from '../../api/schemas/discovery';
import type { MantineColor } from '@mantine/core';

// The copy status vocabulary as the triage screen uses it: the order of the keyboard legend, short
// labels for badges, colours, and the custom-status limit.

/** Built-ins in the order a reviewer reaches for them; keys 1–9 follow this order, customs after. */
export const LEGEND_ORDER: readonly string[] = ['40', '50', '60', '13', '10', '11', '12', '30', '70', '71', '72'];

export const FALSE_POSITIVE_CODES: readonly string[] = ['13', '10', '11', '12'];
export const DEFAULT_FALSE_POSITIVE = '13';

const SHORT_LABELS: Readonly<Record<string, string>> = {
  '10': 'FP - Cover',
  '11': 'FP - Missing Audio',
  '12': 'FP - Missing Video',
  '13': 'FP - Not My Content',
  '30': 'Externally Actioned',
  '40': 'Infringing',
  '50': 'Fair Use',
  '60': 'For Further Review',
  '70': 'Claim Attempted',
  '71': 'Takedown Attempted',
  '72': 'Takedown Retraction',
};

const COLORS: Readonly<Record<string, MantineColor>> = {
  '10': 'teal',
  '11': 'teal',
  '12': 'teal',
  '13': 'teal',
  '30': 'gray',
  '40': 'red',
  '50': 'green',
  '60': 'yellow',
  '70': 'orange',
  '71': 'orange',
  '72': 'orange',
};

export function isBuiltInStatus(code: string): boolean {
  return Object.hasOwn(BUILT_IN_COPY_STATUSES, code);
}

export type StatusEntry = {
  code: Id;
  title: string;
  short: string;
  builtIn: boolean;
  color: MantineColor;
  /** 1–9 for the first nine of the legend, otherwise null. */
  hotkey: number | null;
};

/**
 * The organisation's statuses in legend order: built-ins first (in LEGEND_ORDER, then any other
 * built-in the platform lists), then custom ones by code. Titles come from the platform's list.
 */
export function buildLegend(statuses: readonly CopyStatus[]): StatusEntry[] {
  const rank = (code: string) => {
    const index = LEGEND_ORDER.indexOf(code);
    if (index >= 0) return index;
    return isBuiltInStatus(code) ? LEGEND_ORDER.length : LEGEND_ORDER.length + 1;
  };
  const sorted = [...statuses].sort((a, b) => {
    const byRank = rank(a.status) - rank(b.status);
    if (byRank !== 0) return byRank;
    return BigInt(a.status) < BigInt(b.status) ? -1 : BigInt(a.status) > BigInt(b.status) ? 1 : 0;
  });
  return sorted.map((status, index) => {
    const builtIn = isBuiltInStatus(status.status);
    const title = status.title || BUILT_IN_COPY_STATUSES[status.status] || `Status ${status.status}`;
    return {
      code: status.status,
      title,
      short: builtIn ? (SHORT_LABELS[status.status] ?? title) : title,
      builtIn,
      color: COLORS[status.status] ?? 'blue',
      hotkey: index < 9 ? index + 1 : null,
    };
  });
}

/** Label of a code for badges, also for codes the organisation's list no longer has (deleted custom). */
export function statusLabel(code: string, legend: readonly StatusEntry[]): string {
  const entry = legend.find((e) => e.code === code);
  if (entry) return entry.short;
  if (isBuiltInStatus(code)) return SHORT_LABELS[code] ?? BUILT_IN_COPY_STATUSES[code] ?? code;
  return `Status ${code}`;
}

export function statusTitle(code: string, legend: readonly StatusEntry[]): string {
  return legend.find((e) => e.code === code)?.title ?? BUILT_IN_COPY_STATUSES[code] ?? `Status ${code}`;
}

export function statusColor(code: string, legend: readonly StatusEntry[]): MantineColor {
  return legend.find((e) => e.code === code)?.color ?? COLORS[code] ?? 'blue';
}

export function customStatusCount(statuses: readonly CopyStatus[]): number {
  return statuses.filter((s) => !isBuiltInStatus(s.status)).length;
}

/** Why a new custom status cannot be created, or null when it can. Checked before calling the API. */
export function customStatusRefusal(statuses: readonly CopyStatus[], title: string): string | null {
  const trimmed = title.trim();
  if (customStatusCount(statuses) >= MAX_CUSTOM_COPY_STATUSES) {
    return `Your organisation already has ${MAX_CUSTOM_COPY_STATUSES} custom statuses, the most the platform allows. Delete one before creating another.`;
  }
  if (trimmed === '') return 'Give the status a title.';
  if (trimmed.length > 100) return 'Keep the title to 100 characters or fewer.';
  if (statuses.some((s) => s.title.trim().toLowerCase() === trimmed.toLowerCase())) return `A status called “${trimmed}” already exists.`;
  return null;
}
