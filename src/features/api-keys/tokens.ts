import type { ApiKey } from '../../api/schemas/discovery';

const BULLETS = '••••••';

/**
 * A token as the list shows it until revealed: its first four and last three characters around a
 * fixed run of bullets (`sand••••••key`), so keys can be told apart without giving away the token
 * or its length. Tokens too short to spare seven characters are hidden entirely.
 */
export function maskToken(token: string): string {
  if (token.length < 12) return BULLETS;
  return `${token.slice(0, 4)}${BULLETS}${token.slice(-3)}`;
}

export type ApiKeySort = 'created' | 'name';

/** Keys matching `query` (case-insensitive, on the name), newest first or by name. */
export function visibleKeys(keys: readonly ApiKey[], query: string, sort: ApiKeySort): ApiKey[] {
  const needle = query.trim().toLocaleLowerCase();
  const matching = needle ? keys.filter((key) => key.key_name.toLocaleLowerCase().includes(needle)) : [...keys];
  if (sort === 'name') {
    return matching.sort(
      (a, b) => a.key_name.localeCompare(b.key_name, undefined, { sensitivity: 'base' }) || b.created_at.localeCompare(a.created_at),
    );
  }
  // Timestamps of one platform share a format, so their text order is their time order.
  return matching.sort((a, b) => b.created_at.localeCompare(a.created_at));
}
