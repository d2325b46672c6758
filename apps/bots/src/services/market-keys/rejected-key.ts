import { MarketAuthError, TmBadKeyError } from '@toydesk/markets';

/**
 * Whether a failure means the marketplace refused the account's key: tm's `{"success":false,"error":"Bad KEY"}`
 * (TmBadKeyError: wrong, deleted for rate-limit abuse, or missing), or the typed MarketAuthError of the other
 * clients (401/403, a bad signature, an expired session). Looks through `cause` (the order loop and the
 * jobs wrap the client's error). Returns the client's message (it never holds the key), else null.
 */
export function rejectedKeyReason(error: unknown): string | null {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    if (e instanceof TmBadKeyError || e instanceof MarketAuthError) return e.message;
  }
  return null;
}
