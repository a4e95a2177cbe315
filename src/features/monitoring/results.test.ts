import { describe, expect, it } from 'vitest';
import type { MonitoringResult } from '../../api/schemas/discovery';
import { makeItem } from './fixtures.test-util';
import { groupPages, groupResults, nextOffset, postLabel, withStatus } from './results';

// Pages as the platform sends them with limit 2: page 2 starts by repeating result 20 (two matches),
// the last group of page 1, as the spec warns; page 3 is short and ends the list.
const page1 = [makeItem('10', '101'), makeItem('20', '201'), makeItem('20', '202')];
const page2 = [makeItem('20', '201'), makeItem('20', '202'), makeItem('30', '301'), makeItem('40', '')];
const page3 = [makeItem('50', '501')];

const keysOf = (groups: ReturnType<typeof groupResults>) => groups.flatMap((g) => g.rowKeys);

describe('groupPages', () => {
  it('groups items by result in list order, one row per match', () => {
    const groups = groupPages([page1]);
    expect(groups.map((g) => g.resultId)).toEqual(['10', '20']);
    expect(groups[1]!.matches.map((m) => m.match_id)).toEqual(['201', '202']);
    expect(keysOf(groups)).toEqual(['10:101', '20:201', '20:202']);
  });

  it('drops the group a page repeats from the one before, keeping every row once', () => {
    const groups = groupPages([page1, page2, page3]);
    expect(groups.map((g) => g.resultId)).toEqual(['10', '20', '30', '40', '50']);
    const keys = keysOf(groups);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(['10:101', '20:201', '20:202', '30:301', '50:501']);
  });

  it('keeps a result without a match as a post with no rows', () => {
    const group = groupPages([page2]).find((g) => g.resultId === '40')!;
    expect(group.matches).toEqual([]);
    expect(group.status).toBe('');
  });

  it('still keeps a match the repeat brings that the earlier page did not have', () => {
    const groups = groupPages([[makeItem('20', '201')], [makeItem('20', '201'), makeItem('20', '202')]]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.rowKeys).toEqual(['20:201', '20:202']);
  });
});

describe('nextOffset', () => {
  it('advances by the limit in result groups while pages are full, even when a page repeats items', () => {
    expect(nextOffset(page1, 0, 2)).toBe(2);
    expect(nextOffset(page2, 2, 2)).toBe(4);
  });

  it('stops on a short page and on an empty one', () => {
    expect(nextOffset(page3, 4, 2)).toBeUndefined();
    expect(nextOffset([], 4, 2)).toBeUndefined();
  });

  it('walks a whole list page by page until the short page', () => {
    const pages = [page1, page2, page3];
    const fetched: MonitoringResult[][] = [];
    let offset: number | undefined = 0;
    while (offset !== undefined) {
      const page: MonitoringResult[] = pages[offset / 2] ?? [];
      fetched.push(page);
      offset = nextOffset(page, offset, 2);
    }
    expect(fetched).toHaveLength(3);
    expect(groupPages(fetched)).toHaveLength(5);
  });
});

describe('withStatus and postLabel', () => {
  it('sets the status on every item of the results, leaving other pages untouched', () => {
    const pages = [page1, page3];
    const next = withStatus(pages, new Set(['20']), 'licensed');
    expect(next[0]!.filter((i) => i.result_id === '20').map((i) => i.status)).toEqual(['licensed', 'licensed']);
    expect(next[0]![0]).toBe(page1[0]);
    expect(next[1]).toBe(page3);
  });

  it('names a post by account, platform and post id', () => {
    expect(postLabel(makeItem('10', '101'))).toBe('@account10 on tiktok (tt:10)');
    expect(postLabel(makeItem('11', '1', { account_name: '', post_gid: '' }))).toBe('Result 11 on tiktok');
  });
});
