import { describe, expect, it } from 'vitest';
import { lookupIdSchema, MAX_RECENT_LOOKUPS, parseRecent, withRecent, type RecentLookup } from './recent';
import { lookupSummary } from './queries';
import { searchResponseSchema } from '../../api';

const entry = (lookupId: string): RecentLookup => ({ lookupId, openedAt: '2026-11-20T10:00:00.000Z', summary: '1 match' });

describe('recent lookups', () => {
  it('puts the newest first, once per id, and keeps at most the cap', () => {
    let list: RecentLookup[] = [];
    for (let i = 0; i < MAX_RECENT_LOOKUPS + 3; i++) list = withRecent(list, entry(`lk_${i}`));
    expect(list).toHaveLength(MAX_RECENT_LOOKUPS);
    expect(list[0]!.lookupId).toBe(`lk_${MAX_RECENT_LOOKUPS + 2}`);
    list = withRecent(list, entry('lk_5'));
    expect(list[0]!.lookupId).toBe('lk_5');
    expect(list.filter((item) => item.lookupId === 'lk_5')).toHaveLength(1);
  });

  it('treats unreadable storage as an empty list', () => {
    expect(parseRecent(null)).toEqual([]);
    expect(parseRecent('{not json')).toEqual([]);
    expect(parseRecent('[{"lookupId": 3}]')).toEqual([]);
    expect(parseRecent(JSON.stringify([entry('lk_a')]))).toEqual([entry('lk_a')]);
  });
});

describe('lookupIdSchema', () => {
  it('trims, and refuses empty ids and ids with spaces', () => {
    expect(lookupIdSchema.parse('  lk_matching_01 ')).toBe('lk_matching_01');
    expect(lookupIdSchema.safeParse('   ').success).toBe(false);
    expect(lookupIdSchema.safeParse('lk 01').error?.issues[0]?.message).toMatch(/no spaces/);
  });
});

describe('lookupSummary', () => {
  const base = { lookup_ids: ['lk'], query_file_duration_seconds: 95 };
  it('says what the lookup holds', () => {
    expect(lookupSummary(searchResponseSchema.parse({ ...base, matches: null, content_classification: { music: [], speech: [], silence: [] } }))).toBe('classification only');
    expect(lookupSummary(searchResponseSchema.parse({ ...base, matches: [{ asset: { title: 'A', id: 'trk_1' }, match_details: {} }] }))).toBe('1 match');
    expect(lookupSummary(searchResponseSchema.parse({ ...base, matches: [], content_classification: { music: [], speech: [], silence: [] } }))).toBe('0 matches · classification');
  });
});
