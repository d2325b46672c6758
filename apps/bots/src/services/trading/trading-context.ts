import { randomUUID } from 'node:crypto';

import { JobContext } from '../../jobs/job-context.ts';
import type { BotRuntime } from '../../bot-runtime.ts';
import { recordLoopAction, type Database, raiseAlert } from '@toydesk/db';
import { loadTradingAccount } from './trading-account.ts';
import type { TickActivity } from './tick-activity.ts';
import type { TradingAccount, TradingContext, TradingLoopName } from './trading-loop.ts';

/**
 * The runtime a tick's loop code sees: its database refuses every statement once the tick's signal is
 * aborted (lease lost, time up), so no write of the loop follows a lost lease, wherever the loop writes.
 */
function guardedRuntime(runtime: BotRuntime, signal: AbortSignal): BotRuntime {
  const db = runtime.db;
  const guarded = new Proxy(db, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop);
      if (typeof value !== 'function' || !['query', 'exec', 'transaction', 'stream'].includes(String(prop)))
        return value;
      return (...args: unknown[]) => {
        signal.throwIfAborted();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as Database;
  return new Proxy(runtime, {
    get: (target, prop) => (prop === 'db' ? guarded : Reflect.get(target, prop)),
  });
}

/**
 * The context one tick runs with. `act` records every action in the loop's recent actions and the job's
 * log; in dry-run mode it records the action with dry_run=true and does not call `fn`, so a dry-run
 * account shows what the loop would do and changes nothing outside. Once the job's signal is aborted
 * (the runner aborts it when the tick's lease is lost or its time is up) `act`, `alert` and every
 * statement on `runtime.db` throw the abort reason instead of acting.
 */
export function createTradingContext(
  job: JobContext<BotRuntime>,
  account: TradingAccount,
  loop: TradingLoopName,
  /** Counts the actions a dry-run tick only recorded, by kind (the tick's summary reports them). */
  dryRunCounts?: Record<string, number>,
  /** Every action and alert of the tick: none, or the previous tick's dry-run ones again, and the runner backs off. */
  activity?: TickActivity,
): TradingContext {
  const runtime = job.deps;
  const { signal } = job;
  return {
    job,
    runtime: guardedRuntime(runtime, signal),
    account,
    async act(action, fn) {
      signal.throwIfAborted();
      activity?.action(action.kind, action.detail, !account.dryRun);
      if (account.dryRun) {
        await recordLoopAction(runtime.db, account.id, loop, action, true);
        if (dryRunCounts) dryRunCounts[action.kind] = (dryRunCounts[action.kind] ?? 0) + 1;
        await job.log(`dry run: would ${action.kind} ${JSON.stringify(action.detail)}`);
        return null;
      }
      const result = await fn();
      // An action that went through is recorded even if the lease was lost during it: it happened.
      await recordLoopAction(runtime.db, account.id, loop, action, false);
      await job.log(`${action.kind} ${JSON.stringify(action.detail)}`);
      return result;
    },
    async alert(alert) {
      signal.throwIfAborted();
      activity?.alert(alert.kind, alert.message, alert.details);
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
