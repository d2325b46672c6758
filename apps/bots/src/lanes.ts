/** The queues of the bot jobs (see runtime.ts botLanes for their workers). */
export const LANES = {
  steam: 'bots-steam',
  market: 'bots-market',
  maintenance: 'bots-maintenance',
  proxyCheckAll: 'bots-cron-proxy-check',
  priceImportAll: 'bots-cron-price-import',
  /** Trading loop ticks and stops; a "short" queue: at most one queued job per (account, loop) key. */
  trading: 'bots-trading',
  tradingDispatch: 'bots-cron-trading-dispatch',
} as const;
