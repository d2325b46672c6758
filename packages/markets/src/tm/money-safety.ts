import { describeFailure, isTmUncertainFailure, TmUnconfirmedError } from './tm-errors.ts';
import type { TmCallName } from './tm-calls.ts';
import type { TmLogger, TmRequester } from './tm-requester.ts';

/**
 * How a call that spends money went:
 * - `succeeded`: the first attempt answered success;
 * - `confirmed`: the first attempt failed without a clear answer, and tm's state shows it happened;
 * - `retried`: tm's state showed it had not happened, and the one more attempt succeeded.
 */
export type TmSpendOutcome = 'succeeded' | 'confirmed' | 'retried';

export interface TmSpendReport {
  outcome: TmSpendOutcome;
  /** Requests of the spending call itself (1 or 2); checks are not counted. */
  attempts: number;
  /** Why the first attempt did not settle it (redacted), when it did not. */
  firstFailure: string | null;
}

export interface SpendSafelyOptions<T> {
  /** For messages: `tm.buy`. */
  call: string;
  /** buy and money-send repeat it on the second attempt, so tm can tell the two apart. */
  customId: string | null;
  /** One request, sent with maxRetries 0. */
  attempt: () => Promise<T>;
  /** tm's state after an unclear failure: the result if it happened, null if it did not; throws if unknown. */
  check: () => Promise<T | null>;
  logger: TmLogger;
}

/**
 * Never a blind retry (stripe-node retries a POST only with an idempotency key; tm has one only for buy
 * and money-send): after a timeout, a dropped connection or a 5xx, ask tm whether the call happened, and
 * only if it surely did not, try once more. A clear refusal (a TmError) is thrown at once, unchecked.
 */
export async function spendSafely<T extends object>(
  options: SpendSafelyOptions<T>,
): Promise<T & TmSpendReport> {
  const { call, customId, logger } = options;
  let first: unknown;
  try {
    return { ...(await options.attempt()), outcome: 'succeeded', attempts: 1, firstFailure: null };
  } catch (error) {
    if (!isTmUncertainFailure(error)) throw error;
    first = error;
  }
  const firstFailure = describeFailure(first);
  const seen = await checkState(options, first, 'after the first attempt');
  if (seen !== null) return { ...seen, outcome: 'confirmed', attempts: 1, firstFailure };

  logger.warn(`${call}: did not happen (${firstFailure}); trying once more`, { customId });
  try {
    return { ...(await options.attempt()), outcome: 'retried', attempts: 2, firstFailure };
  } catch (error) {
    if (!isTmUncertainFailure(error)) throw error;
    const again = await checkState(options, error, 'after the second attempt');
    if (again !== null) return { ...again, outcome: 'retried', attempts: 2, firstFailure };
    // Not seen yet, but a request still in flight at tm may land later: say "unknown", not "failed".
    throw new TmUnconfirmedError(
      call,
      customId,
      `two attempts failed (${describeFailure(error)}) and tm does not show it`,
      error,
    );
  }
}

/** One of the client's spending calls (`spends` in TM_CALLS) through `spendSafely`, named and logged as the client's. */
export function spendCall<T extends object>(
  tm: Pick<TmRequester, 'callName' | 'logger'>,
  name: TmCallName,
  options: Pick<SpendSafelyOptions<T>, 'customId' | 'attempt' | 'check'>,
): Promise<T & TmSpendReport> {
  return spendSafely({ ...options, call: tm.callName(name), logger: tm.logger });
}

async function checkState<T>(options: SpendSafelyOptions<T>, failure: unknown, when: string) {
  try {
    return await options.check();
  } catch (checkError) {
    throw new TmUnconfirmedError(
      options.call,
      options.customId,
      `${describeFailure(failure)}; the check ${when} failed too: ${describeFailure(checkError)}`,
      checkError,
    );
  }
}
