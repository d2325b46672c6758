import qs from 'qs';

/** Spec section 9: depth 5, at most 1000 parameters, arrays of at most 20 indexed items; repeated keys form arrays. */
export function parseQueryString(raw: string): Record<string, unknown> {
  return qs.parse(raw, { depth: 5, parameterLimit: 1000, arrayLimit: 20, allowPrototypes: false });
}

/** Repeated keys (id=1&id=2) arrive as arrays; a single key as a string. */
export function queryValues(query: Record<string, unknown>, key: string): string[] {
  const value = query[key];
  if (value === undefined) return [];
  // Past the array limit qs turns a list into an object keyed by index; its values are still the list.
  const list = Array.isArray(value)
    ? value
    : typeof value === 'object' && value !== null && Object.keys(value).every((k) => /^\d+$/.test(k))
      ? Object.values(value)
      : [value];
  return list.filter((v): v is string => typeof v === 'string');
}

/** True when a key carries something other than strings (a nested object such as a[b]=1). */
export function hasNonStringValue(query: Record<string, unknown>, key: string): boolean {
  const value = query[key];
  if (value === undefined || typeof value === 'string') return false;
  return (
    queryValues(query, key).length !==
    (Array.isArray(value) ? value.length : Object.keys(value as object).length)
  );
}

export function queryValue(query: Record<string, unknown>, key: string): string | undefined {
  const values = queryValues(query, key);
  return values[values.length - 1];
}
