import type { TradingLoopName } from './services/trading/trading-loop.ts';

/** The queues of the bot jobs (see runtime.ts botLanes for their workers). */
export const LANES = {
  steam: 'bots-steam',
  market: 'bots-market',
  maintenance: 'bots-maintenance',
  proxyCheckAll: 'bots-cron-proxy-check',
  priceImportAll: 'bots-cron-price-import',
  /** Trading loop stops (the ticks have a lane per loop, TRADING_LANES). */
  trading: 'bots-trading',
  tradingDispatch: 'bots-cron-trading-dispatch',
} as const;

/**
 * One lane per trading loop, so that a slow loop (many rate-limited calls) never holds up the ticks of
 * another; "short" queues: at most one queued tick per (account, loop) singleton key.
 */
export const TRADING_LANES: Record<TradingLoopName, string> = {
  'keep-online': 'bots-trading-keep-online',
  deliver: 'bots-trading-deliver',
  'list-reprice': 'bots-trading-list-reprice',
  'dynamic-orders': 'bots-trading-dynamic-orders',
};
