import { tradingLoopNameSchema, type BotTradingStatus } from '@toydesk/contract';
import { listMarketAccountLoopStates, marketAccountExists, readLoopRows, readKeyPauses } from '@toydesk/db';
import { fieldError, notFound } from '@toydesk/api-kit';

import { pathId, type BotHandlers } from '../../http/handler.ts';
import { readSummaryTexts } from './summary-texts.ts';
import { TRADING_RUNNER } from './loop-runner.ts';

export const TRADING_HANDLERS: BotHandlers<'bot-trading.list' | 'bot-trading.run'> = {
  /** Every loop of every (or one) market account, also those that never ran (state "off"). */
  'bot-trading.list': async ({ runtime, query }) => {
    const account = query.market_account ?? null;
    const accounts = await listMarketAccountLoopStates(runtime.db, account ?? undefined);
    const rows = await readLoopRows(runtime.db, account ?? undefined);
    const rowOf = new Map(rows.map((r) => [`${r.market_account}:${r.loop}`, r]));
    const paused = await readKeyPauses(runtime.db, account === null ? undefined : [account]);
    const texts = await readSummaryTexts(
      runtime.db,
      rows.flatMap((r) => (r.last_job ? [r.last_job] : [])),
    );
    const results: BotTradingStatus[] = [];
    for (const a of accounts) {
      for (const loop of TRADING_RUNNER.loops) {
        const row = rowOf.get(`${a.id}:${loop.name}`);
        // A rejected key pauses every switched-on loop of the account, also one that never ran.
        const pause = a[loop.switchField] ? paused.get(a.id) : undefined;
        results.push({
          market_account: a.id,
          loop: loop.name,
          enabled: a[loop.switchField],
          dry_run: a.dry_run,
          state: pause ? 'paused' : (row?.state ?? 'off'),
          last_run_at: row?.last_run_at ?? null,
          next_run_at: row?.next_run_at ?? null,
          last_summary: row?.last_summary ?? null,
          last_summary_text: (row?.last_job && texts.get(row.last_job)) || null,
          last_error: pause ? `paused: ${pause.reason}` : (row?.last_error ?? null),
          last_job: row?.last_job ?? null,
          recent_actions: row?.recent_actions ?? [],
          key_rejected: paused.get(a.id)?.reason ?? null,
        });
      }
    }
    return { results };
  },

  'bot-trading.run': async ({ runtime, params, reply }) => {
    const account = pathId(params);
    const loop = tradingLoopNameSchema.safeParse(params.loop);
    if (!loop.success || !TRADING_RUNNER.loop(loop.data)) {
      throw fieldError(
        'loop',
        `Unknown trading loop; one of: ${TRADING_RUNNER.loops.map((l) => l.name).join(', ')}`,
      );
    }
    if (!(await marketAccountExists(runtime.db, account))) throw notFound();
    const job = await TRADING_RUNNER.runNow(runtime, account, loop.data);
    reply.status(202);
    return job;
  },
};
