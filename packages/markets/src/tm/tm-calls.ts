import type { TmTimeoutKind } from './tm-timeouts.ts';

/**
 * Where a call lives, from tm's name for it and the path segments the call adds (each encoded): v2 calls
 * at `/api/v2/<name>[/<segment>…]`, legacy v1 calls at `/api/<Name>/[<segment>/…]`, the public files at a
 * path of their own.
 */
type TmRoute = (name: string, segments: readonly (string | number)[]) => string;

const encoded = (segments: readonly (string | number)[]) =>
  segments.map((segment) => encodeURIComponent(String(segment)));

const v2: TmRoute = (name, segments) => ['/api/v2', name, ...encoded(segments)].join('/');
const legacy: TmRoute = (name, segments) => `/api/${[name, ...encoded(segments)].join('/')}/`;
const file =
  (path: string): TmRoute =>
  (_name, segments) =>
    [path, ...encoded(segments)].join('/');

export interface TmCallRoute {
  route: TmRoute;
  method?: 'POST';
  /** The kind of timeout (spec section 9); default marketClient. */
  timeout?: TmTimeoutKind;
  /** Spends money: never retried by the transport; money-safety.ts settles an unclear answer. */
  spends?: true;
  /** A POST that only reads: retried once like a GET. */
  retriedOnce?: true;
  /** A public file: no key, and not counted against one (marketplaces.md 1.6). */
  keyless?: true;
}

/**
 * Every call the client makes, by tm's own name (the call name in logs and errors: `tm.get-money`), with
 * where it lives and how it is sent. The resources add the query or body and the answer's schema.
 */
export const TM_CALLS = {
  // account (marketplaces.md 1.1)
  'get-money': { route: v2, timeout: 'accountStatus' },
  'set-trade-token': { route: v2 },
  'change-currency': { route: v2 },
  'go-offline': { route: v2 },
  'update-inventory': { route: v2 },
  'set-pay-password': { route: v2 },
  'get-ws-token': { route: v2 },
  test: { route: v2, timeout: 'accountStatus' },
  'ping-new': { route: v2, method: 'POST', timeout: 'pingNew' },
  // transfers
  'money-send': { route: v2, spends: true },
  'money-send-history': { route: v2 },
  'get-info-money-send-by-custom-id': { route: v2 },
  // selling (1.2)
  'my-inventory': { route: v2, timeout: 'itemList' },
  'add-to-sale': { route: v2 },
  'set-price': { route: v2, timeout: 'setPrice' },
  'remove-all-from-sale': { route: v2 },
  items: { route: v2, timeout: 'itemList' },
  // trading
  'trade-request-give-p2p-all': { route: v2 },
  'trade-ready': { route: v2, timeout: 'tradeReady' },
  trades: { route: v2 },
  // buying and orders
  buy: { route: v2, spends: true },
  'get-buy-info-by-custom-id': { route: v2 },
  'get-orders': { route: v2 },
  'set-order': { route: v2, spends: true },
  // search and history
  'bid-ask': { route: v2 },
  'search-item-by-hash-name': { route: v2 },
  'search-list-items-by-hash-name-all': { route: v2 },
  'get-list-items-info': { route: v2 },
  'operation-history': { route: v2 },
  // legacy v1 (1.5)
  MassInfo: { route: legacy, method: 'POST', timeout: 'bulk', retriedOnce: true },
  MassSetPriceById: { route: legacy, method: 'POST', timeout: 'bulk' },
  ProcessOrder: { route: legacy, spends: true },
  RemoveAll: { route: legacy },
  DeleteOrders: { route: legacy },
  GetInv: { route: legacy, timeout: 'itemList' },
  GetStickers: { route: legacy },
  GetWSAuth: { route: legacy },
  GetMyProfileHash: { route: legacy },
  Test: { route: legacy, timeout: 'accountStatus' },
  // public files (1.6)
  'prices/class_instance': { route: v2, keyless: true },
  'prices/orders': { route: v2, keyless: true },
  'itemdb/current_730': { route: file('/itemdb/current_730.json'), keyless: true },
  itemdb: { route: file('/itemdb'), keyless: true },
} satisfies Record<string, TmCallRoute>;

export type TmCallName = keyof typeof TM_CALLS;
