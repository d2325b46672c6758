import type { Currency, MarketCode, SellItemStatus } from '@toydesk/contract';
import { bulkInsert } from '@toydesk/db';

import { DAY, HOUR, MINUTE, type DemoContext } from './demo-context.ts';
import { IdSequence } from './id-sequence.ts';
import type { DemoMarketAccount } from './market-accounts.ts';
import { formatMinor, toMinor } from './minor-units.ts';
import { pickPopular } from './popular-toys.ts';
import type { Random } from './prng.ts';
import type { DemoInventoryItem } from './steam-inventory.ts';
import type { DemoToy } from './toys.ts';

/**
 * Listings: a few hundred items on sale now (taken from the inventories, which then show them as
 * listed) and the finished ones of the last two months: sold, delivering, delivered, removed, failed.
 */

const ON_SALE = 420;
const FINISHED: [SellItemStatus, number][] = [
  ['sold', 260],
  ['delivering', 25],
  ['delivered', 320],
  ['removed', 45],
  ['failed', 12],
];

const MARKET_WEIGHT: Partial<Record<MarketCode, number>> = { tm: 5, tm_usd: 2, dmarket: 2, steam: 1.5 };

export interface DemoSale {
  marketAccount: DemoMarketAccount;
  toy: DemoToy;
  assetId: string;
  marketItemId: string;
  price: number;
  currency: Currency;
  status: SellItemStatus;
  position: number | null;
  listedAt: number;
  soldAt: number | null;
}

function pickAccount(accounts: DemoMarketAccount[], rng: Random): DemoMarketAccount {
  return rng.weighted(accounts.map((a) => [a, MARKET_WEIGHT[a.market] ?? 1] as const));
}

export function buildSellItems(
  ctx: DemoContext,
  inventory: DemoInventoryItem[],
  marketAccounts: DemoMarketAccount[],
  popular: DemoToy[],
  assetIds: IdSequence,
): DemoSale[] {
  const rng = ctx.rng('sell-items');
  const dealIds = new Map<MarketCode, IdSequence>();
  const nextDealId = (market: MarketCode) => {
    let sequence = dealIds.get(market);
    if (!sequence) dealIds.set(market, (sequence = new IdSequence(3_900_000_000, rng, 5_000)));
    return sequence.next();
  };
  const active = marketAccounts.filter((a) => a.status === 'active');
  const activeBySteam = new Map<number, DemoMarketAccount[]>();
  for (const account of active) {
    activeBySteam.set(account.steamAccount.id, [
      ...(activeBySteam.get(account.steamAccount.id) ?? []),
      account,
    ]);
  }
  const sales: DemoSale[] = [];

  const listable = rng.shuffle(
    inventory.filter((it) => it.tradable && it.marketable && activeBySteam.has(it.steamAccount.id)),
  );
  for (const item of listable.slice(0, ON_SALE)) {
    const account = pickAccount(activeBySteam.get(item.steamAccount.id)!, rng);
    const markup = rng.between(0.99, 1.12);
    const listedAt = Math.max(item.acquiredAt, ctx.now - rng.int(10, 14 * 24 * 60) * MINUTE);
    item.status = 'listed';
    item.updatedAt = listedAt;
    sales.push({
      marketAccount: account,
      toy: item.toy,
      assetId: item.assetId,
      marketItemId: nextDealId(account.market),
      price: toMinor(ctx.prices.marketLevel(item.toy.item, account.market) * markup),
      currency: account.currency,
      status: 'on_sale',
      position: 1 + Math.floor((markup - 0.99) * 120 * rng.between(0.5, 1.5)),
      listedAt,
      soldAt: null,
    });
  }

  const sellers = marketAccounts.filter((a) => a.status !== 'disabled');
  for (const [status, count] of FINISHED) {
    for (let i = 0; i < count; i += 1) {
      const account = pickAccount(sellers, rng);
      const toy = pickPopular(popular, rng);
      const recent = status === 'delivering' || status === 'failed';
      const listedAt =
        ctx.now - (recent ? rng.int(1, 36) * HOUR : rng.int(1, 60) * DAY) - rng.int(0, 59) * MINUTE;
      const soldAt =
        status === 'removed' ? null : Math.min(ctx.now - MINUTE, listedAt + rng.int(5, 72 * 60) * MINUTE);
      const daysAgo = (ctx.now - (soldAt ?? listedAt)) / DAY;
      const level =
        ctx.prices.marketLevel(toy.item, account.market) * ctx.prices.trendFactor(toy.item, daysAgo);
      sales.push({
        marketAccount: account,
        toy,
        assetId: assetIds.next(),
        marketItemId: nextDealId(account.market),
        price: toMinor(level * rng.between(0.98, 1.08)),
        currency: account.currency,
        status,
        position: null,
        listedAt,
        soldAt,
      });
    }
  }
  return sales;
}

export async function insertSellItems(ctx: DemoContext, sales: DemoSale[]): Promise<number> {
  const rows = sales.map((s) => ({
    market_account: s.marketAccount.id,
    market: s.marketAccount.market,
    steam_account: s.marketAccount.steamAccount.id,
    toy: s.toy.id,
    market_hash_name: s.toy.item.marketHashName,
    classid_instanceid: s.toy.classidInstanceid,
    asset_id: s.assetId,
    market_item_id: s.marketItemId,
    price: formatMinor(s.price),
    currency: s.currency,
    position: s.position,
    status: s.status,
    listed_at: new Date(s.listedAt).toISOString(),
    sold_at: s.soldAt === null ? null : new Date(s.soldAt).toISOString(),
    updated_at: new Date(s.soldAt ?? s.listedAt).toISOString(),
  }));
  await bulkInsert(
    ctx.tx,
    'sell_item',
    {
      market_account: 'integer',
      market: 'text',
      steam_account: 'integer',
      toy: 'integer',
      market_hash_name: 'text',
      classid_instanceid: 'text',
      asset_id: 'text',
      market_item_id: 'text',
      price: 'numeric',
      currency: 'text',
      position: 'integer',
      status: 'text',
      listed_at: 'timestamptz',
      sold_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    rows,
  );
  return rows.length;
}
