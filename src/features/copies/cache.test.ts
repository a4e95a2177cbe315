import { describe, expect, it } from 'vitest';
import type { Id } from '../../api/ids';
import { findCopyInPages, patchCopiesInPages, patchCopyInPages, withStatus } from './cache';
import type { CopyPages } from './cache';
import { makeCopy } from './fixtures.test-util';

const pages = (): CopyPages => ({
  pages: [
    [makeCopy('30'), makeCopy('29')],
    [makeCopy('28'), makeCopy('27', { user_actions: { statuses: [40] } })],
  ],
  pageParams: [null, '29' as Id],
});

describe('copy cache edits', () => {
  it('adds and removes a status without duplicates', () => {
    const copy = makeCopy('1');
    const added = withStatus(copy, '40' as Id, true);
    expect(added.user_actions.statuses).toEqual(['40']);
    expect(withStatus(added, '40' as Id, true)).toBe(added);
    expect(withStatus(added, '40' as Id, false).user_actions.statuses).toEqual([]);
  });

  it('changes only the edited copy and its page; everything else keeps its identity', () => {
    const before = pages();
    const after = patchCopyInPages(before, '28' as Id, (c) => withStatus(c, '50' as Id, true))!;
    expect(after).not.toBe(before);
    expect(after.pages[0]).toBe(before.pages[0]);
    expect(after.pages[1]).not.toBe(before.pages[1]);
    expect(after.pages[1]![1]).toBe(before.pages[1]![1]);
    expect(after.pages[1]![0]!.user_actions.statuses).toEqual(['50']);
    expect(after.pageParams).toBe(before.pageParams);
  });

  it('returns the same data when the copy is not loaded or nothing changes', () => {
    const before = pages();
    expect(patchCopyInPages(before, '999' as Id, (c) => withStatus(c, '50' as Id, true))).toBe(before);
    expect(patchCopyInPages(before, '27' as Id, (c) => withStatus(c, '40' as Id, true))).toBe(before);
    expect(patchCopyInPages(undefined, '27' as Id, (c) => c)).toBeUndefined();
  });

  it('patches many copies in one pass', () => {
    const before = pages();
    const after = patchCopiesInPages(before, new Set(['30', '27']), (c) => withStatus(c, '60' as Id, true))!;
    expect(findCopyInPages(after, '30' as Id)!.user_actions.statuses).toEqual(['60']);
    expect(findCopyInPages(after, '27' as Id)!.user_actions.statuses).toEqual(['40', '60']);
    expect(findCopyInPages(after, '29' as Id)).toBe(before.pages[0]![1]);
  });
});
