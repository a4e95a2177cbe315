/** Where the proxy gets the bearer token for the detector and Search. */
export type TokenSource = {
  get: () => Promise<string>;
  /**
   * Drops `token` after the upstream refused it, so the next `get` fetches a new one. Absent for
   * static tokens, which cannot be refreshed.
   */
  invalidate?: (token: string) => void;
};

export class TokenError extends Error {}

export const DEFAULT_TOKEN_LIFETIME_S = 2 * 60 * 60;

export type ClientCredentialsOptions = {
  /** Token endpoint, `${auth_url}/oauth2/token`. */
  tokenUrl: URL;
  clientId: string;
  clientSecret: string;
  now?: () => number;
  /** How long before its stated expiry a token is no longer used (default 60 s, at most 10% of its life). */
  safetyMarginMs?: number;
  requestTimeoutMs?: number;
};

/** The token endpoint of an issuer base URL: `${auth_url}/oauth2/token`. */
export function tokenEndpoint(authUrl: URL): URL {
  const base = authUrl.href.endsWith('/') ? authUrl.href : `${authUrl.href}/`;
  return new URL('oauth2/token', base);
}

/**
 * OAuth 2.0 client-credentials tokens, cached for their lifetime (expires_in, 2 h when the issuer
 * does not say) minus a safety margin. Concurrent callers share one in-flight token request.
 */
export class ClientCredentialsTokens implements TokenSource {
  private current: { token: string; usableUntil: number } | null = null;
  private inFlight: Promise<string> | null = null;
  private readonly now: () => number;

  constructor(private readonly options: ClientCredentialsOptions) {
    this.now = options.now ?? Date.now;
  }

  get(): Promise<string> {
    if (this.current && this.now() < this.current.usableUntil) return Promise.resolve(this.current.token);
    this.inFlight ??= this.fetchToken().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  invalidate(token: string): void {
    // A concurrent request may already have replaced the refused token; keep the newer one.
    if (this.current?.token === token) this.current = null;
  }

  private async fetchToken(): Promise<string> {
    const { tokenUrl, clientId, clientSecret } = this.options;
    const basic = Buffer.from(`${clientId}:${clientSecret}`, 'utf8').toString('base64');
    let response: Response;
    try {
      response = await fetch(tokenUrl, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${basic}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
        signal: AbortSignal.timeout(this.options.requestTimeoutMs ?? 30_000),
      });
    } catch (error) {
      throw new TokenError(`token issuer unreachable: ${describeError(error)}`);
    }
    const text = await response.text();
    if (!response.ok) {
      throw new TokenError(`token request refused with HTTP ${response.status}${issuerMessage(text)}`);
    }
    let body: { access_token?: unknown; expires_in?: unknown };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new TokenError('token response is not JSON');
    }
    if (typeof body.access_token !== 'string' || body.access_token === '') {
      throw new TokenError('token response has no access_token');
    }
    const lifetimeS = Number(body.expires_in);
    const lifetimeMs = (Number.isFinite(lifetimeS) && lifetimeS > 0 ? lifetimeS : DEFAULT_TOKEN_LIFETIME_S) * 1000;
    const margin = Math.min(this.options.safetyMarginMs ?? 60_000, lifetimeMs / 10);
    this.current = { token: body.access_token, usableUntil: this.now() + lifetimeMs - margin };
    return body.access_token;
  }
}

/** A fixed token (SEARCH_TOKEN): nothing to refresh. */
export function staticToken(token: string): TokenSource {
  return { get: () => Promise.resolve(token) };
}

function issuerMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown; error_description?: unknown; error?: unknown };
    const message = body.message ?? body.error_description ?? body.error;
    return typeof message === 'string' ? `: ${message.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}

export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    const code = (error as NodeJS.ErrnoException).code ?? (cause as NodeJS.ErrnoException | undefined)?.code;
    if (code) return code;
    if (cause instanceof Error) return cause.message;
    return error.message;
  }
  return String(error);
}
