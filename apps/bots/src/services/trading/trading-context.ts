import { randomUUID } from 'node:crypto';

import { JobContext } from '../../jobs/job-context.ts';
import type { BotRuntime } from '../../runtime.ts';
import { raiseAlert } from '../alerts/alert-store.ts';
import { loadTradingAccount } from './trading-account.ts';
import type { TradingAccount, TradingContext, TradingLoopName } from './trading-loop.ts';
import { recordAction } from './loop-state.ts';

/**
 * The context one tick runs with. `act` records every action in the loop's recent actions and the job's
 * log; in dry-run mode it records the action with dry_run=true and does not call `fn`, so a dry-run
 * account shows what the loop would do and changes nothing outside.
 */
export function createTradingContext(
  job: JobContext<BotRuntime>,
  account: TradingAccount,
  loop: TradingLoopName,
): TradingContext {
  const runtime = job.deps;
  return {
    job,
    runtime,
    account,
    async act(action, fn) {
      if (account.dryRun) {
        await recordAction(runtime.db, account.id, loop, action, true);
        await job.log(`dry run: would ${action.kind} ${JSON.stringify(action.detail)}`);
        return null;
      }
      const result = await fn();
      await recordAction(runtime.db, account.id, loop, action, false);
      await job.log(`${action.kind} ${JSON.stringify(action.detail)}`);
      return result;
    },
    async alert(alert) {
      const raised = await raiseAlert(runtime.db, {
        ...alert,
        marketAccount: account.id,
        steamAccount: alert.steamAccount === undefined ? account.steamAccount : alert.steamAccount,
      });
      await job.log(`alert ${raised.kind} (${raised.count}×): ${raised.message}`, 'warn');
    },
  };
}

/**
 * A TradingContext for one market account outside the scheduler: tests run one tick of a loop with it
 * (`await loop.tick(await createTradingContextForTest(runtime, id, loop.name))`). Its job is a made-up id
 * whose log lines land in bot_job_log like a real job's; `once` works as in a job.
 */
export async function createTradingContextForTest(
  runtime: BotRuntime,
  accountId: number,
  loop: TradingLoopName = 'keep-online',
): Promise<TradingContext> {
  const loaded = await loadTradingAccount(runtime, accountId);
  if (!loaded) throw new Error(`Market account ${accountId} does not exist`);
  const job = new JobContext<BotRuntime>(
    runtime,
    {
      id: randomUUID(),
      kind: `trading.${loop}`,
      attempt: 1,
      maxAttempts: 1,
      account: accountId,
      expireInSeconds: runtime.config.trading.tickTimeoutSeconds,
    },
    new AbortController().signal,
    runtime.db,
  );
  return createTradingContext(job, loaded.account, loop);
}
