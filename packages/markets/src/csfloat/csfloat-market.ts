import type * as market from '../market.ts';
import { everyCapabilityBut } from '../kit/base-market.ts';
import { fromUnits, isZero, toUnits } from '../kit/decimal-units.ts';
import { MarketApiError } from '../kit/market-errors.ts';
import type { MarketPurchase } from '../kit/purchase.ts';
import { setPricesOneByOne } from '../kit/set-prices-one-by-one.ts';
import { spendOnce } from '../kit/spend-once.ts';
import { UsdMarket, type UsdMarketConfig } from '../kit/usd-market.ts';
import { CSFLOAT_UNITS_PER_USD, CsfloatClient } from './csfloat-client.ts';
import type { CsfloatBuyOrder } from './csfloat-types.ts';

const cents = (units: number | string) => fromUnits(units, CSFLOAT_UNITS_PER_USD);

function failure(error: unknown): string {
  if (error instanceof MarketApiError)
    return error.code === null ? error.reason : `${error.code}: ${error.reason}`;
  throw error;
}

/** CSFloat behind the common Market interface: USD, cents on the wire. */
export class CsfloatMarket extends UsdMarket<CsfloatClient> {
  readonly code = 'csfloat' as const;
  readonly capabilities = everyCapabilityBut();
  private steamId: string | null = null;

  /** Basis points below the price a buyer's offer may be accepted at; sent with every new listing. */
  readonly maxOfferDiscount: number;

  /**
   * `maxOfferDiscount`: basis points (default 0: no offer below our price). Never left to the account's
   * profile default, which lets a listing accept offers below its price (CSFloat's own default is 15%).
   */
  constructor(config: UsdMarketConfig & { maxOfferDiscount?: number }) {
    super('csfloat', config, new CsfloatClient(config));
    this.maxOfferDiscount = config.maxOfferDiscount ?? 0;
    if (
      !Number.isSafeInteger(this.maxOfferDiscount) ||
      this.maxOfferDiscount < 0 ||
      this.maxOfferDiscount > 10_000
    )
      throw new RangeError('maxOfferDiscount is basis points between 0 and 10000');
  }

  override async getPrices(marketHashNames?: string[]): Promise<market.MarketPrice[]> {
    const list = await this.client.getPriceList();
    return this.offerPrices(
      list,
      marketHashNames,
      (row) => row.market_hash_name,
      (row) => (row.min_price === null ? null : cents(row.min_price)),
    );
  }

  override async getInventory(): Promise<market.MarketInventoryItem[]> {
    return (await this.client.getInventory()).map((item) => ({
      asset_id: item.asset_id,
      market_hash_name: item.market_hash_name,
      classid: item.class_id,
      instanceid: item.instance_id,
      tradable: item.tradable === undefined ? true : Boolean(item.tradable),
      market_price: null,
    }));
  }

  override async getListings(): Promise<market.MarketListing[]> {
    const { data } = await this.client.getStall(await this.mySteamId());
    return data.map((listing) =>
      this.onSale({
        listing_id: listing.id,
        asset_id: listing.item.asset_id,
        market_hash_name: listing.item.market_hash_name,
        price: cents(listing.price),
      }),
    );
  }

  override async listForSale(
    items: { asset_id: string; price: string }[],
  ): Promise<market.ListForSaleResult[]> {
    const results: market.ListForSaleResult[] = [];
    for (const item of items) {
      try {
        const listing = await this.client.createListing({
          asset_id: item.asset_id,
          price: toUnits(item.price, CSFLOAT_UNITS_PER_USD, 'up'),
          max_offer_discount: this.maxOfferDiscount,
        });
        results.push({ asset_id: item.asset_id, listing_id: listing.id, error: null });
      } catch (error) {
        results.push({ asset_id: item.asset_id, listing_id: null, error: failure(error) });
      }
    }
    return results;
  }

  override async setPrices(
    items: { listing_id: string; price: string | null }[],
  ): Promise<market.SetPriceResult[]> {
    return setPricesOneByOne(items, {
      delist: (id) => this.client.deleteListing(id),
      setPrice: (id, price) => this.client.updateListing(id, toUnits(price, CSFLOAT_UNITS_PER_USD, 'up')),
      refusal: failure,
    });
  }

  override async getBuyOrders(): Promise<market.MarketBuyOrder[]> {
    return (await this.allOrders()).map((order) => this.toOrder(order));
  }

  /** CSFloat has no edit for buy orders: a different price or count replaces the order (delete, create). */
  override async setBuyOrder(order: { market_hash_name: string; price: string; count: number }) {
    const name = order.market_hash_name;
    const existing = (await this.allOrders()).filter((row) => row.market_hash_name === name);
    const maxPrice = toUnits(order.price, CSFLOAT_UNITS_PER_USD, 'down');
    const same = existing.find((row) => Number(row.max_price) === maxPrice && row.quantity === order.count);
    const remove = existing.filter((row) => row !== same || order.count <= 0 || isZero(order.price));
    for (const row of remove) await this.client.deleteBuyOrder(row.id);
    if (order.count <= 0 || isZero(order.price)) return null;
    if (same) return this.toOrder(same);
    const before = new Set(existing.map((row) => row.id));
    return spendOnce({
      market: this.code,
      call: 'csfloat.buy-orders/create',
      attempt: async () =>
        this.toOrder(
          await this.client.createBuyOrder({
            market_hash_name: name,
            max_price: maxPrice,
            quantity: order.count,
          }),
          name,
        ),
      verify: async () => {
        const created = (await this.allOrders()).find(
          (row) => !before.has(row.id) && row.market_hash_name === name && Number(row.max_price) === maxPrice,
        );
        return created ? this.toOrder(created) : null;
      },
    });
  }

  override async getBalance(): Promise<market.MarketBalance> {
    const { user } = await this.client.getMe();
    this.steamId = user.steam_id;
    return {
      amount: cents(user.balance),
      currency: this.currency,
      on_hold: user.pending_balance === null ? null : cents(user.pending_balance),
    };
  }

  override async getHistory(from: Date, to: Date): Promise<market.MarketHistoryEntry[]> {
    const me = await this.mySteamId();
    const entries: market.MarketHistoryEntry[] = [];
    for (let page = 0; ; page++) {
      const { trades } = await this.client.getTrades(page);
      for (const trade of trades) {
        const at = Date.parse(trade.created_at);
        if (at < from.getTime() || at > to.getTime()) continue;
        entries.push({
          id: trade.id,
          side: trade.buyer_id === me ? 'buy' : trade.seller_id === me ? 'sell' : 'other',
          market_hash_name: trade.contract.item.market_hash_name,
          price: cents(trade.contract.price),
          currency: this.currency,
          at: new Date(at).toISOString(),
          status: trade.state,
        });
      }
      const oldest = trades.at(-1);
      if (trades.length < 100 || (oldest && Date.parse(oldest.created_at) < from.getTime())) return entries;
    }
  }

  /**
   * Buys one listing at exactly `price` (CSFloat refuses when the price moved). Never repeated blindly:
   * after an ambiguous failure it looks for the trade of that listing in /me/trades first.
   */
  async buy(request: { listing_id: string; price: string }): Promise<MarketPurchase> {
    const total = toUnits(request.price, CSFLOAT_UNITS_PER_USD, 'half-up');
    const me = await this.mySteamId();
    return spendOnce({
      market: this.code,
      call: 'csfloat.listings/buy',
      attempt: async () => {
        await this.client.buyListings({ contract_ids: [request.listing_id], total_price: total });
        return {
          purchase_id: request.listing_id,
          custom_id: null,
          market_hash_name: null,
          price: cents(total),
          currency: this.currency,
        };
      },
      verify: async () => {
        const { trades } = await this.client.getTrades(0);
        const trade = trades.find((row) => row.contract.id === request.listing_id && row.buyer_id === me);
        return trade
          ? {
              purchase_id: request.listing_id,
              custom_id: null,
              market_hash_name: trade.contract.item.market_hash_name,
              price: cents(trade.contract.price),
              currency: this.currency,
            }
          : null;
      },
    });
  }

  private async mySteamId(): Promise<string> {
    this.steamId ??= (await this.client.getMe()).user.steam_id;
    return this.steamId;
  }

  private async allOrders(): Promise<CsfloatBuyOrder[]> {
    const orders: CsfloatBuyOrder[] = [];
    for (let page = 0; ; page++) {
      const result = await this.client.getMyBuyOrders(page);
      orders.push(...result.orders);
      if (result.orders.length < 100) return orders;
    }
  }

  private toOrder(order: CsfloatBuyOrder, name?: string): market.MarketBuyOrder {
    return {
      order_id: order.id,
      market_hash_name: order.market_hash_name ?? name ?? '',
      price: cents(order.max_price),
      currency: this.currency,
      count: order.quantity,
    };
  }
}
