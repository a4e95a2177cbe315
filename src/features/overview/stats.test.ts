import { describe, expect, it } from 'vitest';
import type { Copy, CopyStatus, MonitoringResult } from '../../api/schemas/discovery';
import { copiesByCategory, copiesByPlatform, copyStatusBreakdown, monitoringByStatus, monitoringPerWeek, perWeek, topAssets, weekOf } from './stats';

// Only the fields the figures read; the rest of a copy does not matter here.
const copy = (platform: string, category: string, createdAt: string, statuses: string[] = [], asset = '1', views?: number) =>
  ({ platform, match_category: category, created_at: createdAt, user_actions: { statuses }, asset_id: asset, copy_statistics: { views_count: views } }) as unknown as Copy;

const result = (resultId: string, status: string, date: string) => ({ result_id: resultId, status, date_uploaded: date }) as unknown as MonitoringResult;

describe('copies figures', () => {
  const copies = [
    copy('youtube', 'EC', '2026-11-02T10:00:00Z', ['10'], 'a', 100),
    copy('youtube', 'SN', '2026-11-03T10:00:00Z', ['10', '40'], 'b', 5000),
    copy('tiktok', 'SN', '2026-11-17T23:59:00Z', [], 'a', undefined),
    copy('', 'PC', 'not a date', [], 'a', 20),
  ];

  it('counts by platform, most first, naming a missing platform', () => {
    expect(copiesByPlatform(copies)).toEqual([
      { key: 'youtube', label: 'youtube', count: 2 },
      { key: 'tiktok', label: 'tiktok', count: 1 },
      { key: 'unknown', label: 'unknown', count: 1 },
    ]);
  });

  it('counts by category in the spec order, zeros included', () => {
    const byCategory = copiesByCategory(copies);
    expect(byCategory.map((c) => c.key)).toEqual(['EC', 'FC', 'PC', 'SN', 'SN30', 'SN10', 'SN5']);
    expect(byCategory.map((c) => c.count)).toEqual([1, 0, 1, 2, 0, 0, 0]);
    expect(byCategory[0]!.label).toBe('Exact copy');
  });

  it('counts per week from Monday, filling empty weeks and skipping unreadable dates', () => {
    expect(weekOf('2026-11-08T23:00:00Z')).toBe('2026-11-02');
    expect(weekOf('2026-11-09')).toBe('2026-11-09');
    expect(weekOf('garbage')).toBe('');
    expect(perWeek(copies, (c) => c.created_at)).toEqual([
      { key: '2026-11-02', label: '2026-11-02', count: 2 },
      { key: '2026-11-09', label: '2026-11-09', count: 0 },
      { key: '2026-11-16', label: '2026-11-16', count: 1 },
    ]);
    expect(perWeek([], (c: Copy) => c.created_at)).toEqual([]);
  });

  it('splits reviewed copies from the rest and counts each status title', () => {
    const statuses = [{ status: '10', title: 'Claimed' }, { status: '40', title: 'Takedown sent' }] as unknown as CopyStatus[];
    expect(copyStatusBreakdown(copies, statuses)).toEqual({
      reviewed: 2,
      notReviewed: 2,
      byStatus: [
        { key: '10', label: 'Claimed', count: 2 },
        { key: '40', label: 'Takedown sent', count: 1 },
      ],
    });
    expect(copyStatusBreakdown([copy('x', 'EC', '', ['99'])], []).byStatus).toEqual([{ key: '99', label: 'Status 99', count: 1 }]);
  });

  it('ranks assets by copies and by views, missing views counting as none', () => {
    const { byCopies, byViews } = topAssets(copies, 1);
    expect(byCopies).toEqual([{ assetId: 'a', copies: 3, views: 120 }]);
    expect(byViews).toEqual([{ assetId: 'b', copies: 1, views: 5000 }]);
  });
});

describe('monitoring figures', () => {
  // Result 1 has two matches (two items): it counts once.
  const items = [
    result('1', 'needs_review', '2026-11-02T10:00:00+00:00'),
    result('1', 'needs_review', '2026-11-02T10:00:00+00:00'),
    result('2', 'licensed', '2026-11-10T10:00:00+00:00'),
    result('3', '', '2026-11-10T12:00:00+00:00'),
  ];

  it('counts results per status once each, with "no match" only when present', () => {
    const counts = monitoringByStatus(items);
    expect(counts.map((c) => [c.key, c.count])).toEqual([
      ['needs_review', 1],
      ['reviewed', 0],
      ['licensed', 1],
      ['muted', 0],
      ['removed', 0],
      ['', 1],
    ]);
    expect(monitoringByStatus(items.slice(0, 3)).some((c) => c.key === '')).toBe(false);
  });

  it('counts results per upload week once each', () => {
    expect(monitoringPerWeek(items).map((c) => [c.key, c.count])).toEqual([
      ['2026-11-02', 1],
      ['2026-11-09', 2],
    ]);
  });
});
