import type { RubRates } from '../../util/money-units.ts';

/**
 * The knobs of one simulated tm-family market. Every one can be set at creation and changed at run time
 * through `POST <prefix>/_control/config`. Times are simulated milliseconds unless the name says real.
 */
export interface TmConfig {
  /** Requests allowed per key in any sliding window of `rateLimitWindowMs` REAL milliseconds. */
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /** The official rule: a key that goes over the limit is deleted (answers Bad KEY from then on). */
  deleteKeyOnViolation: boolean;
  /** RUB per unit: money-send conversion, cross-currency price display. */
  rates: RubRates;
  /** The market's commission on a sale, 0..1 (the seller is credited price × (1 − fee)). */
  feeShare: number;
  /** A sold item must be handed over (offer sent and registered by trade-ready) within this time. */
  transferWindowMs: number;
  /** An outgoing offer registered by trade-ready and not accepted within this time counts as failed. */
  offerFailMs: number;
  /** Accept every offer automatically this long after it exists; null = only the control API accepts. */
  autoAcceptTradeMs: number | null;
  /** A simulated seller sends the offer for an item we bought after this delay (status 3 → 4). */
  simSellerSendMs: number;
  /** Items received in a trade cannot be traded for this long (trade hold). */
  tradeHoldMs: number;
  /** ping-new answers "too early for ping" when called again within this time. */
  pingMinIntervalMs: number;
  /** Without a ping for this long the account is offline: its listings stay but do not sell. */
  pingTtlMs: number;
  /** update-inventory makes new items visible after a random delay in this range. */
  inventoryRefreshMinMs: number;
  inventoryRefreshMaxMs: number;
  /** A change-currency answered with success blocks another for this long (code 1007). */
  currencyChangeMs: number;
  /** money-send minimum, in major units of the sender's currency. */
  moneySendMin: Record<'RUB' | 'USD' | 'EUR', number>;
  /** Chance per listing per simulated hour that a simulated player buys it (0 = only on control call). */
  randomSalesPerHour: number;
  /** Chance per buy order per simulated hour that a simulated seller fills it (0 = only on control call). */
  randomOrderFillsPerHour: number;
  /** Simulated players keep at least this many offers on every item. */
  minSimOffers: number;
}

export const DEFAULT_TM_CONFIG: TmConfig = {
  rateLimitMax: 5,
  rateLimitWindowMs: 1000,
  deleteKeyOnViolation: false,
  rates: { RUB: 1, USD: 90, EUR: 100 },
  feeShare: 0.05,
  transferWindowMs: 30 * 60_000,
  offerFailMs: 7 * 3_600_000,
  autoAcceptTradeMs: null,
  simSellerSendMs: 60_000,
  tradeHoldMs: 7 * 24 * 3_600_000,
  pingMinIntervalMs: 60_000,
  pingTtlMs: 5 * 60_000,
  inventoryRefreshMinMs: 10_000,
  inventoryRefreshMaxMs: 20_000,
  currencyChangeMs: 10_000,
  moneySendMin: { RUB: 1000, USD: 10, EUR: 10 },
  randomSalesPerHour: 0,
  randomOrderFillsPerHour: 0,
  minSimOffers: 3,
};

export type TmConfigPatch = Partial<Omit<TmConfig, 'rates' | 'moneySendMin'>> & {
  rates?: Partial<RubRates>;
  moneySendMin?: Partial<TmConfig['moneySendMin']>;
};

/** A new config: `base` with `patch` laid over it (nested records merged). */
export function mergeConfig(base: TmConfig, patch: TmConfigPatch = {}): TmConfig {
  return {
    ...base,
    ...patch,
    rates: { ...base.rates, ...patch.rates },
    moneySendMin: { ...base.moneySendMin, ...patch.moneySendMin },
  };
}
