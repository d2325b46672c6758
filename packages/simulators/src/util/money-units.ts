import { fromMarketUnits } from '@toydesk/contract';

/**
 * market.csgo.com's money units. Accounts hold integer minor units: kopecks for RUB (×100), thousandths
 * ("mils") for USD and EUR (×1000), as the write endpoints take them. Read endpoints differ per endpoint and
 * convert at the edge with these helpers.
 */
export const TM_CURRENCIES = ['RUB', 'USD', 'EUR'] as const;
export type TmCurrency = (typeof TM_CURRENCIES)[number];

export const UNITS_PER_MAJOR: Record<TmCurrency, number> = { RUB: 100, USD: 1000, EUR: 1000 };

/** RUB per 1 unit of each currency: the simulator's fixed exchange rates. */
export type RubRates = Record<TmCurrency, number>;

export function isTmCurrency(value: unknown): value is TmCurrency {
  return typeof value === 'string' && (TM_CURRENCIES as readonly string[]).includes(value);
}

/** Minor units to a major-unit JS number (what get-money and items[].price carry): 12345 kopecks → 123.45. */
export function toMajorNumber(minor: number, currency: TmCurrency): number {
  const digits = currency === 'RUB' ? 2 : 3;
  return Number((minor / UNITS_PER_MAJOR[currency]).toFixed(digits));
}

/** Minor units to a decimal string in major units (what the public price lists carry): 50 kopecks → "0.50". */
export function toMajorString(minor: number, currency: TmCurrency): string {
  return fromMarketUnits(Math.round(minor), currency);
}

/** Major units (a control-API amount such as 1500.5) to minor units, rounded to the nearest unit. */
export function fromMajor(major: number, currency: TmCurrency): number {
  return Math.round(major * UNITS_PER_MAJOR[currency]);
}

export type Rounding = 'round' | 'floor' | 'ceil';

/** Converts minor units between currencies through RUB at the fixed rates. */
export function convertMinor(
  minor: number,
  from: TmCurrency,
  to: TmCurrency,
  rates: RubRates,
  rounding: Rounding = 'round',
): number {
  if (from === to) return minor;
  const rub = (minor / UNITS_PER_MAJOR[from]) * rates[from];
  const exact = (rub / rates[to]) * UNITS_PER_MAJOR[to];
  // A tiny epsilon keeps float noise (e.g. 99.99999999) from flooring a whole unit away.
  if (rounding === 'floor') return Math.floor(exact + 1e-9);
  if (rounding === 'ceil') return Math.ceil(exact - 1e-9);
  return Math.round(exact);
}
