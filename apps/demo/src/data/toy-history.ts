import type { MarketCode, RecordStatus, Side } from '@toydesk/contract';
import { bulkInsert, loadHistoryThenMatchProfit } from '@toydesk/db';

import { DAY, type DemoContext } from './demo-context.ts';
import { IdSequence } from './id-sequence.ts';
import type { DemoMarketAccount } from './market-accounts.ts';
import { formatMinor, toMinor } from './minor-units.ts';
import { pickPopular } from './popular-toys.ts';
import type { DemoSale } from './sell-items.ts';
import type { DemoToy } from './toys.ts';

/**
 * The deal log: about 50,000 buys and sells over the last 90 days. Each deal is made by one market
 * account, so its market, Steam account and currency follow from the account; its price is the toy's
 * level on that market at that date with some noise, buys below sells. The finished sales of the sell
 * list appear here too, with the same market item ids.
 */

export const HISTORY_ROWS = 50_000;
const HISTORY_DAYS = 90;

const MARKET_WEIGHT: Partial<Record<MarketCode, number>> = {
  tm: 5,
  tm_usd: 2.5,
  dmarket: 2,
  steam: 1.5,
  csfloat: 1.2,
};
/** Markets whose deals are delivered by a Steam trade offer (the Steam market moves items itself). */
const OFFER_MARKETS = new Set<MarketCode>([
  'tm',
  'tm_usd',
  'dmarket',
  'csfloat',
  'waxpeer',
  'lis_skins',
  'cs7',
]);

const COMMENTS = ['Куплено по ордеру', 'Продано ниже рынка', 'Manual deal', 'Перепродажа после холда'];

interface HistoryDeal {
  toy: DemoToy;
  side: Side;
  price: number;
  account: DemoMarketAccount;
  date: number;
  recordStatus: RecordStatus;
  marketItemId: string | null;
  tradeId: string | null;
  offerId: string | null;
  assetId: string | null;
  comment: string | null;
}

export function buildHistory(
  ctx: DemoContext,
  marketAccounts: DemoMarketAccount[],
  popular: DemoToy[],
  sales: DemoSale[],
): HistoryDeal[] {
  const rng = ctx.rng('toy-history');
  const assetIds = new IdSequence(35_000_000_000, rng, 50_000);
  const weightedAccounts = marketAccounts.map((a) => {
    const weight =
      (MARKET_WEIGHT[a.market] ?? 0.8) * (a.status === 'active' || a.status === 'paused' ? 1 : 0.3);
    return [a, weight] as const;
  });

  const finished = sales.filter((s) => s.soldAt !== null && s.status !== 'failed');
  const deals: HistoryDeal[] = finished.map((s) => ({
    toy: s.toy,
    side: 'sell',
    price: s.price,
    account: s.marketAccount,
    date: s.soldAt!,
    recordStatus: 'normal',
    marketItemId: s.marketItemId,
    tradeId: s.status === 'delivered' ? rng.idDigits(10) : null,
    offerId: s.status !== 'sold' && OFFER_MARKETS.has(s.marketAccount.market) ? rng.idDigits(10) : null,
    assetId: s.assetId,
    comment: null,
  }));

  const generated: HistoryDeal[] = [];
  for (let i = deals.length; i < HISTORY_ROWS; i += 1) {
    const account = rng.weighted(weightedAccounts);
    const market = account.market;
    const toy = pickPopular(popular, rng);
    const side: Side = rng.chance(0.5) ? 'buy' : 'sell';
    // No deal before the account existed.
    const ageDays = Math.min(HISTORY_DAYS, (ctx.now - account.steamAccount.createdAt) / DAY);
    const daysAgo = rng.between(0, ageDays);
    const level = ctx.prices.marketLevel(toy.item, market) * ctx.prices.trendFactor(toy.item, daysAgo);
    const sideFactor = side === 'buy' ? rng.between(0.86, 0.95) : rng.between(0.98, 1.05);
    const noise = 1 + 0.03 * rng.normal();
    const offers = OFFER_MARKETS.has(market);
    generated.push({
      toy,
      side,
      price: toMinor(level * sideFactor * noise),
      account,
      date: ctx.now - Math.round(daysAgo * DAY),
      recordStatus:
        daysAgo > 30
          ? rng.weighted<RecordStatus>([
              ['normal', 94],
              ['outdated', 5],
              ['very_outdated', 1],
            ])
          : 'normal',
      marketItemId: null,
      tradeId:
        (market === 'tm' || market === 'tm_usd') && rng.chance(side === 'sell' ? 0.7 : 0.4)
          ? rng.idDigits(10)
          : null,
      offerId: offers && rng.chance(0.5) ? rng.idDigits(10) : null,
      assetId: rng.chance(0.8) ? assetIds.next() : null,
      comment: rng.chance(0.01) ? rng.pick(COMMENTS) : null,
    });
  }
  // Deal ids grow with time, one sequence per market and side.
  generated.sort((a, b) => a.date - b.date);
  const sequences = new Map<string, IdSequence>();
  for (const deal of generated) {
    const key = `${deal.account.market}/${deal.side}`;
    let sequence = sequences.get(key);
    if (!sequence) sequences.set(key, (sequence = new IdSequence(3_000_000_000, rng, 40)));
    deal.marketItemId = sequence.next();
  }
  return [...deals, ...generated].sort((a, b) => a.date - b.date);
}

export async function insertHistory(ctx: DemoContext, deals: HistoryDeal[]): Promise<number> {
  const rows = deals.map((d) => ({
    toy: d.toy.id,
    market_hash_name: d.toy.item.marketHashName,
    classid_instanceid: d.toy.classidInstanceid,
    side: d.side,
    price: formatMinor(d.price),
    currency: d.account.currency,
    market: d.account.market,
    market_account: d.account.id,
    steam_account: d.account.steamAccount.id,
    date: new Date(d.date).toISOString(),
    record_status: d.recordStatus,
    market_item_id: d.marketItemId,
    trade_id: d.tradeId,
    offer_id: d.offerId,
    asset_id: d.assetId,
    comment: d.comment,
    created_at: new Date(d.date).toISOString(),
  }));
  // Profit matched once after the load, not per chunk of 1,000 rows (most of the demo's start otherwise).
  await loadHistoryThenMatchProfit(ctx.tx, () =>
    bulkInsert(
      ctx.tx,
      'toy_history',
      {
        toy: 'integer',
        market_hash_name: 'text',
        classid_instanceid: 'text',
        side: 'text',
        price: 'numeric',
        currency: 'text',
        market: 'text',
        market_account: 'integer',
        steam_account: 'integer',
        date: 'timestamptz',
        record_status: 'text',
        market_item_id: 'text',
        trade_id: 'text',
        offer_id: 'text',
        asset_id: 'text',
        comment: 'text',
        created_at: 'timestamptz',
      },
      rows,
    ).then(() => undefined),
  );
  return rows.length;
}
