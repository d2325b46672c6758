import { randomUUID } from 'node:crypto';

import type { BotRuntime } from '../bot-runtime.ts';
import { JobContext } from '../jobs/job-context.ts';
import { loadTradingAccount } from '../services/trading/trading-account.ts';
import { createTradingContext } from '../services/trading/trading-context.ts';
import type { TradingContext } from '../services/trading/trading-loop.ts';
import type { BotTestApp } from './bot-test-app.ts';

type RetriedLoop = 'dynamic-orders' | 'list-reprice';

/**
 * The trading contexts of one tick job's attempts on an account: the same job id each time, attempt `n`
 * of 3, as the queue runs a tick again after it failed. Steps the tick guards once per job (bot_once)
 * see the earlier attempt's markers.
 */
export async function tickAttempts(
  app: BotTestApp,
  accountId: number,
  loop: RetriedLoop,
): Promise<{ jobId: string; attempt(n: number): TradingContext }> {
  const loaded = await loadTradingAccount(app.runtime, accountId);
  if (loaded === null) throw new Error(`tickAttempts: no trading account ${accountId}`);
  const jobId = randomUUID();
  return {
    jobId,
    attempt: (n) =>
      createTradingContext(
        new JobContext<BotRuntime>(
          app.runtime,
          {
            id: jobId,
            kind: `trading.${loop}`,
            attempt: n,
            maxAttempts: 3,
            account: accountId,
            expireInSeconds: 60,
          },
          new AbortController().signal,
          app.db,
        ),
        loaded.account,
        loop,
      ),
  };
}
