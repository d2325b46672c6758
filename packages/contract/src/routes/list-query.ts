/**
 * How a list's query string (parsed by qs, spec section 9) carries its values: a key once is a string,
 * repeated keys (id=1&id=2) an array. The server's filters, pagination and CSV export read it alike.
 */
export type ListQuery = Record<string, unknown>;

/** Every string value of a key, in order. */
export function queryValues(query: ListQuery, key: string): string[] {
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
export function hasNonStringValue(query: ListQuery, key: string): boolean {
  const value = query[key];
  if (value === undefined || typeof value === 'string') return false;
  return (
    queryValues(query, key).length !==
    (Array.isArray(value) ? value.length : Object.keys(value as object).length)
  );
}

/** The last value of a key (DRF reads a repeated single-valued key's last). */
export function queryValue(query: ListQuery, key: string): string | undefined {
  const values = queryValues(query, key);
  return values[values.length - 1];
}
