/** Query strings as the back end reads them (qs): arrays as repeated keys, nested objects in brackets. */

export type QueryPrimitive = string | number | boolean | bigint | Date;
export type QueryValue =
  QueryPrimitive | null | undefined | readonly QueryValue[] | { readonly [key: string]: QueryValue };
export type QueryParams = { readonly [key: string]: QueryValue };

/** The server's parser reads at most this many levels of brackets (spec section 9: depth 5). */
export const QUERY_MAX_DEPTH = 5;

function primitiveText(value: QueryPrimitive): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

function append(pairs: string[], key: string, value: QueryValue, depth: number): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    // Repeated keys (a=1&a=2), the list style of spec section 7.
    for (const item of value as readonly QueryValue[]) append(pairs, key, item, depth);
    return;
  }
  if (typeof value === 'object' && !(value instanceof Date)) {
    if (depth >= QUERY_MAX_DEPTH) return;
    for (const [child, childValue] of Object.entries(value))
      append(pairs, `${key}[${child}]`, childValue, depth + 1);
    return;
  }
  pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(primitiveText(value as QueryPrimitive))}`);
}

/** 'a=1&a=2&b=x' for { a: [1, 2], b: 'x' }; undefined and null values are left out. No leading '?'. */
export function stringifyQuery(query: QueryParams | undefined): string {
  if (!query) return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) append(pairs, key, value, 0);
  return pairs.join('&');
}

/** Appends a query to a URL that may already carry one. */
export function withQuery(url: string, query: QueryParams | undefined): string {
  const text = stringifyQuery(query);
  if (text === '') return url;
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  return `${base}${base.includes('?') ? '&' : '?'}${text}${hash}`;
}
