import { MARKET_CURRENCY, type MarketCode, type RecordStatus } from '@toydesk/contract';
import { bulkInsert } from '@toydesk/db';

import { dateBefore, type DemoContext } from './demo-context.ts';
import { formatMinor, toMinor } from './minor-units.ts';
import type { DemoToy } from './toys.ts';

/**
 * Collected daily price points for the most popular items on Market CSGO: average, minimum, maximum and
 * volume for each of the last 90 days (today included), one row per (market, item, date).
 */

export const STAT_ITEMS = 300;
export const STAT_DAYS = 90;
const STAT_MARKET: MarketCode = 'tm';

export async function seedHistoryStats(ctx: DemoContext, popular: DemoToy[]): Promise<number> {
  const rng = ctx.rng('history-stats');
  const currency = MARKET_CURRENCY[STAT_MARKET];
  const rows: Record<string, unknown>[] = [];
  popular.slice(0, STAT_ITEMS).forEach((toy, rank) => {
    const level = ctx.prices.marketLevel(toy.item, STAT_MARKET);
    // Daily volume falls with the price and with the popularity rank: hundreds of cases, a few knives.
    const rub = ctx.prices.referenceKopecks(toy.item) / 100;
    const baseVolume = (3_000 / Math.sqrt(Math.max(1, rub)) / (1 + rank / 50)) * rng.between(0.5, 1.5);
    for (let daysAgo = STAT_DAYS - 1; daysAgo >= 0; daysAgo -= 1) {
      const avg = toMinor(level * ctx.prices.trendFactor(toy.item, daysAgo) * (1 + 0.02 * rng.normal()));
      const min = Math.min(avg, toMinor(avg * rng.between(0.86, 0.97)));
      const max = Math.max(avg, toMinor(avg * rng.between(1.03, 1.18)));
      const status: RecordStatus = daysAgo > 60 && rng.chance(0.02) ? 'outdated' : 'normal';
      rows.push({
        market: STAT_MARKET,
        market_hash_name: toy.item.marketHashName,
        toy: toy.id,
        date: dateBefore(ctx, daysAgo),
        avg_price: formatMinor(avg),
        min_price: formatMinor(min),
        max_price: formatMinor(max),
        volume: Math.max(0, Math.round(baseVolume * rng.between(0.6, 1.4))),
        currency,
        point_status: status,
      });
    }
  });
  await bulkInsert(
    ctx.tx,
    'history_stat',
    {
      market: 'text',
      market_hash_name: 'text',
      toy: 'integer',
      date: 'date',
      avg_price: 'numeric',
      min_price: 'numeric',
      max_price: 'numeric',
      volume: 'integer',
      currency: 'text',
      point_status: 'text',
    },
    rows,
  );
  return rows.length;
}
