/**
 * Per-call timeouts of spec section 9, in milliseconds. `general` is the general client's default: no
 * timeout. Every marketplace call should name one of the others.
 */
export const TIMEOUTS = {
  toyList: 20_000,
  bulkMarket: 30_000,
  setPrice: 20_000,
  itemList: 10_000,
  tradeReady: 60_000,
  pingNew: 60_000,
  accountStatus: 25_000,
  marketClient: 10_000,
  general: null,
} as const satisfies Record<string, number | null>;
