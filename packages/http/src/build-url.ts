import type { QueryValue } from './http-request.ts';

/**
 * The absolute URL with `query` appended to whatever query it already has: null and undefined are left
 * out, arrays become repeated keys (as Django REST framework and the marketplaces read them).
 */
export function buildUrl(url: string, query: Record<string, QueryValue> | undefined): string {
  const parsed = new URL(url); // throws on a relative or malformed URL: a caller bug, not a network failure
  if (query === undefined) return parsed.toString();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value) parsed.searchParams.append(key, String(item));
    } else {
      parsed.searchParams.append(key, String(value));
    }
  }
  return parsed.toString();
}
