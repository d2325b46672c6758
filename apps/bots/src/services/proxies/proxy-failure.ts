import type { ProxyCheckReason } from '@toydesk/contract';
import { HttpTimeoutError } from '@toydesk/http';

/** Statuses a proxy answers when it could not get through to the target. */
export const PROXY_FAILURE_STATUSES: readonly number[] = [502, 503, 504];

/** System error codes of a host or IP that cannot be reached or resolved. */
const ADDRESS_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NONAME',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EADDRNOTAVAIL',
]);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT']);

/** The error and its causes (undici and the socks library wrap the system error), at most a few deep. */
function chain(error: unknown): unknown[] {
  const seen: unknown[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && seen.length < 6 && !seen.includes(current)) {
    seen.push(current);
    if (current instanceof AggregateError) seen.push(...current.errors);
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return seen;
}

/**
 * Why the check's request through the proxy failed, from the thrown error: the operator sees this, in
 * the console's language, instead of a transport message.
 */
export function proxyFailureReason(error: unknown): ProxyCheckReason {
  const links = chain(error);
  const codes = links.flatMap((link) =>
    typeof link === 'object' && link !== null && 'code' in link && typeof link.code === 'string'
      ? [link.code]
      : [],
  );
  const text = links.map((link) => (link instanceof Error ? link.message : String(link))).join(' | ');
  if (/Proxy Authentication Required|\b407\b|authentication failed/i.test(text)) return 'auth';
  if (links.some((link) => link instanceof HttpTimeoutError) || codes.some((code) => TIMEOUT_CODES.has(code)))
    return 'timeout';
  if (codes.includes('ECONNREFUSED') || /ECONNREFUSED|connection refused/i.test(text)) return 'refused';
  if (codes.some((code) => ADDRESS_CODES.has(code)) || /ENOTFOUND|EHOSTUNREACH|ENETUNREACH/.test(text))
    return 'address';
  if (/timed out|timeout/i.test(text)) return 'timeout';
  return 'network';
}

/** The reason of an HTTP answer through the proxy, null when the answer means the proxy works. */
export function proxyStatusReason(status: number): ProxyCheckReason | null {
  if (status === 407) return 'auth';
  return PROXY_FAILURE_STATUSES.includes(status) ? 'http_status' : null;
}
