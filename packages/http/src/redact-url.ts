/** Query keys whose values never appear in an error message or a log line. */
export const REDACTED_QUERY_KEYS: readonly string[] = [
  'key',
  'api',
  'apikey',
  'api_key',
  'pay_pass',
  'password',
  'token',
  'access_token',
  'secret',
  'sign',
];

const MASK = '••••';

/**
 * Masks a secret: long values (API keys) keep their last four characters so an operator can tell which
 * key it was, as the console shows them (`••••3f9a`); short ones (passwords, pay_pass) keep nothing.
 */
export function maskSecret(value: string): string {
  return value.length >= 16 ? `${MASK}${value.slice(-4)}` : MASK;
}

function decodeKey(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/**
 * The URL as it may be shown: the values of secret query keys (the defaults plus `extraKeys`, any case)
 * masked, a password in the user-info masked, and any of `secretValues` (e.g. a key in the path) masked
 * wherever it appears. Everything else is kept byte for byte, so the URL stays recognisable.
 */
export function redactUrl(
  url: string,
  extraKeys: readonly string[] = [],
  secretValues: readonly string[] = [],
): string {
  const keys = new Set([...REDACTED_QUERY_KEYS, ...extraKeys.map((key) => key.toLowerCase())]);
  let out = url;
  const hashAt = out.indexOf('#');
  const fragment = hashAt === -1 ? '' : out.slice(hashAt);
  if (hashAt !== -1) out = out.slice(0, hashAt);
  const queryAt = out.indexOf('?');
  let base = queryAt === -1 ? out : out.slice(0, queryAt);
  const query = queryAt === -1 ? null : out.slice(queryAt + 1);

  // user:password@host
  base = base.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/@?#:]*):[^/@?#]*@/i, `$1:${MASK}@`);

  let redactedQuery = query;
  if (query !== null) {
    redactedQuery = query
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        if (eq === -1) return pair;
        const key = pair.slice(0, eq);
        if (!keys.has(decodeKey(key))) return pair;
        let value = pair.slice(eq + 1);
        try {
          value = decodeURIComponent(value.replace(/\+/g, ' '));
        } catch {
          // keep the raw value: it is masked anyway
        }
        return `${key}=${maskSecret(value)}`;
      })
      .join('&');
  }
  out = redactedQuery === null ? base : `${base}?${redactedQuery}`;
  for (const secret of secretValues) {
    if (secret.length < 4) continue; // too short to mask without destroying the URL
    for (const form of new Set([secret, encodeURIComponent(secret)])) {
      out = out.split(form).join(maskSecret(secret));
    }
  }
  return out + fragment;
}
