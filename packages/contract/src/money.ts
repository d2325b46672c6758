import Big from 'big.js';

import { CURRENCY_SYMBOLS, isConvertibleCurrency, type ConvertibleCurrency } from './enums.ts';

/**
 * Money arithmetic on decimal strings (spec sections 5 and 9). A binary float never takes part in a sum:
 * every input goes through big.js, and every result is a string rounded half-up to 2 decimals.
 */

/** What the helpers accept as an amount. A JS number is read through its shortest decimal text. */
export type MoneyInput = string | number | Big;

/** The rates of a market record: RUB per 1 USD and RUB per 1 EUR. */
export interface MarketRates {
  usd_to_rub_rate?: string | number | null;
  eur_to_rub_rate?: string | number | null;
}

/** A valid money string as the wire carries it: optional minus, up to 12 integer digits, up to 2 decimals. */
export const MONEY_PATTERN = /^-?\d{1,12}(\.\d{1,2})?$/;

export const UNKNOWN_CURRENCY_WARNING = 'Неизвестная валюта для конвертации';

/**
 * A private constructor for division. Its quotients are truncated (not rounded) at 20 places, so that the
 * later half-up rounding to 2 places gives the same cent as rounding the exact quotient would: a truncated
 * value can never cross a half-cent boundary that the exact value has not crossed.
 */
const TruncatingBig = Big();
TruncatingBig.DP = 20;
TruncatingBig.RM = Big.roundDown;

/** Rounds half away from zero ("half-up" as accountants mean it) to exactly 2 decimals: "12.30". */
export function roundMoney(amount: MoneyInput): string {
  const rounded = new Big(amount).round(2, Big.roundHalfUp);
  // big.js keeps the sign of a negative zero ("-0.00"), which is not a meaningful amount.
  return rounded.eq(0) ? '0.00' : rounded.toFixed(2);
}

export function addMoney(a: MoneyInput, b: MoneyInput): string {
  return roundMoney(new Big(a).plus(b));
}

export function subtractMoney(a: MoneyInput, b: MoneyInput): string {
  return roundMoney(new Big(a).minus(b));
}

/** Multiplies exactly and rounds once, so a factor such as a commission rate loses no precision. */
export function multiplyMoney(amount: MoneyInput, factor: MoneyInput): string {
  return roundMoney(new Big(amount).times(factor));
}

/**
 * amount × numerator / denominator, exact until the one rounding: an amount moved into another currency by
 * the ratio of one price known in both (the price board's cost in a sell market's own currency).
 */
export function scaleMoney(amount: MoneyInput, numerator: MoneyInput, denominator: MoneyInput): string {
  return roundMoney(new Big(amount).times(numerator).div(denominator));
}

/** Compares the exact values (not the rounded ones), so "1.004" is still above "1.00". */
export function compareMoney(a: MoneyInput, b: MoneyInput): -1 | 0 | 1 {
  return new Big(a).cmp(b);
}

/** Sums exactly and rounds once at the end, so rounding errors of the terms do not pile up. */
export function sumMoney(list: readonly MoneyInput[]): string {
  return roundMoney(list.reduce<Big>((total, amount) => total.plus(amount), new Big(0)));
}

/** RUB per 1 unit of the currency, or null when the market record has no usable rate for it. */
function rubPerUnit(currency: ConvertibleCurrency, rates: MarketRates): Big | null {
  if (currency === 'RUB') return new Big(1);
  const raw = currency === 'USD' ? rates.usd_to_rub_rate : rates.eur_to_rub_rate;
  if (raw === null || raw === undefined || raw === '') return null;
  let rate: Big;
  try {
    rate = new Big(raw);
  } catch {
    return null;
  }
  // A zero rate would divide by zero and a negative one is a data error; both mean "no rate".
  return rate.gt(0) ? rate : null;
}

function defaultWarn(message: string): void {
  console.warn(message);
}

/**
 * Converts between RUB, USD and EUR through RUB with the market record's rates and rounds to 2 decimals.
 * An unknown currency or a missing rate is not an error (spec section 5): it warns and hands the amount
 * back unchanged, as given, so a display still shows something.
 */
export function convertCurrency(
  amount: string | number,
  from: string,
  to: string,
  rates: MarketRates,
  warn: (message: string) => void = defaultWarn,
): string {
  if (!isConvertibleCurrency(from) || !isConvertibleCurrency(to)) {
    warn(UNKNOWN_CURRENCY_WARNING);
    return String(amount);
  }
  if (from === to) return roundMoney(amount);
  const fromRate = rubPerUnit(from, rates);
  const toRate = rubPerUnit(to, rates);
  if (fromRate === null || toRate === null) {
    warn(UNKNOWN_CURRENCY_WARNING);
    return String(amount);
  }
  return roundMoney(new TruncatingBig(amount).times(fromRate).div(toRate));
}

/** A conversion into one currency, as spec section 5 describes them (`warn` hears of an unknown currency). */
export type ConversionTo = (
  amount: string | number,
  from: string,
  rates: MarketRates,
  warn?: (message: string) => void,
) => string;

function conversionTo(to: ConvertibleCurrency): ConversionTo {
  return (amount, from, rates, warn) => convertCurrency(amount, from, to, rates, warn);
}

/** "Conversion to RUB" of spec section 5. */
export const convertToRub = conversionTo('RUB');

/** "Conversion to USD" of spec section 5. */
export const convertToUsd = conversionTo('USD');

/** market.csgo.com write endpoints take kopecks for RUB and thousandths (mils) for USD and EUR. */
const MARKET_UNITS_PER_MAJOR: Record<ConvertibleCurrency, number> = { RUB: 100, USD: 1000, EUR: 1000 };

/**
 * Major units to the market's integer units. Any fraction of a unit is rounded up (towards +infinity), so a
 * listing is never placed below the price the operator typed.
 */
export function toMarketUnits(amount: string, currency: ConvertibleCurrency): number {
  const scaled = new Big(amount).times(MARKET_UNITS_PER_MAJOR[currency]);
  const ceiled = scaled.round(0, scaled.gte(0) ? Big.roundUp : Big.roundDown);
  const units = ceiled.toNumber();
  if (!Number.isSafeInteger(units)) throw new RangeError(`Amount ${amount} is out of range for market units`);
  // Normalises a negative zero (a tiny negative amount ceils to -0).
  return units === 0 ? 0 : units;
}

/**
 * The market's integer units back to major units, exactly: "12.34" for 1234 kopecks, "1.234" for 1234 USD
 * mils. At least 2 decimals are kept so the result still reads as money; a third one only when non-zero.
 */
export function fromMarketUnits(units: number, currency: ConvertibleCurrency): string {
  if (!Number.isSafeInteger(units)) throw new RangeError(`Market units must be a safe integer, got ${units}`);
  const major = new Big(units).div(MARKET_UNITS_PER_MAJOR[currency]);
  if (currency === 'RUB') return major.eq(0) ? '0.00' : major.toFixed(2);
  const text = major.eq(0) ? '0.000' : major.toFixed(3);
  return text.endsWith('0') ? text.slice(0, -1) : text;
}

/** The simple display form of spec section 3: the 2-decimal amount, a space, the currency symbol. */
export function formatMoney(amount: MoneyInput, currency: ConvertibleCurrency): string {
  return `${roundMoney(amount)} ${CURRENCY_SYMBOLS[currency]}`;
}
