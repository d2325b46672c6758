import { DELIVER_LOOP } from './deliver/deliver-loop.ts';
import { DYNAMIC_ORDERS_LOOP } from './dynamic-orders/dynamic-orders-loop.ts';
import { KEEP_ONLINE_LOOP } from './keep-online/keep-online-loop.ts';
import { LIST_REPRICE_LOOP } from './list-reprice/list-reprice-loop.ts';
import type { TradingLoopDef, TradingLoopName } from './trading-loop.ts';

/**
 * Every trading loop the runner schedules (one line per loop; the deliver, list-reprice and
 * dynamic-orders loops add theirs here).
 */
export const TRADING_LOOPS: TradingLoopDef[] = [
  KEEP_ONLINE_LOOP,
  DELIVER_LOOP,
  LIST_REPRICE_LOOP,
  DYNAMIC_ORDERS_LOOP,
];

export function tradingLoop(name: TradingLoopName): TradingLoopDef | undefined {
  return TRADING_LOOPS.find((loop) => loop.name === name);
}
