import { describe, expect, it } from 'vitest';
import type { ApiKey } from '../../api/schemas/discovery';
import { maskToken, visibleKeys } from './tokens';

describe('maskToken', () => {
  it('keeps four leading and three trailing characters around a fixed run of bullets', () => {
    expect(maskToken('sandbox-demo-key')).toBe('sand••••••key');
    expect(maskToken('a'.repeat(64))).toBe('aaaa••••••aaa');
  });

  it('does not reveal the length of the token', () => {
    expect(maskToken('abcd1234567890xyz').length).toBe(maskToken('abcd12345678901234567890xyz').length);
  });

  it('hides short tokens completely', () => {
    expect(maskToken('short')).toBe('••••••');
    expect(maskToken('abcdefghijk')).toBe('••••••');
    expect(maskToken('')).toBe('••••••');
  });
});

const key = (key_name: string, created_at: string, token = `${key_name}-token-000000`): ApiKey => ({ key_name, created_at, token });

describe('visibleKeys', () => {
  const keys = [
    key('Ingest bot', '2026-03-01T10:00:00.000Z'),
    key('alpha', '2026-05-01T10:00:00.000Z'),
    key('Zeta reports', '2026-01-01T10:00:00.000Z'),
    key('Alpha', '2026-02-01T10:00:00.000Z', 'second-alpha-token'),
  ];

  it('lists newest first by default', () => {
    expect(visibleKeys(keys, '', 'created').map((k) => k.created_at.slice(0, 7))).toEqual(['2026-05', '2026-03', '2026-02', '2026-01']);
  });

  it('sorts by name ignoring case, newest first among equal names', () => {
    expect(visibleKeys(keys, '', 'name').map((k) => `${k.key_name} ${k.created_at.slice(0, 7)}`)).toEqual([
      'alpha 2026-05',
      'Alpha 2026-02',
      'Ingest bot 2026-03',
      'Zeta reports 2026-01',
    ]);
  });

  it('filters on the name, case-insensitively, and leaves the input untouched', () => {
    const copy = [...keys];
    expect(visibleKeys(keys, '  ALPHA ', 'created').map((k) => k.token)).toEqual(['alpha-token-000000', 'second-alpha-token']);
    expect(keys).toEqual(copy);
  });
});
