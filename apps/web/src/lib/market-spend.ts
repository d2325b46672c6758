import type { SpendState } from '@toydesk/contract';

import { marketCall, type MarketCall } from './market-api';
import type { RequestResult } from './request';

/** How a spending call through the proxy went, as the console shows it (issue 11, item 6). */
export type SpendOutcome = Exclude<SpendState, 'reserved'>;

export interface SpendCallResult<T> {
  result: RequestResult<T>;
  state: SpendOutcome;
  /** Sent with the call (the caller's or a new one); the only safe retry uses it again. */
  customId: string;
  /** The proxy's or the marketplace's words, when there are any. */
  detail: string | null;
  /** The same call with the same custom_id; null once it is done (nothing is to be retried). */
  retry: (() => Promise<SpendCallResult<T>>) | null;
}

function field(source: unknown, name: string): unknown {
  return typeof source === 'object' && source !== null
    ? (source as Record<string, unknown>)[name]
    : undefined;
}

/**
 * The state of a spending call from the proxy's answer: its `spend_state` when it gave one (a lost answer
 * looked up, a guard's refusal); a marketplace answer passed through is done when it says success, not done
 * when it refused; no answer at all, or a server failure without a state, is unknown: money may be gone.
 */
export function spendStateOf(result: RequestResult<unknown>): SpendOutcome {
  const body = result.success ? result.data : result.errors;
  const given = field(body, 'spend_state');
  if (given === 'done' || given === 'not_done' || given === 'unknown') return given;
  if (result.success) return field(body, 'success') === false ? 'not_done' : 'done';
  if (result.status === 0 || result.status >= 500) return 'unknown';
  return 'not_done';
}

/**
 * A buy, buy order or money transfer through the proxy with a custom_id of the console's own, so that the
 * answer names a state and the retry it offers is the safe one (the same custom_id: tm buys once per id).
 */
export async function spendCall<T = unknown>(
  call: MarketCall & { customId?: string },
): Promise<SpendCallResult<T>> {
  const customId = call.customId ?? crypto.randomUUID();
  const result = await marketCall<T>({ ...call, query: { ...call.query, custom_id: customId } });
  const state = spendStateOf(result);
  const body = result.success ? result.data : result.errors;
  const detail = field(body, 'detail') ?? field(body, 'error') ?? result.error;
  return {
    result,
    state,
    customId,
    detail: typeof detail === 'string' ? detail : null,
    retry: state === 'done' ? null : () => spendCall<T>({ ...call, customId }),
  };
}
