import { describe, expect, it } from 'vitest';
import { selectRange, toggle } from './selection';

const ids = ['a', 'b', 'c', 'd', 'e'];

describe('selection', () => {
  it('toggles one row', () => {
    expect([...toggle(new Set(['a']), 'b')].sort()).toEqual(['a', 'b']);
    expect([...toggle(new Set(['a']), 'a')]).toEqual([]);
  });
  it('selects a range in either direction from the anchor', () => {
    expect([...selectRange(new Set(), ids, 'b', 'd')].sort()).toEqual(['b', 'c', 'd']);
    expect([...selectRange(new Set(['e']), ids, 'd', 'a')].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
  it('clears a range when the target was selected', () => {
    expect([...selectRange(new Set(ids), ids, 'b', 'd')].sort()).toEqual(['a', 'e']);
  });
  it('falls back to a toggle without an anchor on screen', () => {
    expect([...selectRange(new Set(), ids, 'zz', 'c')]).toEqual(['c']);
    expect([...selectRange(new Set(), ids, null, 'c')]).toEqual(['c']);
  });
});
