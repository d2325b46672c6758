/** Every cached read of the sell items (the list pages and the counts by name). */
export const SELL_ITEMS_KEYS = [
  ['api', 'sell-items.list'],
  ['api', 'sell-items.count_by_mhn'],
  ['sell-items'],
] as const;
