import { PermanentJobError } from './job-kind.ts';

/** Errors that say the request or the configuration is wrong: the same attempt would fail the same way. */
const PERMANENT_NAMES = new Set([
  'PermanentJobError',
  'TmBadKeyError',
  'MarketAuthError',
  'UnsupportedCapabilityError',
  'RangeError',
  'TypeError',
  'ZodError',
]);
/** HTTP statuses worth another try (the transport's retry statuses, spec section 9). */
const RETRY_STATUSES = new Set([408, 409, 425, 429]);

/**
 * Whether a failed attempt should not be retried: a refusal (a 4xx other than time-outs and rate limits, a
 * bad key, Steam's non-retryable answers) or a bug in the call itself. Anything unclear is retried: a job
 * is durable, and steps that spend money are guarded by `once`.
 */
export function isPermanentError(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  if (error instanceof PermanentJobError || PERMANENT_NAMES.has(error.name)) return true;
  if (error.name === 'SteamError') {
    const steam = error as Error & { retryable?: boolean; kind?: string };
    return steam.retryable === false && steam.kind !== 'session_expired';
  }
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500 && !RETRY_STATUSES.has(status)) return true;
  return error.cause !== undefined && isPermanentError(error.cause, depth + 1);
}
