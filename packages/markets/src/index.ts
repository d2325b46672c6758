export * from './market.ts';
export * from './market-endpoints.ts';
export * from './market-rate-limiter.ts';
export * from './market-outbound.ts';
export * from './tm/index.ts';
export * from './create-market.ts';
export * from './waxpeer/index.ts';
export * from './csfloat/index.ts';
export * from './skinport/index.ts';
export * from './dmarket/index.ts';
export * from './bitskins/index.ts';
export * from './lis-skins/index.ts';
export * from './steam/index.ts';
export {
  MarketApiError,
  MarketAuthError,
  MarketResponseError,
  SpendOutcomeUnknownError,
  type MarketApiErrorInit,
} from './kit/market-errors.ts';
export type { MarketPurchase, TradeLink } from './kit/purchase.ts';
export type { MarketClientConfig } from './kit/market-transport.ts';
export { isAmbiguousFailure, spendOnce, type SpendOnceOptions } from './kit/spend-once.ts';
export { fromUnits } from './kit/decimal-units.ts';
export * from './spend-lookup-for.ts';
