import { describe, expect, it } from 'vitest';
import { normaliseIsrc, normaliseIswc } from './identifiers';
import { listParamsOf, validateAssetsSearch } from './search';

describe('asset list filters in the URL', () => {
  it('keeps valid filters and maps them to list parameters', () => {
    const search = validateAssetsSearch({ status: 'failed', tracked: 'yes', isrc: ['GB-NWR-26-00001', 'usrc17607839'] });
    expect(search).toEqual({ status: 'failed', tracked: 'yes', isrc: ['GBNWR2600001', 'USRC17607839'] });
    expect(listParamsOf(search)).toEqual({ status: 'failed', is_tracked: true, isrc: ['GBNWR2600001', 'USRC17607839'] });
    expect(listParamsOf(validateAssetsSearch({ tracked: 'no' })).is_tracked).toBe(false);
  });

  it('drops malformed values one by one instead of failing', () => {
    expect(validateAssetsSearch({ status: 'pending', tracked: 'maybe', isrc: 42 })).toEqual({});
    expect(validateAssetsSearch({ status: 'sampled', isrc: ['nonsense', 'GBNWR2600001', 'GBNWR2600001'] })).toEqual({
      status: 'sampled',
      isrc: ['GBNWR2600001'],
    });
    expect(validateAssetsSearch({ isrc: 'GBNWR2600001,USRC17607839' }).isrc).toEqual(['GBNWR2600001', 'USRC17607839']);
  });

  it('caps the number of ISRCs', () => {
    const many = Array.from({ length: 30 }, (_, i) => `GBNWR26${String(i).padStart(5, '0')}`);
    expect(validateAssetsSearch({ isrc: many }).isrc).toHaveLength(20);
  });
});

describe('identifiers', () => {
  it('normalises ISRCs and refuses what is not one', () => {
    expect(normaliseIsrc(' gb-nwr-26-00001 ')).toBe('GBNWR2600001');
    expect(normaliseIsrc('GBNWR260000')).toBeNull();
    expect(normaliseIsrc('12NWR2600001')).toBeNull();
  });

  it('normalises ISWCs to their display form', () => {
    expect(normaliseIswc('T1234567890')).toBe('T-123.456.789-0');
    expect(normaliseIswc('t-123.456.789-0')).toBe('T-123.456.789-0');
    expect(normaliseIswc('T-123.456.789')).toBeNull();
  });
});
