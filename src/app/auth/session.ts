import { queryOptions } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { getBrowserApiKey, subscribeBrowserApiKey } from '../../api/auth';
import { listApiKeys } from '../../api/discovery';
import { getServerConfig } from '../../api/server';
import type { ServerConfig } from '../../api/schemas/config';

/** How the Rights Desk server is connected. It changes only with a server restart, so it never goes stale. */
export function serverConfigQueryOptions() {
  return queryOptions({
    queryKey: ['server', 'config'],
    queryFn: ({ signal }) => getServerConfig({ signal }),
    staleTime: Infinity,
    meta: { iface: 'server' },
  });
}

/** The API key this tab holds, re-rendering on sign-in and sign-out. */
export function useBrowserApiKey(): string | null {
  return useSyncExternalStore(subscribeBrowserApiKey, getBrowserApiKey, () => null);
}

/** The browser must ask for a key when the server holds none and the tab has not signed in. */
export function needsSignIn(config: ServerConfig, browserKey: string | null): boolean {
  return !config.discoveryKeyOnServer && !browserKey;
}

/**
 * Thrown by the root route's beforeLoad when sign-in is needed: no child route loads (so nothing
 * calls Discovery without a key) and the root's error view shows the sign-in screen instead.
 */
export class SignInRequiredError extends Error {
  constructor() {
    super('Sign in with a Discovery API key to continue.');
    this.name = 'SignInRequiredError';
  }
}

export function isSignInRequired(error: unknown): error is SignInRequiredError {
  return error instanceof SignInRequiredError;
}

/** Resolves when Discovery accepts `apiKey`; rejects with the ApiError otherwise. */
export async function checkApiKey(apiKey: string): Promise<void> {
  await listApiKeys({ apiKey });
}
