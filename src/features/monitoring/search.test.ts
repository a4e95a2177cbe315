import { describe, expect, it } from 'vitest';
import { activeFilterCount, compactSearch, exactDayOverridesRange, listParams, validateMonitoringSearch } from './search';

describe('validateMonitoringSearch', () => {
  it('keeps valid filters', () => {
    expect(validateMonitoringSearch({ status: 'licensed', music: 'no', from: '2026-07-01', to: '2026-07-31' })).toEqual({
      status: 'licensed',
      music: 'no',
      date: undefined,
      from: '2026-07-01',
      to: '2026-07-31',
    });
  });

  it('drops each invalid value on its own', () => {
    expect(validateMonitoringSearch({ status: 'approved', music: 'maybe', date: '2026-02-30', from: '07-01-2026', to: 20260731 })).toEqual({
      status: undefined,
      music: undefined,
      date: undefined,
      from: undefined,
      to: undefined,
    });
    expect(validateMonitoringSearch(undefined)).toEqual({ status: undefined, music: undefined, date: undefined, from: undefined, to: undefined });
  });
});

describe('the exact day and the range', () => {
  it('sends only the exact day when both are set, and says so', () => {
    const search = validateMonitoringSearch({ date: '2026-07-04', from: '2026-07-01', to: '2026-07-31' });
    expect(exactDayOverridesRange(search)).toBe(true);
    expect(listParams(search)).toEqual({
      status: undefined,
      music_detected: undefined,
      date_uploaded: '2026-07-04',
      date_uploaded_from: undefined,
      date_uploaded_to: undefined,
    });
  });

  it('sends the range when there is no exact day', () => {
    const search = validateMonitoringSearch({ from: '2026-07-01', music: 'yes' });
    expect(exactDayOverridesRange(search)).toBe(false);
    expect(listParams(search)).toMatchObject({ music_detected: true, date_uploaded_from: '2026-07-01', date_uploaded_to: undefined });
    expect(activeFilterCount(search)).toBe(2);
    expect(compactSearch(search)).toEqual({ from: '2026-07-01', music: 'yes' });
  });
});
