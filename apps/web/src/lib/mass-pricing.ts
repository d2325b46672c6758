/**
 * The price math of mass pricing (issue 12, deliverable 2), pure and exact: every amount is a decimal
 * string in major units, turned into an integer count of thousandths (BigInt) for the arithmetic, so no
 * binary float ever touches a price and no result is NaN.
 *
 * Three modes: an absolute price per currency, a percent change, and undercutting the cheapest competitor
 * by N steps. Every new price is then held within the toy's band [price_buy, price_sell] on the lot's market
 * (the same band the list-reprice loop keeps: a buy price above the sell price counts as the sell price).
 */

/** Thousandths per major unit: tm's USD prices carry a third decimal (mils), which must not be lost. */
const SCALE = 1000n;

/**
 * The smallest price unit per currency, in thousandths: 0.01 for every currency the console sets prices in
 * (bot-trading.set-prices takes at most 2 decimals, and tm's RUB kopeck and USD cent are its steps).
 */
const STEP_BY_CURRENCY: Readonly<Record<string, bigint>> = { RUB: 10n, USD: 10n, EUR: 10n };
const DEFAULT_STEP = 10n;

/** The step of a currency as a decimal string ("0.01"). */
export function priceStep(currency: string): string {
  return formatThousandths(stepOf(currency), 2);
}

function stepOf(currency: string): bigint {
  return STEP_BY_CURRENCY[currency] ?? DEFAULT_STEP;
}

export type PricingMode =
  /** One price per currency ("RUB" → "250.00"); a currency without one leaves its lots without a price. */
  | { kind: 'absolute'; prices: Readonly<Record<string, string>> }
  /** "+5", "-12.5": the change in percent of each lot's current price. */
  | { kind: 'percent'; percent: string }
  /** N steps under the cheapest competing offer of each lot's name (0: the same price). */
  | { kind: 'undercut'; steps: number };

export interface PricingLot {
  currency: string;
  /** The lot's current price. */
  price: string;
  /** The toy's buy price on the lot's market (the band's floor), null when not set. */
  priceBuy: string | null;
  /** The toy's sell price on the lot's market (the band's ceiling), null when not set. */
  priceSell: string | null;
  /** The cheapest competing offer, in the lot's currency; null when none is known (undercut only). */
  competitor?: string | null;
}

/** Why a lot gets no new price. */
export type PricingProblem = 'no-input' | 'bad-input' | 'no-competitor' | 'bad-price';

export interface PricedLot {
  /** The new price with 2 decimals, or null when the mode gives none (see problem). */
  to: string | null;
  /** The band moved the price: up to the floor (price_buy) or down to the ceiling (price_sell). */
  clamped: 'floor' | 'ceiling' | null;
  /** Neither price_buy nor price_sell is known: nothing held the price. */
  noBand: boolean;
  /** The new price equals the current one. */
  unchanged: boolean;
  problem: PricingProblem | null;
}

const AMOUNT = /^\d{1,12}(\.\d{1,3})?$/;
const PERCENT = /^[+-]?\d{1,6}(\.\d{1,2})?$/;

/** A decimal string (a Russian keyboard's comma allowed) as thousandths; null when it is no amount. */
export function parseThousandths(text: string | null | undefined): bigint | null {
  if (text === null || text === undefined) return null;
  const clean = text.trim().replace(',', '.');
  if (!AMOUNT.test(clean)) return null;
  const [whole = '0', fraction = ''] = clean.split('.');
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(3, '0'));
}

/** Thousandths as a decimal string with `decimals` places (2 or 3). */
export function formatThousandths(value: bigint, decimals: 2 | 3 = 2): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / SCALE;
  const fraction = (abs % SCALE).toString().padStart(3, '0').slice(0, decimals);
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Rounds half up to a multiple of `step` (both in thousandths, value not negative). */
function roundHalfUp(value: bigint, step: bigint): bigint {
  return ((value + step / 2n) / step) * step;
}

/** Rounds down to a multiple of `step` (value not negative). */
function floorTo(value: bigint, step: bigint): bigint {
  return (value / step) * step;
}

/** A percent text ("+5", "-12,5") as hundredths of a percent; null when it is no percent. */
export function parsePercent(text: string): bigint | null {
  const clean = text.trim().replace(',', '.');
  if (!PERCENT.test(clean)) return null;
  const sign = clean.startsWith('-') ? -1n : 1n;
  const [whole = '0', fraction = ''] = clean.replace(/^[+-]/, '').split('.');
  return sign * (BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0')));
}

/** The band in thousandths; a floor above the ceiling is the ceiling (as the list-reprice loop reads it). */
function bandOf(lot: PricingLot): { floor: bigint | null; ceiling: bigint | null } {
  const ceiling = parseThousandths(lot.priceSell);
  let floor = parseThousandths(lot.priceBuy);
  if (floor !== null && floor <= 0n) floor = null;
  const usableCeiling = ceiling !== null && ceiling > 0n ? ceiling : null;
  if (floor !== null && usableCeiling !== null && floor > usableCeiling) floor = usableCeiling;
  return { floor, ceiling: usableCeiling };
}

/** The raw new price of a mode (thousandths), before the band; or why there is none. */
function rawPrice(lot: PricingLot, mode: PricingMode, step: bigint): bigint | PricingProblem {
  const current = parseThousandths(lot.price);
  switch (mode.kind) {
    case 'absolute': {
      const text = mode.prices[lot.currency];
      if (text === undefined || text.trim() === '') return 'no-input';
      const value = parseThousandths(text);
      return value === null || value <= 0n ? 'bad-input' : roundHalfUp(value, step);
    }
    case 'percent': {
      const percent = parsePercent(mode.percent);
      if (percent === null) return mode.percent.trim() === '' ? 'no-input' : 'bad-input';
      if (current === null) return 'bad-price';
      // current × (100 % + change), in hundredths of a percent: exact, then rounded half up to the step.
      // One rounding of the exact product (two would round 12.3449 up through 12.345 to 12.35).
      const scaled = current * (10000n + percent);
      if (scaled <= 0n) return step;
      return roundHalfUp(scaled, step * 10000n) / 10000n;
    }
    case 'undercut': {
      if (!Number.isSafeInteger(mode.steps) || mode.steps < 0) return 'bad-input';
      const competitor = parseThousandths(lot.competitor);
      if (competitor === null || competitor <= 0n) return 'no-competitor';
      // Under the competitor by N steps, rounded down: never above what the operator asked for.
      return floorTo(competitor - BigInt(mode.steps) * step, step);
    }
  }
}

/** The new price of one lot in a mode, held within its band, with what happened to it. */
export function priceLot(lot: PricingLot, mode: PricingMode): PricedLot {
  const step = stepOf(lot.currency);
  const { floor, ceiling } = bandOf(lot);
  const noBand = floor === null && ceiling === null;
  const raw = rawPrice(lot, mode, step);
  if (typeof raw === 'string') return { to: null, clamped: null, noBand, unchanged: false, problem: raw };
  // A price is never below one step (a zero would take the listing off sale).
  let price = raw < step ? step : raw;
  let clamped: PricedLot['clamped'] = null;
  if (floor !== null && price < floor) {
    price = floor;
    clamped = 'floor';
  } else if (ceiling !== null && price > ceiling) {
    price = ceiling;
    clamped = 'ceiling';
  }
  const current = parseThousandths(lot.price);
  return {
    to: formatThousandths(price, 2),
    clamped,
    noBand,
    unchanged: current !== null && current === price,
    problem: null,
  };
}

/** The sum of amounts per currency, exactly ("RUB" → "1250.00"); the currencies in first-seen order. */
export function totalsByCurrency(
  items: readonly { currency: string; amount: string | null }[],
): { currency: string; total: string }[] {
  const sums = new Map<string, bigint>();
  for (const item of items) {
    const value = parseThousandths(item.amount);
    if (value === null) continue;
    sums.set(item.currency, (sums.get(item.currency) ?? 0n) + value);
  }
  return [...sums].map(([currency, total]) => ({
    currency,
    total: formatThousandths(total, total % 10n === 0n ? 2 : 3),
  }));
}
