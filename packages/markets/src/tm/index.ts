export {
  createTmClient,
  createTmFamilyClient,
  TM_NO_KEY_WARNING,
  TM_REAL_CLOCK,
  type TmClient,
  type TmClientOptions,
  type TmFamilyCode,
} from './tm-client.ts';
export { TmMarket } from './tm-market.ts';
export { TmPacedRateLimiter, type TmPacedRateLimiterOptions } from './tm-paced-rate-limiter.ts';
export {
  isTmUncertainFailure,
  TmBadKeyError,
  TmError,
  TmResponseError,
  TmUnconfirmedError,
  type TmErrorInit,
} from './tm-errors.ts';
export {
  fromTmMajor,
  fromTmUnits,
  isTmCurrency,
  toTmUnits,
  TM_CURRENCIES,
  TM_UNITS_PER_MAJOR,
  type TmCurrency,
  type TmRounding,
} from './tm-units.ts';
export type { TmSpendOutcome, TmSpendReport } from './money-safety.ts';
export { lookupTmSpend, type TmOrderLookup, type TmSpendCall, type TmSpendLookup } from './spend-lookup.ts';
export { tmRateLimitKey, type TmClock, type TmLogger, type TmTransport } from './tm-requester.ts';
export { TM_TIMEOUTS, type TmTimeouts } from './tm-timeouts.ts';
export {
  TOO_EARLY_FOR_PING,
  TmAccountResource,
  type TmBalance,
  type TmPingResult,
  type TmTestStatus,
} from './resources/account.ts';
export {
  TM_MONEY_SEND_HISTORY_PAGE,
  TmTransfersResource,
  type TmMoneySendParams,
  type TmMoneySendResult,
  type TmMoneyTransfer,
} from './resources/transfers.ts';
export {
  TM_MASS_SET_PRICE_BATCH,
  TmSellingResource,
  type TmAddToSaleParams,
  type TmInventoryItem,
  type TmItem,
  type TmItemStatus,
  type TmListItemResult,
  type TmSetPriceResult,
} from './resources/selling.ts';
export { TmTradingResource, type TmP2POffer, type TmTrade } from './resources/trading.ts';
export { TmBuyingResource, type TmBuyInfo, type TmBuyParams, type TmBuyResult } from './resources/buying.ts';
export {
  TM_ORDERS_PAGE_SIZE,
  TmOrdersResource,
  type TmOrder,
  type TmSetOrderParams,
} from './resources/orders.ts';
export {
  TM_LIST_ITEMS_INFO_BATCH,
  TM_SEARCH_LIST_BATCH,
  TmSearchResource,
  type TmItemSalesInfo,
  type TmPriceLevel,
  type TmSearchGroup,
  type TmSearchOffer,
} from './resources/search.ts';
export { TmHistoryResource, type TmHistoryEntry } from './resources/history.ts';
export {
  TM_MASS_INFO_BATCH,
  TmLegacyResource,
  type TmLegacyInventoryItem,
  type TmMassInfo,
  type TmMassInfoLevel,
  type TmMassInfoLevels,
  type TmProcessOrderParams,
  type TmProcessOrderResult,
} from './resources/legacy.ts';
export {
  TmPublicFilesResource,
  type TmClassInstancePrice,
  type TmItemDbRow,
  type TmPriceList,
} from './resources/public-files.ts';
