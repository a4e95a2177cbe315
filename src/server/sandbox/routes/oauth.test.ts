import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSandbox } from '../test-helpers';
import { startTestSandbox } from '../test-helpers';
import { DETECTOR_CLIENT_ID, DETECTOR_CLIENT_SECRET } from '../app';

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const FORM = 'application/x-www-form-urlencoded';

function tokenRequest(sb: TestSandbox, opts: { auth?: string | null; body?: string; contentType?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': opts.contentType ?? FORM };
  const auth = opts.auth === undefined ? basic(DETECTOR_CLIENT_ID, DETECTOR_CLIENT_SECRET) : opts.auth;
  if (auth !== null) headers.authorization = auth;
  return sb.call('POST', '/oauth2/token', { key: null, headers, rawBody: opts.body ?? 'grant_type=client_credentials' });
}

describe('POST /oauth2/token', () => {
  let clock = Date.UTC(2026, 10, 21, 9, 0, 0);
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox({ now: () => clock });
  });
  afterAll(() => sb.close());

  it('issues a Bearer token valid for 7200 s to the client credentials grant', async () => {
    const res = await tokenRequest(sb);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json.token_type).toBe('Bearer');
    expect(res.json.expires_in).toBe(7200n);
    expect(typeof res.json.access_token).toBe('string');
    expect(res.json.access_token.length).toBeGreaterThanOrEqual(32);
    const row = sb.sandbox.db.prepare('SELECT client_id, expires_at FROM oauth_tokens WHERE access_token = ?').get(res.json.access_token) as
      | { client_id: string; expires_at: bigint }
      | undefined;
    expect(row).toEqual({ client_id: DETECTOR_CLIENT_ID, expires_at: BigInt(clock + 7_200_000) });
  });

  it('issues a different token on every request', async () => {
    const a = await tokenRequest(sb);
    const b = await tokenRequest(sb);
    expect(a.json.access_token).not.toBe(b.json.access_token);
  });

  it('accepts a charset parameter on the form content type', async () => {
    const res = await tokenRequest(sb, { contentType: `${FORM}; charset=UTF-8` });
    expect(res.status).toBe(200);
  });

  it.each([
    ['missing Authorization', null],
    ['a wrong secret', basic(DETECTOR_CLIENT_ID, 'not-the-secret')],
    ['an unknown client', basic('someone-else', DETECTOR_CLIENT_SECRET)],
    ['a Bearer header instead of Basic', 'Bearer sandbox-demo-key'],
    ['Basic without a colon', `Basic ${Buffer.from('sandbox-client').toString('base64')}`],
  ])('answers 401 invalid_client for %s', async (_name, auth) => {
    const before = sb.sandbox.db.prepare('SELECT COUNT(*) AS n FROM oauth_tokens').get() as { n: bigint };
    const res = await tokenRequest(sb, { auth });
    expect(res.status).toBe(401);
    expect(res.json.error).toBe('invalid_client');
    expect(res.json.error_description).toMatch(/\w/);
    expect(res.headers.get('www-authenticate')).toMatch(/^Basic/);
    const after = sb.sandbox.db.prepare('SELECT COUNT(*) AS n FROM oauth_tokens').get() as { n: bigint };
    expect(after.n).toBe(before.n);
  });

  it('answers 400 unsupported_grant_type for any other grant type', async () => {
    for (const grant of ['password', 'authorization_code', 'refresh_token', 'CLIENT_CREDENTIALS']) {
      const res = await tokenRequest(sb, { body: `grant_type=${grant}&username=a&password=b` });
      expect(res.status, grant).toBe(400);
      expect(res.json.error).toBe('unsupported_grant_type');
    }
  });

  it('answers 400 invalid_request without grant_type or with a JSON body', async () => {
    const missing = await tokenRequest(sb, { body: 'scope=detect' });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe('invalid_request');
    const json = await tokenRequest(sb, { body: '{"grant_type":"client_credentials"}', contentType: 'application/json' });
    expect(json.status).toBe(400);
    expect(json.json.error).toBe('invalid_request');
  });

  it('a token authenticates detector calls until it expires, then 401', async () => {
    clock = Date.UTC(2026, 10, 21, 10, 0, 0);
    const { json } = await tokenRequest(sb);
    const token = json.access_token as string;
    const detect = () => sb.call('POST', '/v1/ai-detector/detect-url', { token, rawBody: '', headers: { 'content-type': FORM } });
    // Authenticated: the empty form is refused for its content (400), not for the token.
    expect((await detect()).status).toBe(400);
    clock += 7_200_000 - 1;
    expect((await detect()).status).toBe(400);
    clock += 1;
    const expired = await detect();
    expect(expired.status).toBe(401);
    expect(expired.json.message).toMatch(/expired/);
    const check = await sb.call('GET', '/api/v1/search/check-search/lk_matching_01', { token });
    expect(check.status).toBe(401);
  });

  it('drops expired tokens when issuing a new one', async () => {
    clock += 10 * 7_200_000;
    await tokenRequest(sb);
    const expired = sb.sandbox.db.prepare('SELECT COUNT(*) AS n FROM oauth_tokens WHERE expires_at <= ?').get(clock) as { n: bigint };
    expect(expired.n).toBe(0n);
  });
});
