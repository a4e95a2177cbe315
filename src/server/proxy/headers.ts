import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

/** Hop-by-hop headers (RFC 9110 §7.6.1): they describe one connection and are never relayed. */
export const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Browser headers the upstream never sees: credentials and cookies of the Rights Desk origin (the
 * proxy sets Authorization itself), forwarding headers (the proxy writes its own, so a browser cannot
 * make the sandbox hand out links to another host), `Expect` (Node answers 100-continue itself), and
 * the browser's origin details, which mean nothing to a server-to-server call.
 */
const DROPPED_REQUEST_HEADERS = new Set([
  'host',
  'authorization',
  'cookie',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-prefix',
  'x-forwarded-port',
  'x-real-ip',
  'expect',
  'origin',
  'referer',
]);

/**
 * Upstream headers the browser never sees: cookies (the platform has no business setting any on the
 * Rights Desk origin) and page policies, which the Rights Desk server sets for its own origin.
 */
const DROPPED_RESPONSE_HEADERS = new Set([
  'set-cookie',
  'content-security-policy',
  'content-security-policy-report-only',
  'x-frame-options',
  'permissions-policy',
  'referrer-policy',
  'strict-transport-security',
]);

/** Header names listed in a Connection header are hop-by-hop for that message too. */
function connectionListed(headers: IncomingHttpHeaders): Set<string> {
  const value = headers.connection;
  const names = (Array.isArray(value) ? value.join(',') : (value ?? '')).split(',');
  return new Set(names.map((name) => name.trim().toLowerCase()).filter(Boolean));
}

function filter(headers: IncomingHttpHeaders, dropped: Set<string>): OutgoingHttpHeaders {
  const listed = connectionListed(headers);
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || HOP_BY_HOP.has(lower) || listed.has(lower) || dropped.has(lower)) continue;
    out[lower] = value;
  }
  return out;
}

export function requestHeadersForUpstream(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  return filter(headers, DROPPED_REQUEST_HEADERS);
}

export function responseHeadersForBrowser(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  return filter(headers, DROPPED_RESPONSE_HEADERS);
}
