import { describe, expect, it } from 'vitest';
import type { Id } from '../../api/ids';
import { ApiError } from '../../api/errors';
import { assetSchema } from '../../api/schemas/discovery';
import type { Asset, ExcludedSegment } from '../../api/schemas/discovery';
import { initialSteps, runRelease } from './release';
import type { ReleaseSteps } from './release';

function asset(excluded: ExcludedSegment[]): Asset {
  return assetSchema.parse({
    asset_id: '42',
    title: 'Song',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    production_date: '2026-01-01',
    collection_ids: [],
    reference_ids: [],
    is_tracked: true,
    tracked_from: '',
    media_type: 'audio',
    match_types: ['audio'],
    duration: 200,
    processing_status: { status: 'sampled', error: '' },
    music: { iswcs: [], isrcs: [], artist: 'A', album: 'B' },
    excluded_segments: excluded,
  });
}

const input = { matchId: '7' as Id, assetId: '42' as Id, falsePositiveCode: '13' as Id, assetSegments: [{ start: 10, end: 40 }] };
const fail = () => new ApiError({ status: 503, message: 'maintenance', kind: 'http', iface: 'discovery', path: '/x' });

describe('runRelease', () => {
  it('marks the copy and merges the matched range into the asset’s exclusions', async () => {
    const calls: string[] = [];
    let stored: ExcludedSegment[] = [{ lower: 0, upper: 5 }, { lower: 35, upper: 60 }];
    const seen: ReleaseSteps[] = [];
    const steps = await runRelease(
      input,
      initialSteps(),
      {
        addStatus: async (matchId, code) => void calls.push(`status ${matchId} ${code}`),
        getAsset: async () => asset(stored),
        patchExcluded: async (_id, excluded) => {
          calls.push('patch');
          stored = excluded;
        },
      },
      (s) => seen.push(s),
    );
    expect(calls).toEqual(['status 7 13', 'patch']);
    expect(stored).toEqual([{ lower: 0, upper: 5 }, { lower: 10, upper: 60 }]);
    expect(steps.status.state).toBe('done');
    expect(steps.exclude.state).toBe('done');
    expect(seen.map((s) => `${s.status.state}/${s.exclude.state}`)).toEqual(['running/pending', 'done/pending', 'done/running', 'done/done']);
  });

  it('keeps going after a failed step and retries only what failed', async () => {
    let statusFails = true;
    let patches = 0;
    const deps = {
      addStatus: async () => {
        if (statusFails) throw fail();
      },
      getAsset: async () => asset(patches > 0 ? [{ lower: 10, upper: 40 }] : []),
      patchExcluded: async () => void (patches += 1),
    };
    const first = await runRelease(input, initialSteps(), deps, () => {});
    expect(first.status.state).toBe('failed');
    expect(first.status.error).toBeInstanceOf(ApiError);
    expect(first.exclude.state).toBe('done');
    statusFails = false;
    const second = await runRelease(input, first, deps, () => {});
    expect(second.status.state).toBe('done');
    expect(patches).toBe(1);
  });

  it('changes nothing on the asset when the range is already excluded', async () => {
    let patched = false;
    const steps = await runRelease(
      input,
      initialSteps(),
      { addStatus: async () => {}, getAsset: async () => asset([{ lower: 0, upper: 100 }]), patchExcluded: async () => void (patched = true) },
      () => {},
    );
    expect(patched).toBe(false);
    expect(steps.exclude.detail).toMatch(/Already excluded/);
  });
});
