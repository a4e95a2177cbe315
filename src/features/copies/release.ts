import type { Id } from '../../api/ids';
import type { Asset, ExcludedSegment } from '../../api/schemas/discovery';
import type { Segment } from '../../lib/segments';
import { isFullyExcluded, mergeExcluded } from '../../lib/segments';

// "Release and exclude": mark a copy as a false positive and add the matched stretch of the asset
// to the asset's excluded segments, so the same audio stops producing copies. Two platform calls,
// each a visible step that can be retried on its own; both are safe to repeat (adding a status the
// copy already holds changes nothing, and the exclusion merges into what the asset already has).

export type StepKey = 'status' | 'exclude';
export type StepState = 'pending' | 'running' | 'done' | 'failed';
export type ReleaseStep = { key: StepKey; state: StepState; error: unknown; detail: string | null };
export type ReleaseSteps = Record<StepKey, ReleaseStep>;

export type ReleaseInput = {
  matchId: Id;
  assetId: Id;
  falsePositiveCode: Id;
  /** The matched ranges of the asset, in seconds. */
  assetSegments: readonly Segment[];
};

export type ReleaseDeps = {
  addStatus: (matchId: Id, code: Id) => Promise<unknown>;
  /** A fresh read of the asset (never the cache), so the merge starts from the current list. */
  getAsset: (assetId: Id) => Promise<Asset>;
  patchExcluded: (assetId: Id, excluded: ExcludedSegment[]) => Promise<unknown>;
};

export function initialSteps(): ReleaseSteps {
  return {
    status: { key: 'status', state: 'pending', error: null, detail: null },
    exclude: { key: 'exclude', state: 'pending', error: null, detail: null },
  };
}

/** The asset's excluded segments after the release, or null when nothing needs to change. */
export function excludedAfterRelease(asset: Asset, segments: readonly Segment[]): ExcludedSegment[] | null {
  if (segments.length === 0) return null;
  if (isFullyExcluded(asset.excluded_segments, segments)) return null;
  return mergeExcluded(asset.excluded_segments, segments);
}

/**
 * Runs every step that is not done yet, in order, reporting each change. A failed step does not
 * stop the other: each is independent and keeps its own error for a retry.
 */
export async function runRelease(input: ReleaseInput, steps: ReleaseSteps, deps: ReleaseDeps, onChange: (steps: ReleaseSteps) => void): Promise<ReleaseSteps> {
  let current = steps;
  const set = (key: StepKey, patch: Partial<ReleaseStep>) => {
    current = { ...current, [key]: { ...current[key], ...patch } };
    onChange(current);
  };

  if (current.status.state !== 'done') {
    set('status', { state: 'running', error: null });
    try {
      await deps.addStatus(input.matchId, input.falsePositiveCode);
      set('status', { state: 'done' });
    } catch (error) {
      set('status', { state: 'failed', error });
    }
  }

  if (current.exclude.state !== 'done') {
    set('exclude', { state: 'running', error: null });
    try {
      const asset = await deps.getAsset(input.assetId);
      const next = excludedAfterRelease(asset, input.assetSegments);
      if (next === null) {
        set('exclude', { state: 'done', detail: input.assetSegments.length === 0 ? 'No matched asset segments to exclude.' : 'Already excluded; nothing to change.' });
      } else {
        await deps.patchExcluded(input.assetId, next);
        set('exclude', { state: 'done', detail: `${next.length} excluded range${next.length === 1 ? '' : 's'} on the asset now.` });
      }
    } catch (error) {
      set('exclude', { state: 'failed', error });
    }
  }
  return current;
}
