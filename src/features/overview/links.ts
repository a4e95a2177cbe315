// Links from a chart to the list it summarises, as URLs the router reads back. Ids within 2^53 go
// out as plain numbers; larger ids are written as JSON strings (quoted) so no digit is lost, the
// way the router itself writes them.

export type ListLink = { href: string; note?: string };

function param(value: string): string {
  const isId = /^\d+$/.test(value);
  const text = isId && !Number.isSafeInteger(Number(value)) ? JSON.stringify(value) : value;
  return encodeURIComponent(text);
}

export function listHref(path: '/copies' | '/monitoring', search: Record<string, string>): string {
  const query = Object.entries(search)
    .map(([key, value]) => `${key}=${param(value)}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}
