import Big from 'big.js';
import { z } from 'zod';

/**
 * The two spend guards of a market account (issue 11, item 7) as pure rules, shared by the console's
 * market proxy and the bots' loops: a daily spend cap, and a highest price relative to the market's
 * reference price. Amounts are decimal strings in major units; nothing here is a binary float.
 */

export interface SpendGuard {
  /** The most spent per UTC day, major units of `currency`; null: no cap. */
  dailyCap: string | null;
  currency: string;
  /** The highest price in percent of the reference price (130 = 130 %); null: no limit. */
  maxPricePercent: number | null;
}

export type GuardName = 'daily-cap' | 'max-price';

export interface GuardRefusal {
  guard: GuardName;
  /** One line naming the guard and its numbers, English (alerts carry details for the console's own text). */
  reason: string;
  /** The limit crossed: the cap's remainder or the highest allowed price. */
  limit: string;
}

/** price × count exactly, as a decimal string (a buy order's most it can spend). */
export function amountTimes(price: string, count: number): string {
  return new Big(price).times(count).toString();
}

/** The highest price the guard allows against a reference price (rounded down to 3 decimals). */
export function maxAllowedPrice(maxPricePercent: number, reference: string): string {
  return new Big(reference).times(maxPricePercent).div(100).round(3, Big.roundDown).toString();
}

/**
 * A price above `maxPricePercent` of the reference is refused. Without a reference (no listing, no list
 * price) the guard cannot judge, and says so by refusing: a buy at an unknown market price is the case it
 * is there for.
 */
export function checkMaxPrice(
  guard: SpendGuard | null,
  price: string,
  reference: string | null,
): GuardRefusal | null {
  if (!guard || guard.maxPricePercent === null) return null;
  if (reference === null || new Big(reference).lte(0)) {
    return {
      guard: 'max-price',
      reason: `no reference price to hold ${price} against the ${guard.maxPricePercent}% limit`,
      limit: '0',
    };
  }
  const limit = maxAllowedPrice(guard.maxPricePercent, reference);
  if (new Big(price).gt(limit)) {
    return {
      guard: 'max-price',
      reason: `price ${price} is above ${guard.maxPricePercent}% of the reference ${reference} (at most ${limit})`,
      limit,
    };
  }
  return null;
}

/** A spend that would take the day's total above the cap (or is in another currency than the cap's). */
export function checkDailyCap(
  guard: SpendGuard | null,
  amount: string,
  currency: string,
  spentToday: string,
): GuardRefusal | null {
  if (!guard || guard.dailyCap === null) return null;
  // Nothing spent (a buy order deleted): never refused, even over the cap.
  if (new Big(amount).lte(0)) return null;
  if (currency !== guard.currency) {
    return {
      guard: 'daily-cap',
      reason: `the daily cap is in ${guard.currency}, the spend in ${currency}`,
      limit: guard.dailyCap,
    };
  }
  const left = new Big(guard.dailyCap).minus(spentToday);
  if (new Big(amount).gt(left)) {
    return {
      guard: 'daily-cap',
      reason: `${amount} ${currency} would take today's spending (${spentToday}) above the cap ${guard.dailyCap}`,
      limit: left.lt(0) ? '0' : left.toString(),
    };
  }
  return null;
}

/** A guard amount on the wire: up to 12 integer digits and 3 decimals (tm USD has three), not negative. */
const guardAmount = z
  .string()
  .regex(
    /^\d{1,12}(\.\d{1,3})?$/,
    'Введите сумму не меньше 0, до 3 знаков после точки. (Enter an amount of 0 or more, at most 3 decimals.)',
  );

/** PUT /api-node/market-accounts/{id}/spend-guard/: both guards at once; null switches a guard off. */
export const spendGuardInputSchema = z.object({
  daily_cap: guardAmount.nullable(),
  max_price_percent: z
    .number()
    .int('Введите целое число процентов. (Enter a whole percent.)')
    .min(1, 'Не меньше 1 %. (At least 1 %.)')
    .max(100000, 'Не больше 100000 %. (At most 100000 %.)')
    .nullable(),
});
export type SpendGuardInput = z.infer<typeof spendGuardInputSchema>;

export const SPEND_STATES = ['reserved', 'done', 'not_done', 'unknown'] as const;
export type SpendState = (typeof SPEND_STATES)[number];

/** One spending call (buy, buy order, money transfer) of the proxy or a bot loop, with its state. */
export const marketSpendSchema = z.object({
  id: z.number().int(),
  market_account: z.number().int(),
  market: z.string(),
  call: z.string(),
  custom_id: z.string(),
  source: z.string(),
  subject: z.string().nullable(),
  amount: z.string(),
  currency: z.string(),
  day: z.string(),
  state: z.enum(SPEND_STATES),
  detail: z.string().nullable(),
  checks: z.number().int(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type MarketSpend = z.infer<typeof marketSpendSchema>;

/** A market account's guards with what is spent today against the cap (UTC day). */
export const spendGuardSchema = z.object({
  market_account: z.number().int(),
  daily_cap: z.string().nullable(),
  currency: z.string(),
  max_price_percent: z.number().int().nullable(),
  spent_today: z.string(),
  /** Spending calls of today whose outcome is still being checked. */
  unknown_today: z.number().int(),
  updated_at: z.string().nullable(),
});
export type SpendGuardView = z.infer<typeof spendGuardSchema>;
