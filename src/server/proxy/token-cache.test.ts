import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClientCredentialsTokens, TokenError, tokenEndpoint } from './token-cache';
import { FakeUpstream, json } from './test-helpers';

let issuer: FakeUpstream;
let issued: number;
let expiresIn: number | undefined;
let clock: number;

function tokens(): ClientCredentialsTokens {
  return new ClientCredentialsTokens({ tokenUrl: tokenEndpoint(issuer.url), clientId: 'id', clientSecret: 'secret', now: () => clock, safetyMarginMs: 60_000 });
}

beforeEach(async () => {
  issued = 0;
  expiresIn = 7200;
  clock = 1_000_000;
  issuer = await new FakeUpstream().start();
  issuer.handler = (_request, res) => {
    issued++;
    json(res, 200, expiresIn === undefined ? { access_token: `t${issued}` } : { access_token: `t${issued}`, expires_in: expiresIn });
  };
});

afterEach(() => issuer.close());

describe('ClientCredentialsTokens', () => {
  it('posts to {auth_url}/oauth2/token with HTTP Basic and the client-credentials grant', async () => {
    await tokens().get();
    const [request] = issuer.received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/oauth2/token');
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from('id:secret').toString('base64')}`);
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.body.toString()).toBe('grant_type=client_credentials');
    expect(tokenEndpoint(new URL('https://auth.example/issuer/')).href).toBe('https://auth.example/issuer/oauth2/token');
  });

  it('shares one in-flight request among concurrent callers', async () => {
    const cache = tokens();
    const all = await Promise.all(Array.from({ length: 10 }, () => cache.get()));
    expect(new Set(all)).toEqual(new Set(['t1']));
    expect(issued).toBe(1);
  });

  it('reuses a token until its lifetime minus the margin, then fetches a new one', async () => {
    const cache = tokens();
    expect(await cache.get()).toBe('t1');
    clock += 7200_000 - 60_000 - 1;
    expect(await cache.get()).toBe('t1');
    clock += 1;
    expect(await cache.get()).toBe('t2');
  });

  it('assumes the 2-hour lifetime when the issuer does not state one', async () => {
    expiresIn = undefined;
    const cache = tokens();
    await cache.get();
    clock += 2 * 3600_000 - 60_001;
    expect(await cache.get()).toBe('t1');
    clock += 1;
    expect(await cache.get()).toBe('t2');
  });

  it('drops a refused token, but not a newer one that replaced it', async () => {
    const cache = tokens();
    await cache.get();
    cache.invalidate('t1');
    expect(await cache.get()).toBe('t2');
    cache.invalidate('t1');
    expect(await cache.get()).toBe('t2');
    expect(issued).toBe(2);
  });

  it('reports a refusal without caching it', async () => {
    issuer.handler = (_request, res) => json(res, 401, { error: 'invalid_client', error_description: 'Unknown client.' });
    const cache = tokens();
    await expect(cache.get()).rejects.toThrow(new TokenError('token request refused with HTTP 401: Unknown client.'));
    issuer.handler = (_request, res) => json(res, 200, { access_token: 'late' });
    expect(await cache.get()).toBe('late');
  });
});
