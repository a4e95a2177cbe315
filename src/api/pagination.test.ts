import { describe, expect, it } from 'vitest';
import { toId } from './ids';
import { collectMonitoringPage, dedupeMonitoringResults, monitoringItemKey, nextCopiesMaxId, nextMaxId, nextMonitoringOffset } from './pagination';
import { monitoringResultSchema, type Copy, type MonitoringResult } from './schemas/discovery';

const item = (resultId: string, matchId: string): MonitoringResult =>
  monitoringResultSchema.parse({
    asset_id: 1,
    result_id: resultId,
    account_name: 'a',
    post_gid: 'tt:1',
    platform: 'tiktok',
    post_url: 'https://t/1',
    date_uploaded: '2024-01-01',
    status: '',
    match: { match_id: matchId, match_identified: 'yes', match_majors: 'no', audio_segments_post: '[]', audio_segments_song: '[]' },
  });

describe('copies cursor', () => {
  const copies = (ids: string[]) => ids.map((id) => ({ match_id: toId(id) }) as Copy);

  it('continues from the last row of a full page', () => {
    expect(nextCopiesMaxId(copies(['9007199254740995', '9007199254740993']), 2)).toBe('9007199254740993');
  });

  it('stops after a short or empty page', () => {
    expect(nextCopiesMaxId(copies(['30', '20']), 3)).toBeUndefined();
    expect(nextCopiesMaxId([], 100)).toBeUndefined();
  });

  it('works for any id-ordered list', () => {
    expect(nextMaxId([{ id: toId('5') }, { id: toId('4') }], (r) => r.id, 2)).toBe('4');
  });
});

describe('monitoring pages', () => {
  it('keys items by result_id plus match_id; a result without a match has one item', () => {
    expect(monitoringItemKey(item('7', '8'))).toBe('7:8');
    expect(monitoringItemKey(item('7', ''))).toBe('7:');
    expect(dedupeMonitoringResults([item('7', ''), item('7', '')])).toHaveLength(1);
  });

  it('drops an item repeated from the previous page but keeps another match of the same result', () => {
    const page1 = [item('3', '30'), item('2', '20')];
    const page2 = [item('2', '20'), item('2', '21'), item('1', '10')];
    const first = collectMonitoringPage([], page1, { offset: 0, limit: 2 });
    expect(first.nextOffset).toBe(2);
    const second = collectMonitoringPage(first.items, page2, { offset: 2, limit: 2 });
    expect(second.items.map(monitoringItemKey)).toEqual(['3:30', '2:20', '2:21', '1:10']);
    expect(second.added.map(monitoringItemKey)).toEqual(['2:21', '1:10']);
    // Three items for limit 2 (a result with two matches): the list may go on.
    expect(second.nextOffset).toBe(4);
  });

  it('ends when a page brings fewer items than limit', () => {
    expect(collectMonitoringPage([], [item('1', '1')], { offset: 4, limit: 2 }).nextOffset).toBeUndefined();
    expect(nextMonitoringOffset([], 0, 100)).toBeUndefined();
    expect(nextMonitoringOffset([item('1', '1'), item('2', '2')], 10, 2)).toBe(12);
  });

  it('dedupes within one list, first seen wins', () => {
    const a = item('1', '1');
    expect(dedupeMonitoringResults([a, item('1', '1'), item('1', '2')]).map(monitoringItemKey)).toEqual(['1:1', '1:2']);
    expect(dedupeMonitoringResults([a, item('1', '1')])[0]).toBe(a);
  });
});
