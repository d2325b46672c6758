import { DELIVER_LOOP } from './deliver/deliver-loop.ts';
import { DYNAMIC_ORDERS_LOOP } from './dynamic-orders/dynamic-orders-loop.ts';
import { KEEP_ONLINE_LOOP } from './keep-online/keep-online-loop.ts';
import { LIST_REPRICE_LOOP } from './list-reprice/list-reprice-loop.ts';
import type { TradingLoopDef } from './trading-loop.ts';

/** Every trading loop the runner (loop-runner.ts) schedules, one line per loop. */
export const TRADING_LOOPS: TradingLoopDef[] = [
  KEEP_ONLINE_LOOP,
  DELIVER_LOOP,
  LIST_REPRICE_LOOP,
  DYNAMIC_ORDERS_LOOP,
];
