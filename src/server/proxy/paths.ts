import type { InterfaceName } from '../config';

export type PathCheck = { ok: true } | { ok: false; status: 400 | 404; message: string };

/**
 * Refuses request paths that could walk out of the allow-listed prefixes once an upstream decodes
 * or normalises them: dot segments (also `..;`), encoded dots, slashes and backslashes (also double
 * encoded), raw backslashes, empty segments (`//evil.example` would read as an authority), control
 * characters and anything that does not start with a single slash.
 */
export function checkTraversal(rawPath: string): PathCheck {
  const refuse = (why: string): PathCheck => ({ ok: false, status: 400, message: `Refused request path: ${why}.` });
  if (!rawPath.startsWith('/')) return refuse('not an origin-relative path');
  if (rawPath.includes('\\')) return refuse('backslash');
  if (rawPath.includes('//')) return refuse('empty path segment');
  if (/%(2e|2f|5c|00)/i.test(rawPath)) return refuse('encoded dot, slash, backslash or NUL');
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return refuse('malformed percent-encoding');
  }
  // Whatever survived one decoding must not turn into something dangerous on a second.
  if (/%(2e|2f|5c|00)/i.test(decoded)) return refuse('double-encoded dot, slash, backslash or NUL');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return refuse('control character');
  if (decoded.split('/').some((segment) => segment.startsWith('.'))) return refuse('dot segment');
  return { ok: true };
}

/** Paths of the platform a browser may reach through each interface (relative to its base URL). */
export function allowedPrefixes(name: InterfaceName, sandbox: boolean): { prefixes: string[]; exact: string[] } {
  switch (name) {
    case 'discovery':
      return { prefixes: ['/v3/', '/v4/cms/assets/', '/drm/sound-metadata/', ...(sandbox ? ['/sandbox/'] : [])], exact: [] };
    case 'detector':
      return { prefixes: [], exact: ['/v1/ai-detector/detect', '/v1/ai-detector/detect-url'] };
    case 'search':
      return { prefixes: ['/api/v1/search/', ...(sandbox ? ['/sandbox/'] : [])], exact: [] };
  }
}

export function isAllowed(name: InterfaceName, sandbox: boolean, path: string): boolean {
  const { prefixes, exact } = allowedPrefixes(name, sandbox);
  return exact.includes(path) || prefixes.some((prefix) => path.startsWith(prefix) && path.length > prefix.length);
}
