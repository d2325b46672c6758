import { readKeyPauses } from '@toydesk/db';
import { z } from 'zod';

import type { JobContext } from '../../jobs/job-context.ts';
import { defineJobKind } from '../../jobs/job-kind.ts';
import { LANES } from '../../lanes.ts';
import type { BotRuntime } from '../../bot-runtime.ts';
import { marketFor } from '../market-accounts.ts';
import { TRADING_RUNNER } from '../trading/loop-runner.ts';
import { loadTradingAccount } from '../trading/trading-account.ts';
import { KEY_CHECK_KIND, pauseForRejectedKey, resumeAfterKeyWorks } from './key-pause.ts';
import { rejectedKeyReason } from './rejected-key.ts';

const checkParams = z.object({ account: z.number().int().positive() });
type CheckParams = z.infer<typeof checkParams>;

export type KeyCheckOutcome =
  | { account: number; outcome: 'resumed' | 'not-paused' | 'gone' }
  | { account: number; outcome: 'still-rejected' | 'unknown'; reason: string };

/**
 * Checks the key of a paused account with the cheapest keyed call (the balance: tm get-money). It works:
 * the pause ends, the alert is resolved and the loops are dispatched again at once. Rejected again: the
 * account stays paused. Any other failure (the marketplace down) settles nothing: the next check decides.
 */
export async function checkPausedKey(
  ctx: JobContext<BotRuntime>,
  params: CheckParams,
): Promise<KeyCheckOutcome> {
  const runtime = ctx.deps;
  const { account } = params;
  if (!(await readKeyPauses(runtime.db, [account])).has(account)) return { account, outcome: 'not-paused' };
  const loaded = await loadTradingAccount(runtime, account);
  if (!loaded) return { account, outcome: 'gone' };
  if (!loaded.hasApiKey) return { account, outcome: 'still-rejected', reason: 'the account has no API key' };
  try {
    await marketFor(runtime, loaded.account).getBalance();
  } catch (error) {
    const rejected = rejectedKeyReason(error);
    if (rejected) {
      await pauseForRejectedKey(runtime, account, rejected, KEY_CHECK_KIND);
      await ctx.log(`the key is still rejected: ${rejected}`, 'warn');
      return { account, outcome: 'still-rejected', reason: rejected };
    }
    const reason = error instanceof Error ? error.message : String(error);
    await ctx.log(`the check settled nothing: ${reason}`, 'warn');
    return { account, outcome: 'unknown', reason };
  }
  if (await resumeAfterKeyWorks(runtime, account)) {
    await ctx.log('the key works again: the loops resume and the alert is resolved');
    await TRADING_RUNNER.dispatch(runtime);
  }
  return { account, outcome: 'resumed' };
}

export const KEY_CHECK_JOB_KINDS = [
  defineJobKind<CheckParams, BotRuntime>({
    kind: KEY_CHECK_KIND,
    lane: LANES.trading,
    params: checkParams,
    account: (p) => p.account,
    expireInSeconds: 120,
    // The next check comes anyway (queueDueKeyChecks, every KEY_CHECK_SECONDS).
    retryLimit: 0,
    run: (ctx, params) => checkPausedKey(ctx, params),
  }),
];
