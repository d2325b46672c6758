/** The queues of the bot jobs (see runtime.ts botLanes for their workers). */
export const LANES = {
  steam: 'bots-steam',
  market: 'bots-market',
  maintenance: 'bots-maintenance',
  proxyCheckAll: 'bots-cron-proxy-check',
  priceImportAll: 'bots-cron-price-import',
} as const;
