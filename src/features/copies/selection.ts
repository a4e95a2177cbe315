// Row selection of the queue: x toggles one row, Shift+click extends from the last clicked row.

export type Selection = ReadonlySet<string>;

export function toggle(selection: Selection, id: string): Set<string> {
  const next = new Set(selection);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/**
 * Selects every row between the anchor and the target (both included), in the order shown. The
 * range takes the target's new state: selecting when the target was unselected, otherwise clearing.
 */
export function selectRange(selection: Selection, orderedIds: readonly string[], anchorId: string | null, targetId: string): Set<string> {
  const next = new Set(selection);
  const target = orderedIds.indexOf(targetId);
  const anchor = anchorId === null ? -1 : orderedIds.indexOf(anchorId);
  if (target < 0) return next;
  if (anchor < 0) return toggle(selection, targetId);
  const select = !selection.has(targetId);
  const [from, to] = anchor <= target ? [anchor, target] : [target, anchor];
  for (let i = from; i <= to; i += 1) {
    const id = orderedIds[i]!;
    if (select) next.add(id);
    else next.delete(id);
  }
  return next;
}
