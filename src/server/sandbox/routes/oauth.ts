import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Ctx, Reply, Route } from '../http';
import { HttpError, readBody } from '../http';

/** Access tokens live two hours (spec 5.1). */
export const TOKEN_LIFETIME_SECONDS = 7200;

const MAX_FORM_BODY = 64 * 1024;

type OAuthError = 'invalid_client' | 'invalid_request' | 'unsupported_grant_type';

// OAuth 2.0 (RFC 6749 §5.2) error bodies differ from the platform's {status, message}.
function oauthError(status: number, error: OAuthError, description: string, headers: Record<string, string> = {}): Reply {
  return { status, body: { error, error_description: description }, headers: { 'Cache-Control': 'no-store', ...headers } };
}

/** Client id and secret from an `Authorization: Basic` header. */
export function basicCredentials(req: IncomingMessage): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(req.headers.authorization ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

async function token(ctx: Ctx): Promise<Reply> {
  const { req, state } = ctx;
  const credentials = basicCredentials(req);
  const unauthorised = { 'WWW-Authenticate': 'Basic realm="sandbox", charset="UTF-8"' };
  if (!credentials) {
    req.resume();
    return oauthError(401, 'invalid_client', 'Client authentication failed: send the client id and secret with HTTP Basic authentication.', unauthorised);
  }
  const client = state.db.prepare('SELECT client_id, client_secret FROM oauth_clients WHERE client_id = ?').get(credentials.id) as
    | { client_id: string; client_secret: string }
    | undefined;
  if (!client || !sameSecret(client.client_secret, credentials.secret)) {
    req.resume();
    return oauthError(401, 'invalid_client', 'Client authentication failed: unknown client id or wrong secret.', unauthorised);
  }

  const contentType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  let body: Buffer;
  try {
    body = await readBody(req, MAX_FORM_BODY);
  } catch (error) {
    if (error instanceof HttpError) return oauthError(error.status, 'invalid_request', error.message);
    throw error;
  }
  if (contentType !== 'application/x-www-form-urlencoded') {
    return oauthError(400, 'invalid_request', 'The request body must be application/x-www-form-urlencoded with grant_type=client_credentials.');
  }
  const form = new URLSearchParams(body.toString('utf8'));
  const grantType = form.get('grant_type');
  if (!grantType) return oauthError(400, 'invalid_request', 'The grant_type parameter is missing.');
  if (grantType !== 'client_credentials') {
    return oauthError(400, 'unsupported_grant_type', `Grant type ${grantType} is not supported; use client_credentials.`);
  }

  const now = state.now();
  const accessToken = randomBytes(32).toString('base64url');
  state.db.transaction(() => {
    // Expired tokens can never authenticate again; dropping them keeps the table small.
    state.db.prepare('DELETE FROM oauth_tokens WHERE expires_at <= ?').run(now);
    state.db.prepare('INSERT INTO oauth_tokens (access_token, client_id, expires_at) VALUES (?, ?, ?)').run(accessToken, client.client_id, now + TOKEN_LIFETIME_SECONDS * 1000);
  })();
  return {
    body: { access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_SECONDS },
    headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
  };
}

export const oauthRoutes: Route[] = [{ method: 'POST', path: '/oauth2/token', auth: 'none', handler: token }];
