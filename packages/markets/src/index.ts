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
} from './market-kit/market-errors.ts';
export type { MarketPurchase, TradeLink } from './market-kit/purchase.ts';
export type { MarketClientConfig } from './market-kit/market-transport.ts';
export { isAmbiguousFailure, spendOnce, type SpendOnceOptions } from './market-kit/spend-once.ts';
export { fromUnits } from './market-kit/decimal-units.ts';
