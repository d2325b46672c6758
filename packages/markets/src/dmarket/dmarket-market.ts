import type * as market from '../market.ts';
import { everyCapabilityBut, isDelist, uniqueNames } from '../kit/base-market.ts';
import { fromMajor, fromUnits, isZero, toMajorNumber } from '../kit/decimal-units.ts';
import { MarketApiError } from '../kit/market-errors.ts';
import { spendOnce } from '../kit/spend-once.ts';
import { UsdMarket, type UsdMarketConfig } from '../kit/usd-market.ts';
import { DMARKET_CENTS_PER_USD, DmarketClient, type DmarketPrice } from './dmarket-client.ts';
import { dmarketBalanceToMajor, type DmarketTarget } from './dmarket-types.ts';

/** A price for the marketplace API: dollars to the cent, rounded as the side needs. */
const usd = (amount: string, rounding: 'up' | 'down'): DmarketPrice => ({
  Currency: 'USD',
  Amount: toMajorNumber(amount, 2, rounding),
});

const PAGE = 100;

async function allPages<T>(load: (offset: number) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await load(offset);
    rows.push(...page);
    if (page.length < PAGE) return rows;
  }
}

/**
 * DMarket behind the common Market interface: USD; offers, targets and inventory prices in dollars,
 * balance and market prices in cent strings. Buy orders are DMarket "targets". Buying a listing outright
 * (PATCH /exchange/v1/offers-buy) is left out: only [mem] sources describe it, and a wrong guess spends money.
 */
export class DmarketMarket extends UsdMarket<DmarketClient> {
  readonly code = 'dmarket' as const;
  readonly capabilities = everyCapabilityBut('buy');

  constructor(config: UsdMarketConfig & { now?: () => number }) {
    super('dmarket', config, new DmarketClient(config));
  }

  /** The cheapest offer per name (one market-items call per name; without names, the first page). */
  override async getPrices(marketHashNames?: string[]): Promise<market.MarketPrice[]> {
    const names = marketHashNames ? uniqueNames(marketHashNames) : null;
    const objects = names
      ? (await Promise.all(names.map((title) => this.client.getMarketItems({ title, limit: 100 })))).flatMap(
          (r) => r.objects,
        )
      : (await this.client.getMarketItems({ limit: 100 })).objects;
    const cheapest = new Map<string, number>();
    for (const object of objects) {
      if (names && !names.includes(object.title)) continue;
      const price = Number(object.price.USD);
      const known = cheapest.get(object.title);
      if (known === undefined || price < known) cheapest.set(object.title, price);
    }
    return (names ?? [...cheapest.keys()]).map((name) =>
      this.offerPrice(
        name,
        cheapest.has(name) ? fromUnits(cheapest.get(name)!, DMARKET_CENTS_PER_USD) : null,
      ),
    );
  }

  override async getInventory(): Promise<market.MarketInventoryItem[]> {
    const items = await allPages(async (offset) => (await this.client.getUserInventory(PAGE, offset)).Items);
    return items.map((item) => ({
      asset_id: item.AssetID,
      market_hash_name: item.Title,
      classid: item.ClassID,
      instanceid: null,
      tradable: item.Tradable ?? true,
      market_price: item.MarketPrice ? fromMajor(item.MarketPrice.Amount) : null,
    }));
  }

  override async getListings(): Promise<market.MarketListing[]> {
    const items = await allPages(async (offset) => (await this.client.getUserOffers(PAGE, offset)).Items);
    return items.map((item) =>
      this.onSale({
        listing_id: item.Offer.OfferID,
        asset_id: item.AssetID,
        market_hash_name: item.Title,
        price: fromMajor(item.Offer.Price.Amount),
      }),
    );
  }

  override async listForSale(
    items: { asset_id: string; price: string }[],
  ): Promise<market.ListForSaleResult[]> {
    if (items.length === 0) return [];
    const { Result } = await this.client.createOffers(
      items.map((item) => ({ AssetID: item.asset_id, Price: usd(item.price, 'up') })),
    );
    return items.map((item, index) => {
      const result = Result[index];
      return {
        asset_id: item.asset_id,
        listing_id: result?.Successful ? (result.OfferID ?? null) : null,
        error: result?.Successful ? null : (result?.Error?.Message ?? result?.Error?.Code ?? 'not listed'),
      };
    });
  }

  override async setPrices(
    items: { listing_id: string; price: string | null }[],
  ): Promise<market.SetPriceResult[]> {
    const outcome = new Map<string, string | null>();
    const removals = items.filter((item) => isDelist(item.price));
    if (removals.length > 0) {
      const { Result } = await this.client.deleteOffers(removals.map((item) => item.listing_id));
      for (const result of Result) {
        outcome.set(
          result.DeleteOffer.OfferID,
          result.Successful ? null : (result.Error?.Message ?? 'not deleted'),
        );
      }
    }
    const edits = items.filter((item) => !isDelist(item.price));
    if (edits.length > 0) {
      // An edit names the asset too: read it from our offers.
      const offers = new Map(
        (await this.getListings()).map((listing) => [listing.listing_id, listing.asset_id]),
      );
      const known = edits.filter((item) => offers.has(item.listing_id));
      for (const item of edits)
        if (!offers.has(item.listing_id)) outcome.set(item.listing_id, 'offer not found');
      if (known.length > 0) {
        const { Result } = await this.client.editOffers(
          known.map((item) => ({
            OfferID: item.listing_id,
            AssetID: offers.get(item.listing_id) ?? '',
            Price: usd(item.price as string, 'up'),
          })),
        );
        known.forEach((item, index) => {
          const result = Result[index];
          outcome.set(item.listing_id, result?.Successful ? null : (result?.Error?.Message ?? 'not edited'));
        });
      }
    }
    return items.map((item) => {
      const error = outcome.has(item.listing_id) ? (outcome.get(item.listing_id) ?? null) : 'no answer';
      return { listing_id: item.listing_id, ok: error === null, error };
    });
  }

  override async getBuyOrders(): Promise<market.MarketBuyOrder[]> {
    return (await this.targets()).map((target) => this.toOrder(target));
  }

  /** Targets have no edit: a different price or amount replaces the target (delete, then create). */
  override async setBuyOrder(order: { market_hash_name: string; price: string; count: number }) {
    const name = order.market_hash_name;
    const existing = (await this.targets()).filter((target) => target.Title === name);
    const price = usd(order.price, 'down');
    const removing = order.count <= 0 || isZero(order.price);
    const same = removing
      ? undefined
      : existing.find(
          (t) => fromMajor(t.Price.Amount) === fromMajor(price.Amount) && t.Amount === order.count,
        );
    const stale = existing.filter((target) => target !== same);
    if (stale.length > 0) await this.client.deleteTargets(stale.map((target) => target.TargetID));
    if (removing) return null;
    if (same) return this.toOrder(same);
    const before = new Set(existing.map((target) => target.TargetID));
    return spendOnce({
      market: this.code,
      call: 'dmarket.user-targets/create',
      attempt: async () => {
        const { Result } = await this.client.createTargets([
          { Title: name, Amount: order.count, Price: price },
        ]);
        const result = Result[0];
        if (!result?.Successful || !result.TargetID) {
          throw this.refusal(result?.Error?.Code ?? null, result?.Error?.Message ?? 'target not created');
        }
        return {
          order_id: result.TargetID,
          market_hash_name: name,
          price: fromMajor(price.Amount),
          currency: this.currency,
          count: order.count,
        };
      },
      verify: async () => {
        const created = (await this.targets()).find(
          (target) =>
            !before.has(target.TargetID) &&
            target.Title === name &&
            fromMajor(target.Price.Amount) === fromMajor(price.Amount),
        );
        return created ? this.toOrder(created) : null;
      },
    });
  }

  override async getBalance(): Promise<market.MarketBalance> {
    const balance = await this.client.getBalance();
    return { amount: dmarketBalanceToMajor(balance.usd), currency: this.currency, on_hold: null };
  }

  override async getHistory(from: Date, to: Date): Promise<market.MarketHistoryEntry[]> {
    const within = (seconds: number) => seconds * 1000 >= from.getTime() && seconds * 1000 <= to.getTime();
    const sales = await allPages(async (offset) => (await this.client.getClosedOffers(PAGE, offset)).Trades);
    const buys = await allPages(async (offset) => (await this.client.getClosedTargets(PAGE, offset)).Trades);
    const entries: market.MarketHistoryEntry[] = [
      ...sales
        .filter((trade) => within(trade.OfferClosedAt))
        .map((trade) => ({
          id: `offer:${trade.OfferID ?? trade.AssetID ?? ''}`,
          side: 'sell' as const,
          market_hash_name: trade.Title,
          price: fromMajor(trade.Price.Amount),
          currency: this.currency,
          at: new Date(trade.OfferClosedAt * 1000).toISOString(),
          status: trade.Status,
        })),
      ...buys
        .filter((trade) => within(trade.ClosedAt))
        .map((trade) => ({
          id: `target:${trade.TargetID ?? ''}:${trade.AssetID ?? ''}`,
          side: 'buy' as const,
          market_hash_name: trade.Title,
          price: fromMajor(trade.Price.Amount),
          currency: this.currency,
          at: new Date(trade.ClosedAt * 1000).toISOString(),
          status: trade.Status,
        })),
    ];
    return entries.sort((a, b) => b.at.localeCompare(a.at));
  }

  private async targets(): Promise<DmarketTarget[]> {
    return allPages(async (offset) => (await this.client.getUserTargets(PAGE, offset)).Items);
  }

  private toOrder(target: DmarketTarget): market.MarketBuyOrder {
    return {
      order_id: target.TargetID,
      market_hash_name: target.Title,
      price: fromMajor(target.Price.Amount),
      currency: this.currency,
      count: target.Amount,
    };
  }

  private refusal(code: string | null, message: string) {
    return new MarketApiError({
      market: this.code,
      call: 'dmarket.user-targets/create',
      status: 200,
      code,
      message,
    });
  }
}
