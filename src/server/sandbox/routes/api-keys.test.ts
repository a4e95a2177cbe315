import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, OTHER_API_KEY } from '../app';
import type { TestSandbox } from '../test-helpers';
import { startTestSandbox } from '../test-helpers';

type Key = { token: string; key_name: string; created_at: string };

let sb: TestSandbox;

beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => {
  await sb.close();
});

describe('/v3/api-key', () => {
  it('lists only the caller organisation’s keys', async () => {
    const res = await sb.call('GET', '/v3/api-key');
    expect(res.status).toBe(200);
    const keys = res.json as Key[];
    expect(keys.map((k) => k.token)).toEqual([DEMO_API_KEY]);
    expect(keys[0]).toEqual({ token: DEMO_API_KEY, key_name: 'Demo dashboard', created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/) });
    const other = (await sb.call('GET', '/v3/api-key', { key: OTHER_API_KEY })).json as Key[];
    expect(other.map((k) => k.token)).toEqual([OTHER_API_KEY]);
    expect((await sb.call('GET', '/v3/api-key', { key: null })).status).toBe(401);
  });

  it('creates a key with a fresh random token that authenticates at once', async () => {
    const a = await sb.call('POST', '/v3/api-key', { body: { name: 'CI pipeline' } });
    const b = await sb.call('POST', '/v3/api-key', { body: { name: 'CI pipeline' } });
    expect(a.status, a.text).toBe(200);
    expect(a.json).toEqual({ token: expect.any(String), key_name: 'CI pipeline', created_at: expect.any(String) });
    expect(a.json.token.length).toBeGreaterThanOrEqual(24);
    expect(a.json.token).not.toBe(b.json.token);
    const seen = await sb.call('GET', '/v3/api-key', { key: a.json.token });
    expect(seen.status).toBe(200);
    expect((seen.json as Key[]).map((k) => k.token)).toEqual(expect.arrayContaining([DEMO_API_KEY, a.json.token, b.json.token]));
    expect(((await sb.call('GET', '/v3/api-key', { key: OTHER_API_KEY })).json as Key[]).some((k) => k.token === a.json.token)).toBe(false);
  });

  it('rejects a missing or empty name and malformed bodies', async () => {
    for (const body of [{}, { name: '' }, { name: 42 }]) {
      const res = await sb.call('POST', '/v3/api-key', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toMatch(/name/);
    }
    const malformed = await sb.call('POST', '/v3/api-key', { rawBody: '{', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
  });

  it('revokes one of the organisation’s keys: 200 without a body, then the key no longer works', async () => {
    const created = await sb.call('POST', '/v3/api-key', { body: { name: 'Temporary' } });
    const token = created.json.token as string;
    const res = await sb.call('DELETE', '/v3/api-key', { body: { token } });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect((await sb.call('GET', '/v3/api-key', { key: token })).status).toBe(401);
    expect(((await sb.call('GET', '/v3/api-key')).json as Key[]).some((k) => k.token === token)).toBe(false);
  });

  it('answers 404 for an unknown token or another organisation’s, 400 without a token', async () => {
    expect((await sb.call('DELETE', '/v3/api-key', { body: { token: 'no-such-key' } })).status).toBe(404);
    const foreign = await sb.call('DELETE', '/v3/api-key', { body: { token: OTHER_API_KEY } });
    expect(foreign.status).toBe(404);
    expect((await sb.call('GET', '/v3/api-key', { key: OTHER_API_KEY })).status).toBe(200);
    const missing = await sb.call('DELETE', '/v3/api-key', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toMatch(/token/);
  });

  it('refuses to revoke the organisation’s last key', async () => {
    const res = await sb.call('DELETE', '/v3/api-key', { key: OTHER_API_KEY, body: { token: OTHER_API_KEY } });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/only API key/);
    expect((await sb.call('GET', '/v3/api-key', { key: OTHER_API_KEY })).status).toBe(200);

    // With a second key the first may go, and then the second is the last.
    const second = (await sb.call('POST', '/v3/api-key', { key: OTHER_API_KEY, body: { name: 'Replacement' } })).json.token as string;
    expect((await sb.call('DELETE', '/v3/api-key', { key: second, body: { token: OTHER_API_KEY } })).status).toBe(200);
    expect((await sb.call('DELETE', '/v3/api-key', { key: second, body: { token: second } })).status).toBe(400);
  });
});
