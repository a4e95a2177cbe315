import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, type ApiInterface } from '../api/errors';
import type { ConnectionHealth } from './connection-health';

const INTERFACES: readonly ApiInterface[] = ['discovery', 'detector', 'search', 'server'];

/** Queries and mutations may name the interface they talk to in `meta.iface`. */
function ifaceFromMeta(meta: Record<string, unknown> | undefined): ApiInterface | undefined {
  const value = meta?.iface;
  return INTERFACES.find((iface) => iface === value);
}

/**
 * The API module already retries 429 and 5xx with backoff, so a second layer of retries would only
 * multiply the wait; 4xx, schema mismatches and cancellations never change on retry. Only a lost
 * connection gets one more try.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!isApiError(error)) return false;
  return (error.kind === 'network' || error.kind === 'unreachable') && failureCount < 1;
}

export function createQueryClient(health: ConnectionHealth): QueryClient {
  // Query hash → interface it last failed to reach, so its later success clears the banner even
  // when the query does not declare `meta.iface`.
  const unreachableQueries = new Map<string, ApiInterface>();

  const reportSuccess = (iface: ApiInterface | undefined) => {
    if (!iface) return;
    health.reportReachable(iface);
    health.reportReachable('server');
  };

  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const iface = health.reportFailure(error);
        if (iface) unreachableQueries.set(query.queryHash, iface);
      },
      onSuccess: (_data, query) => {
        const failedIface = unreachableQueries.get(query.queryHash);
        unreachableQueries.delete(query.queryHash);
        reportSuccess(failedIface);
        reportSuccess(ifaceFromMeta(query.meta));
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        health.reportFailure(error);
      },
      onSuccess: (_data, _variables, _result, mutation) => {
        reportSuccess(ifaceFromMeta(mutation.meta));
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
