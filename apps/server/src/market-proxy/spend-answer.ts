import { checkMaxPrice, type GuardRefusal, type MarketCode, type SpendState } from '@toydesk/contract';
import { HttpTimeoutError } from '@toydesk/http';
import type { TmSpendLookup } from '@toydesk/markets';

import {
  checkSpend,
  type Database,
  loadSpendGuard,
  raiseSpendAlert,
  reserveSpend,
  settleSpend,
} from '@toydesk/db';
import type { SpendCall } from './spend-call.ts';

/** The marketplace's answer as the proxy got it. */
export interface Upstream {
  status: number;
  contentType: string;
  text: string;
}

export interface ProxyAnswer {
  status: number;
  contentType: string;
  text: string;
  headers: Record<string, string>;
}

/** Headers that tell the console how a spending call went, also on the marketplace's own answer. */
export const SPEND_STATE_HEADER = 'x-spend-state';
export const SPEND_CUSTOM_ID_HEADER = 'x-spend-custom-id';

type Answered = Exclude<SpendState, 'reserved'>;

const SAFE_RETRY_EN = 'Only a retry with the same custom_id is safe.';
const SAFE_RETRY_RU = 'Повторять только с тем же custom_id.';

export interface SpendRun {
  db: Database;
  accountId: number;
  market: MarketCode;
  spend: SpendCall;
  /** Asks the marketplace whether the call happened (by custom_id, or tm's orders); throws when it cannot. */
  lookup: () => Promise<TmSpendLookup>;
  /** The market's reference price of the call's toy (its lowest listing), null when there is none. */
  reference: () => Promise<string | null>;
  /** Sends the request once; throws an HttpError when no answer came. */
  send: () => Promise<Upstream>;
}

/**
 * A spending call through the proxy, never reported wrong (issue 11, items 6 and 7): the guards first
 * (refused: 409 and an alert), then the call, counted against the cap while in flight. A lost answer
 * (no answer, a timeout, a 5xx, an HTML error page, an unreadable 200) is looked up by custom_id before
 * answering: done (200), not done (409) or unknown, being checked (502 and an alert; a bot job keeps
 * checking). Every answer names its state and custom_id.
 */
export async function runSpendCall(run: SpendRun): Promise<ProxyAnswer> {
  const { db, accountId, spend } = run;
  const refusal = await priceRefusal(run);
  if (refusal) return refuse(run, refusal, null);
  // A buy order spends only when filled (the bots count fills): its price × count is held against the cap
  // now, but not counted as spent.
  const holdsOnly = spend.call === 'set-order';
  if (holdsOnly) {
    const over = await checkSpend(db, {
      marketAccount: accountId,
      amount: spend.amount,
      currency: spend.currency,
    });
    if (over) return refuse(run, over.refusal, over.spentToday);
  }

  const reservation = await reserveSpend(db, {
    marketAccount: accountId,
    market: run.market,
    call: spend.call,
    customId: spend.customId,
    source: 'proxy',
    subject: spend.subject,
    amount: holdsOnly ? '0' : spend.amount,
    currency: spend.currency,
    lookup: {
      ...(spend.order ? { order: spend.order } : {}),
      ...(spend.listingIds ? { listing_ids: spend.listingIds } : {}),
    },
  });
  if (reservation.kind === 'refused') return refuse(run, reservation.refusal, reservation.spentToday);
  if (reservation.kind === 'existing' && reservation.spend.state !== 'done') {
    return json(run, 409, 'unknown', {
      detail:
        'С этим custom_id операция ещё выполняется или проверяется; повторно не отправлено. ' +
        '(A call with this custom_id is still in flight or being checked; not sent again.)',
    });
  }
  if (reservation.kind === 'existing') {
    return json(run, 200, 'done', {
      success: true,
      detail:
        'Уже выполнено с этим custom_id; повторно не отправлено. ' +
        '(Already done with this custom_id; not sent again.)',
    });
  }
  const spendId = reservation.spend.id;

  let upstream: Upstream;
  try {
    upstream = await run.send();
  } catch (error) {
    return settleLost(run, spendId, error instanceof HttpTimeoutError, describe(error));
  }
  if (upstream.status === 408 || upstream.status >= 500) {
    // A 408 or a gateway's 504 is a timeout too: the call may still be running at the marketplace.
    const timedOut = upstream.status === 408 || upstream.status === 504;
    return settleLost(run, spendId, timedOut, `HTTP ${upstream.status}`);
  }
  if (upstream.status >= 300 && upstream.status < 400) {
    await settleSpend(db, spendId, 'not_done', 'redirect refused');
    return json(run, 409, 'not_done', {
      detail: 'Площадка ответила перенаправлением; оно не выполняется. (Redirect refused.)',
    });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(upstream.text);
  } catch {
    return settleLost(run, spendId, false, `HTTP ${upstream.status} with an unreadable body`);
  }
  // CSFloat and BitSkins answer a buy without `success` (a refusal is a 4xx): their 2xx is done.
  const ok =
    upstream.status < 300 &&
    isRecord(parsed) &&
    (parsed.success === true || (spend.doneOn2xx === true && parsed.success === undefined));
  const state: Answered = ok ? 'done' : 'not_done';
  await settleSpend(
    db,
    spendId,
    state,
    ok
      ? 'answered'
      : `refused: ${isRecord(parsed) ? String(parsed.error ?? upstream.status) : upstream.status}`,
  );
  return {
    status: upstream.status,
    contentType: upstream.contentType,
    text: upstream.text,
    headers: stateHeaders(spend, state),
  };
}

/** The answer was lost: ask the marketplace by custom_id (tm set-order: its orders) before saying anything. */
async function settleLost(run: SpendRun, spendId: number, timedOut: boolean, failure: string) {
  const { db } = run;
  try {
    const seen = await run.lookup();
    if (seen.state === 'done') {
      await settleSpend(db, spendId, 'done', `${failure}; ${seen.detail}`);
      return json(run, 200, 'done', {
        success: true,
        ...(seen.purchaseId ? { id: seen.purchaseId } : {}),
        detail:
          `Ответ площадки потерян (${failure}), но операция выполнена: ${seen.detail}. ` +
          `(The answer was lost (${failure}), but it happened: ${seen.detail}.)`,
      });
    }
    // After a timeout the request may still be running at tm: not seen yet is not "not done".
    if (!timedOut) {
      await settleSpend(db, spendId, 'not_done', `${failure}; ${seen.detail}`);
      return json(run, 409, 'not_done', {
        detail:
          `Площадка не ответила (${failure}) и не показывает операцию: не выполнено. ${SAFE_RETRY_RU} ` +
          `(No answer (${failure}) and the marketplace does not show it: not done. ${SAFE_RETRY_EN})`,
      });
    }
    return await unknown(run, spendId, `${failure}; ${seen.detail} yet`);
  } catch (error) {
    return unknown(run, spendId, `${failure}; the lookup failed too: ${describe(error)}`);
  }
}

async function unknown(run: SpendRun, spendId: number, detail: string) {
  const { spend } = run;
  await settleSpend(run.db, spendId, 'unknown', detail);
  await raiseSpendAlert(run.db, {
    kind: 'spend-unknown',
    severity: 'error',
    marketAccount: run.accountId,
    message:
      `${spend.call} ${spend.subject ?? ''} for ${spend.amount} ${spend.currency}: the outcome is unknown ` +
      `(${detail}); being checked by custom_id ${spend.customId}`,
    details: {
      call: spend.call,
      custom_id: spend.customId,
      subject: spend.subject,
      amount: spend.amount,
      currency: spend.currency,
      source: 'proxy',
    },
  });
  return json(run, 502, 'unknown', {
    detail:
      `Неизвестно, выполнена ли операция (${detail}); деньги могли быть списаны. Идёт проверка. ${SAFE_RETRY_RU} ` +
      `(Unknown whether it happened (${detail}); money may be gone. Being checked. ${SAFE_RETRY_EN})`,
  });
}

/** The price guard: the toy's lowest listing is the reference. */
async function priceRefusal(run: SpendRun): Promise<GuardRefusal | null> {
  const { spend } = run;
  if (spend.price === null) return null;
  const guard = await loadSpendGuard(run.db, run.accountId);
  if (!guard || guard.maxPricePercent === null) return null;
  let reference: string | null = null;
  try {
    reference = await run.reference();
  } catch {
    // No reference price can be read: the guard refuses below, as with no listing at all.
    reference = null;
  }
  return checkMaxPrice(guard, spend.price, reference);
}

async function refuse(run: SpendRun, refusal: GuardRefusal, spentToday: string | null) {
  const { spend } = run;
  await raiseSpendAlert(run.db, {
    kind: 'spend-guard',
    severity: 'warning',
    marketAccount: run.accountId,
    message: `${spend.call} ${spend.subject ?? ''} at ${spend.price ?? spend.amount} ${spend.currency} refused by the ${refusal.guard} guard: ${refusal.reason}`,
    details: {
      guard: refusal.guard,
      call: spend.call,
      toy: spend.subject,
      price: spend.price,
      amount: spend.amount,
      currency: spend.currency,
      limit: refusal.limit,
      source: 'proxy',
      ...(spentToday === null ? {} : { spent_today: spentToday }),
    },
  });
  return json(run, 409, 'not_done', {
    detail:
      `Отклонено ограничением расходов (${refusal.guard === 'daily-cap' ? 'дневной лимит' : 'максимальная цена'}): ` +
      `${refusal.reason}. (Refused by the ${refusal.guard} spend guard: ${refusal.reason}.)`,
    guard: refusal.guard,
    limit: refusal.limit,
    ...(spentToday === null ? {} : { spent_today: spentToday }),
  });
}

function json(run: SpendRun, status: number, state: Answered, body: Record<string, unknown>): ProxyAnswer {
  return {
    status,
    contentType: 'application/json; charset=utf-8',
    text: JSON.stringify({
      ...body,
      spend_state: state,
      custom_id: run.spend.customId,
      call: run.spend.call,
    }),
    headers: stateHeaders(run.spend, state),
  };
}

function stateHeaders(spend: SpendCall, state: Answered): Record<string, string> {
  return { [SPEND_STATE_HEADER]: state, [SPEND_CUSTOM_ID_HEADER]: spend.customId };
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
