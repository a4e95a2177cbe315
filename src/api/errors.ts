export type ApiInterface = 'discovery' | 'detector' | 'search' | 'server';

/**
 * The one error type of the API module. `kind` tells the UI what to say:
 * - `http`: the platform answered with an error status (message is the platform's);
 * - `unreachable`: the proxy could not reach the interface's upstream (HTTP 502 from the proxy);
 * - `network`: the browser could not reach the proxy at all;
 * - `schema`: the answer did not have the shape the spec promises (message names the field);
 * - `aborted`: the caller cancelled.
 */
export type ApiErrorKind = 'http' | 'unreachable' | 'network' | 'schema' | 'aborted';

export class ApiError extends Error {
  readonly status: number;
  readonly requestId?: string;
  readonly kind: ApiErrorKind;
  readonly iface: ApiInterface;
  readonly path: string;

  constructor(init: { status: number; message: string; kind: ApiErrorKind; iface: ApiInterface; path: string; requestId?: string }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.kind = init.kind;
    this.iface = init.iface;
    this.path = init.path;
    this.requestId = init.requestId;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

const INTERFACE_NAMES: Record<ApiInterface, string> = {
  discovery: 'Discovery',
  detector: 'AI song detector',
  search: 'Search',
  server: 'Rights Desk server',
};

export function interfaceName(iface: ApiInterface): string {
  return INTERFACE_NAMES[iface];
}

/** A sentence for the user: what went wrong and, where we know, what to do. */
export function describeError(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : 'Something went wrong.';
  const where = interfaceName(error.iface);
  switch (error.kind) {
    case 'unreachable':
      return `${where} is unreachable right now (${error.message}). Check the connection settings or try again shortly.`;
    case 'network':
      return `Could not reach the Rights Desk server. Check your connection and try again.`;
    case 'schema':
      return `${where} sent an answer this dashboard does not understand: ${error.message}`;
    case 'aborted':
      return 'Cancelled.';
    default: {
      const suffix = error.requestId ? ` (request ${error.requestId})` : '';
      if (error.status === 401) return `${where} refused the credentials: ${error.message}${suffix}`;
      if (error.status === 429) return `${where} is rate limiting requests; try again in a moment.${suffix}`;
      if (error.status >= 500) return `${where} had a problem (HTTP ${error.status}): ${error.message.replace(/\.+$/, '')}. Try again later.${suffix}`;
      return `${error.message}${suffix}`;
    }
  }
}
