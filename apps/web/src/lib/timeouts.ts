/** Time limits of spec section 9, in milliseconds. The general HTTP client has none by default. */
export const TIMEOUTS = {
  toyList: 20_000,
  marketBulk: 30_000,
  marketSetPrice: 20_000,
  marketItemList: 10_000,
  marketTradeReadyPing: 60_000,
  accountStatusCheck: 25_000,
  marketClient: 10_000,
} as const;

/** The time limit of a marketplace call (made through the proxy) by its path, with or without /api/v2. */
export function marketCallTimeout(path: string): number {
  const segments = (path.split('?')[0] ?? '').split('/').filter(Boolean);
  const rest =
    segments[0] === 'api' ? (segments[1] === 'v2' ? segments.slice(2) : segments.slice(1)) : segments;
  switch (rest[0]) {
    case 'MassInfo':
    case 'MassSetPriceById':
      return TIMEOUTS.marketBulk;
    case 'set-price':
      return TIMEOUTS.marketSetPrice;
    case 'items':
      return TIMEOUTS.marketItemList;
    case 'trade-ready':
    case 'ping-new':
      return TIMEOUTS.marketTradeReadyPing;
    default:
      return TIMEOUTS.marketClient;
  }
}
