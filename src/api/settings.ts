import { Pacer } from './pacer';

/** Waits `ms`; rejects with the signal's reason if it aborts first. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export type DiscoveryRetrySettings = {
  /** Total tries of one call that keeps drawing 429 (the first try included). */
  rateLimitTries: number;
  /** Pause after the n-th 429: max(Retry-After, base · 2^n), capped at max (a longer Retry-After wins). */
  rateLimitBaseMs: number;
  rateLimitMaxMs: number;
  /** Retries of 500/502/503/504 for GET/PUT/DELETE and calls marked idempotent. */
  serverErrorRetries: number;
  /** Delay before the n-th such retry: base · 2^n. */
  serverErrorBaseMs: number;
};

export type DetectorRetrySettings = {
  retries: number;
  /** Delay before retry n (the last one repeats); a Retry-After header takes precedence. */
  delaysMs: readonly number[];
  /** HTTP statuses worth another try; every other status fails at once. */
  retryOn: readonly number[];
};

export type ApiSettings = {
  /** Origin of the Rights Desk server; '' means the page's own origin. */
  baseUrl: string;
  /** Defaults to the global fetch at call time. */
  fetch?: typeof fetch;
  sleep: Sleep;
  /**
   * Whether the server injects the Discovery key. When it does, the browser never sends its own;
   * undefined (config not loaded yet) sends the browser-held key if there is one.
   */
  discoveryKeyOnServer?: boolean;
  /** Discovery allows 16 calls per second; the window carries a small margin for timer rounding. */
  discoveryPacing: { limit: number; windowMs: number };
  discoveryRetry: DiscoveryRetrySettings;
  detectorRetry: DetectorRetrySettings;
};

export const defaultSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

function defaults(): ApiSettings {
  return {
    baseUrl: '',
    fetch: undefined,
    sleep: defaultSleep,
    discoveryKeyOnServer: undefined,
    discoveryPacing: { limit: 16, windowMs: 1050 },
    discoveryRetry: { rateLimitTries: 6, rateLimitBaseMs: 1000, rateLimitMaxMs: 32_000, serverErrorRetries: 3, serverErrorBaseMs: 500 },
    detectorRetry: { retries: 3, delaysMs: [2000, 4000, 8000], retryOn: [408, 429, 500, 502, 503, 504, 520, 521, 522, 523, 524] },
  };
}

let current: ApiSettings = defaults();
let pacer: Pacer | null = null;

export function apiSettings(): Readonly<ApiSettings> {
  return current;
}

export type ApiSettingsPatch = Partial<Omit<ApiSettings, 'discoveryPacing' | 'discoveryRetry' | 'detectorRetry'>> & {
  discoveryPacing?: Partial<ApiSettings['discoveryPacing']>;
  discoveryRetry?: Partial<DiscoveryRetrySettings>;
  detectorRetry?: Partial<DetectorRetrySettings>;
};

/** Changes how the API module talks to the server (tests: baseUrl, fetch, sleep, retry timings). */
export function configureApi(patch: ApiSettingsPatch): void {
  current = {
    ...current,
    ...patch,
    discoveryPacing: { ...current.discoveryPacing, ...patch.discoveryPacing },
    discoveryRetry: { ...current.discoveryRetry, ...patch.discoveryRetry },
    detectorRetry: { ...current.detectorRetry, ...patch.detectorRetry },
  };
  current.baseUrl = current.baseUrl.replace(/\/+$/, '');
  if (patch.discoveryPacing) pacer = null;
}

/** Back to the defaults, with a fresh pacer (tests). */
export function resetApiSettings(): void {
  current = defaults();
  pacer = null;
}

/** The tab's one Discovery pacer. */
export function discoveryPacer(): Pacer {
  pacer ??= new Pacer(current.discoveryPacing);
  return pacer;
}
