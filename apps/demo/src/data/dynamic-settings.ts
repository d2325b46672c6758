import { MARKET_CURRENCY } from '@toydesk/contract';
import { bulkInsert } from '@toydesk/db';
import type { DemoContext } from './demo-context.ts';
import type { DemoMarketAccount } from './market-accounts.ts';
import type { DemoMarketToy } from './market-toys.ts';
import { formatMinor, toMinor } from './minor-units.ts';

/**
 * Dynamic buy-order settings for a few hundred toys: a shared row per toy and market, and for some toys
 * a private row for one market account that overrides it.
 */

const SHARED_TARGET = 360;
const PRIVATE_SHARE = 0.25;

/** How much to outbid by: a kopeck on cheap items, more on dear ones; a cent in USD. */
function stepOf(priceBuy: number, currency: 'RUB' | 'USD'): number {
  if (currency === 'USD') return priceBuy < 10_000 ? 1 : 10;
  return priceBuy < 10_000 ? 1 : priceBuy < 1_000_000 ? 10 : 100;
}

export async function seedDynamicSettings(
  ctx: DemoContext,
  marketToys: DemoMarketToy[],
  marketAccounts: DemoMarketAccount[],
): Promise<number> {
  const rng = ctx.rng('dynamic-settings');
  const candidates = marketToys.filter((m) => m.market === 'tm' || m.market === 'tm_usd');
  // Rows that already run dynamic orders come first, then a deterministic sample of the others.
  const chosen = [
    ...candidates.filter((m) => m.enableDynamicOrder),
    ...rng.shuffle(candidates.filter((m) => !m.enableDynamicOrder)),
  ].slice(0, SHARED_TARGET);
  const rows: Record<string, unknown>[] = [];
  for (const m of chosen) {
    const currency = MARKET_CURRENCY[m.market];
    const min = m.minPriceBuy ?? toMinor(m.quote.priceBuy * rng.between(0.85, 0.95));
    const max = Math.max(
      min + 1,
      m.maxPriceBuy ?? Math.min(m.quote.priceSell - 1, toMinor(m.quote.priceBuy * 1.05)),
    );
    const base = {
      toy: m.toy.id,
      market: m.market,
      step: formatMinor(stepOf(m.quote.priceBuy, currency)),
      max_orders: rng.int(1, 5),
    };
    rows.push({
      ...base,
      market_account: null,
      scope: 'shared',
      min_price_buy: formatMinor(min),
      max_price_buy: formatMinor(max),
      enable_dynamic_order: m.enableDynamicOrder || rng.chance(0.5),
    });
    const owners = marketAccounts.filter((a) => a.market === m.market && a.status === 'active');
    if (owners.length > 0 && rng.chance(PRIVATE_SHARE)) {
      const privateMax = Math.max(min + 1, toMinor(max * rng.between(0.97, 1.02)));
      rows.push({
        ...base,
        market_account: rng.pick(owners).id,
        scope: 'private',
        min_price_buy: formatMinor(min),
        max_price_buy: formatMinor(Math.min(privateMax, Math.max(min + 1, m.quote.priceSell - 1))),
        enable_dynamic_order: rng.chance(0.8),
      });
    }
  }
  await bulkInsert(
    ctx.tx,
    'toy_dynamic_setting',
    {
      toy: 'integer',
      market: 'text',
      market_account: 'integer',
      scope: 'text',
      min_price_buy: 'numeric',
      max_price_buy: 'numeric',
      enable_dynamic_order: 'boolean',
      step: 'numeric',
      max_orders: 'integer',
    },
    rows,
  );
  return rows.length;
}
