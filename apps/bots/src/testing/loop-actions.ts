import type { BotTradingStatus } from '@toydesk/contract';
import { readLoopRows } from '@toydesk/db';

import type { BotRuntime } from '../bot-runtime.ts';
import type { TradingLoopName } from '../services/trading/trading-loop.ts';

/** The recent actions of the account's `loop`, newest first, as its trading status shows them. */
export async function loopActions(
  db: BotRuntime['db'],
  account: number,
  loop: TradingLoopName,
): Promise<BotTradingStatus['recent_actions']> {
  const row = (await readLoopRows(db, account)).find((candidate) => candidate.loop === loop);
  return row?.recent_actions ?? [];
}
