import { describe, expect, it } from 'vitest';
import { activeFilterCount, toSearchInput, validateCopiesSearch } from './search';

describe('validateCopiesSearch', () => {
  it('keeps valid filters, ids as exact decimal strings', () => {
    expect(
      validateCopiesSearch({
        asset: '9007199254740993',
        status: 40,
        collection: '77',
        platform: ' tiktok ',
        isrc: 'USRC17607839',
        taken: 'yes',
        since: '2026-11-01',
      }),
    ).toEqual({ asset: '9007199254740993', status: '40', collection: '77', platform: 'tiktok', isrc: 'USRC17607839', taken: 'yes', since: '2026-11-01' });
  });

  it('drops each bad parameter on its own and keeps the good ones', () => {
    expect(
      validateCopiesSearch({
        asset: 'abc',
        status: Number('9007199254740993'), // a number beyond 2^53 has already lost digits
        collection: '-5',
        platform: '',
        isrc: 'US-RC',
        taken: 'maybe',
        since: '11-01-2026',
        unknown: 'x',
      }),
    ).toEqual({});
    expect(validateCopiesSearch({ since: '2026-02-30', platform: 'spotify' })).toEqual({ platform: 'spotify' });
  });

  it('counts active filters', () => {
    expect(activeFilterCount(validateCopiesSearch({ platform: 'tiktok', status: '40' }))).toBe(2);
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ junk: 'x' } as never)).toBe(0);
  });
});

describe('toSearchInput', () => {
  it('writes exact small ids as numbers, large ones as strings, and leaves out empty filters', () => {
    const search = validateCopiesSearch({ status: '40', asset: '9007199254740993', platform: 'x', junk: 'y' });
    expect(toSearchInput(search)).toEqual({ status: 40, asset: '9007199254740993', platform: 'x' });
    expect(Object.keys(toSearchInput(search)).sort()).toEqual(['asset', 'platform', 'status']);
  });

  it('lists every filter key so the router cannot fall back to a raw, invalid value', () => {
    expect(Object.keys(validateCopiesSearch({ status: 'nope' })).sort()).toEqual(['asset', 'collection', 'isrc', 'platform', 'since', 'status', 'taken']);
  });
});
