import Big from 'big.js';

import { fromMarketUnits, type ConvertibleCurrency } from '@toydesk/contract';

/**
 * tm's money units (marketplaces.md 1.0). Every amount entering or leaving the client is a decimal string
 * in major units; these helpers are the only place it changes form, and none of them multiplies a binary
 * float: a number tm sends is read through its shortest decimal text (what JSON carried) into big.js.
 *
 * - write endpoints (add-to-sale, set-price, buy, set-order, money-send, MassSetPriceById, ProcessOrder):
 *   integer minor units, RUB ×100, USD and EUR ×1000;
 * - get-money, items[].price, my-inventory[].market_price: major-unit numbers;
 * - search, bid-ask, get-orders, history, money-send answers, MassInfo: integer minor units;
 * - public price lists: decimal strings in major units; the item database CSV: kopecks.
 */

export type TmCurrency = ConvertibleCurrency;
export const TM_CURRENCIES = ['RUB', 'USD', 'EUR'] as const satisfies readonly TmCurrency[];

export const TM_UNITS_PER_MAJOR: Readonly<Record<TmCurrency, number>> = { RUB: 100, USD: 1000, EUR: 1000 };

/** What the client accepts as an amount: a non-negative decimal string in major units ("12.5", "0.123"). */
const AMOUNT_PATTERN = /^\d{1,12}(\.\d{1,9})?$/;

/**
 * `up` for what we ask for (a listing is never placed below the typed price), `down` for what we are
 * willing to pay (a buy or an order never bids above it, a transfer never sends more).
 */
export type TmRounding = 'up' | 'down';

export function isTmCurrency(value: unknown): value is TmCurrency {
  return typeof value === 'string' && (TM_CURRENCIES as readonly string[]).includes(value);
}

/** Major units to tm's integer units of `currency`: "12.34" RUB → 1234, "1.5" USD → 1500. */
export function toTmUnits(amount: string, currency: TmCurrency, rounding: TmRounding): number {
  const text = typeof amount === 'string' ? amount.trim() : '';
  if (!AMOUNT_PATTERN.test(text)) {
    throw new TypeError(
      `tm: an amount is a non-negative decimal string in major units, got ${JSON.stringify(amount)}`,
    );
  }
  const scaled = new Big(text).times(TM_UNITS_PER_MAJOR[currency]);
  return scaled.round(0, rounding === 'up' ? Big.roundUp : Big.roundDown).toNumber();
}

/** tm's integer units back to major units, exactly: 1234 kopecks → "12.34", 1234 mils → "1.234". */
export function fromTmUnits(units: number, currency: TmCurrency): string {
  return fromMarketUnits(units, currency);
}

/**
 * A major-unit amount as tm sends it (a JSON number such as 123.45, or a decimal string such as "0.50")
 * to our decimal string. Digits past tm's unit (a kopeck, a mil) are rounded half-up: tm does not send
 * them, so this only guards against a float printed with noise.
 */
export function fromTmMajor(value: number | string, currency: TmCurrency): string {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const units = new Big(text).times(TM_UNITS_PER_MAJOR[currency]).round(0, Big.roundHalfUp).toNumber();
  return fromTmUnits(units, currency);
}

/** Like fromTmMajor for the fields tm may leave out or send as null or "". */
export function fromTmMajorOrNull(value: number | string | null | undefined, currency: TmCurrency) {
  if (value === null || value === undefined || value === '') return null;
  return fromTmMajor(value, currency);
}

/** "0", "0.00" and null mean "take it off sale" / "delete the order" to the Market interface. */
export function isZeroAmount(amount: string | null | undefined): boolean {
  if (amount === null || amount === undefined) return true;
  return AMOUNT_PATTERN.test(amount.trim()) && new Big(amount.trim()).eq(0);
}
