import qs from 'qs';

/** Spec section 9: depth 5, at most 1000 parameters, arrays of at most 20 indexed items; repeated keys form arrays. */
export function parseQueryString(raw: string): Record<string, unknown> {
  return qs.parse(raw, { depth: 5, parameterLimit: 1000, arrayLimit: 20, allowPrototypes: false });
}
