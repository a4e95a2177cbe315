import { describe, expect, it } from 'vitest';
import { activeFilterCount, validateCopiesSearch } from './search';

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
  });
});
