import type { MarketCode } from '@toydesk/contract';
import { HttpNetworkError, HttpParseError, HttpStatusError, HttpTimeoutError } from '@toydesk/http';

import { MarketApiError, SpendOutcomeUnknownError } from './market-errors.ts';

/**
 * Whether a failure leaves open that the request took effect: the connection dropped or timed out after
 * sending, the answer was unreadable, the server failed (5xx) possibly after acting, or the marketplace
 * itself says it does not know (Steam's code 8). A refusal (4xx, an error envelope, 429) means it did not.
 */
export function isAmbiguousFailure(error: unknown): boolean {
  if (
    error instanceof HttpNetworkError ||
    error instanceof HttpTimeoutError ||
    error instanceof HttpParseError
  ) {
    return true;
  }
  if (error instanceof MarketApiError) return error.uncertain || error.status >= 500 || error.status === 408;
  if (error instanceof HttpStatusError)
    return error.status !== null && (error.status >= 500 || error.status === 408);
  return false;
}

export interface SpendOnceOptions<T> {
  market: MarketCode;
  call: string;
  /** The spending request itself, sent with maxRetries 0. */
  attempt: () => Promise<T>;
  /** Looks at the marketplace's state: the effect of an earlier attempt, or null when there is none. */
  verify: () => Promise<T | null>;
  /** After a check that found nothing, try once more (default true). */
  retryAfterCheck?: boolean;
}

/**
 * Runs a call that spends money without ever repeating it blindly: after an ambiguous failure it asks the
 * marketplace whether the first attempt took effect, and only when the check finds nothing does it try
 * again, once. A second ambiguous failure is checked the same way; what cannot be settled is a
 * SpendOutcomeUnknownError.
 */
export async function spendOnce<T>(options: SpendOnceOptions<T>): Promise<T> {
  const tries = options.retryAfterCheck === false ? 1 : 2;
  let lastFailure: unknown;
  for (let attempt = 1; attempt <= tries; attempt++) {
    try {
      return await options.attempt();
    } catch (error) {
      if (!isAmbiguousFailure(error)) throw error;
      lastFailure = error;
    }
    let found: T | null;
    try {
      found = await options.verify();
    } catch (error) {
      throw new SpendOutcomeUnknownError(
        options.market,
        options.call,
        'the call failed ambiguously and the check of the account failed too',
        { cause: error },
      );
    }
    if (found !== null) return found;
  }
  throw new SpendOutcomeUnknownError(
    options.market,
    options.call,
    tries === 1
      ? 'the call failed ambiguously and the account shows no effect; not retried'
      : 'the call failed ambiguously twice and the account shows no effect',
    { cause: lastFailure },
  );
}
