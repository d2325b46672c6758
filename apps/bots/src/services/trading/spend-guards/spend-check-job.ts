import { spendLookupFor, type TmOrderLookup, type TmSpendLookup } from '@toydesk/markets';
import { z } from 'zod';

import type { JobContext } from '../../../jobs/job-context.ts';
import { defineJobKind } from '../../../jobs/job-kind.ts';
import { LANES } from '../../../lanes.ts';
import type { BotRuntime } from '../../../bot-runtime.ts';
import {
  claimDueSpendChecks,
  loadSpendForCheck,
  raiseAlert,
  settleSpend,
  type UnsettledSpend,
} from '@toydesk/db';
import { tmClientFor } from '../../market-accounts.ts';
import { loadTradingAccount, type LoadedTradingAccount } from '../trading-account.ts';

export const SPEND_CHECK_KIND = 'spend.check';
/** How often one open spending call is looked up again. */
export const SPEND_CHECK_SECONDS = 60;
/** A reservation this old without an outcome belongs to a process that died mid-call: it is looked up. */
export const STALE_RESERVATION_SECONDS = 120;
/**
 * Not seen after this long, a lost call is taken as not done: tm answers within its own timeouts, and a
 * request still in flight at tm lands within seconds, never after ten minutes.
 */
export const NOT_DONE_AFTER_SECONDS = 600;

/** The marketplace's lookup of one call, or null when the call cannot be looked up automatically. */
function lookupOf(
  runtime: BotRuntime,
  loaded: LoadedTradingAccount,
  spend: UnsettledSpend,
): (() => Promise<TmSpendLookup>) | null {
  const { account } = loaded;
  const listingIds = Array.isArray(spend.lookup.listing_ids) ? spend.lookup.listing_ids.map(String) : [];
  return spendLookupFor(
    runtime.markets.endpoints[account.market],
    { http: runtime.markets.http, credential: account.apiKey, tm: () => tmClientFor(runtime, account) },
    {
      call: spend.call,
      customId: spend.custom_id,
      listingIds,
      order: (spend.lookup.order ?? null) as TmOrderLookup | null,
    },
  );
}

const checkParams = z.object({ spend: z.number().int().positive() });
type CheckParams = z.infer<typeof checkParams>;

export type SpendCheckOutcome = 'done' | 'not_done' | 'unknown' | 'settled-before';

/**
 * Claims the open spending calls due for a check (unknown ones, and stale reservations) and queues one
 * check each; the claim moves checked_at, so processes dispatching together queue one. Called by the
 * trading dispatch every minute.
 */
export async function queueSpendChecks(runtime: BotRuntime): Promise<number[]> {
  const due = await claimDueSpendChecks(runtime.db, SPEND_CHECK_SECONDS, STALE_RESERVATION_SECONDS);
  for (const spend of due) await runtime.queue.enqueue(SPEND_CHECK_KIND, { spend });
  return due;
}

/**
 * Looks one open spending call up by its custom_id (or, for set-order, in the orders) and records the
 * outcome: done or not done settle it and raise an alert saying so; a check that cannot reach tm leaves it
 * unknown for the next one.
 */
export async function checkSpendOutcome(
  ctx: JobContext<BotRuntime>,
  params: CheckParams,
): Promise<SpendCheckOutcome> {
  const runtime = ctx.deps;
  const spend = await loadSpendForCheck(runtime.db, params.spend);
  if (!spend || (spend.state !== 'unknown' && spend.state !== 'reserved')) return 'settled-before';
  const loaded = await loadTradingAccount(runtime, spend.market_account);
  const lookup = loaded ? lookupOf(runtime, loaded, spend) : null;
  if (!loaded || !lookup) {
    await settleSpend(runtime.db, spend.id, 'unknown', 'cannot be looked up automatically: check by hand');
    return 'unknown';
  }
  let seen;
  try {
    seen = await lookup();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await settleSpend(runtime.db, spend.id, 'unknown', `the check failed: ${reason}`);
    await ctx.log(`spend ${spend.id}: the check failed: ${reason}`, 'warn');
    return 'unknown';
  }
  if (seen.state === 'not_seen' && spend.age_seconds < NOT_DONE_AFTER_SECONDS) {
    await settleSpend(runtime.db, spend.id, 'unknown', `${seen.detail} yet`);
    return 'unknown';
  }
  const state = seen.state === 'done' ? 'done' : 'not_done';
  const settled = await settleSpend(runtime.db, spend.id, state, seen.detail);
  if (settled) {
    await raiseAlert(runtime.db, {
      kind: 'spend-settled',
      severity: state === 'done' ? 'warning' : 'info',
      marketAccount: spend.market_account,
      steamAccount: loaded.account.steamAccount,
      message:
        `${spend.call} ${spend.subject ?? ''} for ${spend.amount} ${spend.currency} (custom_id ${spend.custom_id}): ` +
        `${state === 'done' ? 'it happened' : 'it did not happen'} — ${seen.detail}`,
      details: {
        call: spend.call,
        custom_id: spend.custom_id,
        subject: spend.subject,
        amount: spend.amount,
        currency: spend.currency,
        spend_state: state,
      },
    });
  }
  await ctx.log(`spend ${spend.id} (${spend.call} ${spend.custom_id}): ${state}`);
  return state;
}

export const SPEND_CHECK_JOB_KINDS = [
  defineJobKind<CheckParams, BotRuntime>({
    kind: SPEND_CHECK_KIND,
    lane: LANES.trading,
    params: checkParams,
    expireInSeconds: 120,
    // The next dispatch queues it again while it stays open.
    retryLimit: 0,
    run: (ctx, params) => checkSpendOutcome(ctx, params),
  }),
];
