/**
 * The Steam Community Market client as one entry (`@toydesk/steam/market`): the raw market calls both
 * gateways make (`web/market-calls.ts`), the web client they run on, and the cookie session a stored
 * "sessionid=…; steamLoginSecure=…" credential gives. `@toydesk/markets`' Steam market is built on it, so the
 * market's requests and answers are read in one place; it loads none of the DoctorMcKay libraries.
 */
export {
  cancelBuyOrder,
  createBuyOrder,
  getMyListings,
  getWalletBalance,
  priceOverview,
  removeListing,
  sellItem,
} from './web/market-calls.ts';
export { SteamWebClient, type SteamHosts, type SteamWebClientOptions } from './web/steam-web-client.ts';
export { cookieSession } from './session.ts';
export { ERESULT } from './eresult.ts';
export { isSteamError, SteamError } from './steam-error.ts';
export { currencyCode, currencyIdOf } from './prices.ts';
export type {
  CreatedBuyOrder,
  MarketBuyOrder,
  MarketListing,
  MyListings,
  PriceOverview,
  SteamSession,
  WalletBalance,
} from './steam-gateway.ts';
