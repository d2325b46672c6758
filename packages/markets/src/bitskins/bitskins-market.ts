import type * as market from '../market.ts';
import { everyCapabilityBut } from '../kit/base-market.ts';
import { fromUnits, toUnits } from '../kit/decimal-units.ts';
import type { MarketPurchase } from '../kit/purchase.ts';
import { setPricesOneByOne } from '../kit/set-prices-one-by-one.ts';
import { spendOnce } from '../kit/spend-once.ts';
import { UsdMarket, type UsdMarketConfig } from '../kit/usd-market.ts';
import { BITSKINS_UNITS_PER_USD, BitskinsClient } from './bitskins-client.ts';
import type { BitskinsHistoryRow } from './bitskins-types.ts';

const mils = (units: number | string) => fromUnits(units, BITSKINS_UNITS_PER_USD);
const PAGE = 500;

/**
 * BitSkins behind the common Market interface: USD, mils on the wire. No buy orders (marketplaces.md has
 * none for BitSkins). Listing from the Steam inventory is a deposit (`/steam/deposit/many`).
 */
export class BitskinsMarket extends UsdMarket<BitskinsClient> {
  readonly code = 'bitskins' as const;
  readonly capabilities = everyCapabilityBut('buy_orders');

  constructor(config: UsdMarketConfig) {
    super('bitskins', config, new BitskinsClient(config));
  }

  override async getPrices(marketHashNames?: string[]): Promise<market.MarketPrice[]> {
    const { list } = await this.client.getInSell();
    return this.offerPrices(
      list,
      marketHashNames,
      (row) => row.name,
      (row) => (row.quantity > 0 ? mils(row.price_min) : null),
    );
  }

  override async getInventory(): Promise<market.MarketInventoryItem[]> {
    const { list } = await this.client.getSteamInventory();
    return list.map((item) => ({
      asset_id: item.asset_id,
      market_hash_name: item.name,
      classid: item.class_id,
      instanceid: item.instance_id,
      tradable: item.tradable ?? true,
      market_price: null,
    }));
  }

  override async getListings(): Promise<market.MarketListing[]> {
    const listings: market.MarketListing[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const { list } = await this.client.getMyListings(PAGE, offset);
      for (const row of list) {
        listings.push(
          this.onSale({
            listing_id: row.id,
            asset_id: row.asset_id,
            market_hash_name: row.name,
            price: mils(row.price),
          }),
        );
      }
      if (list.length < PAGE) return listings;
    }
  }

  override async listForSale(
    items: { asset_id: string; price: string }[],
  ): Promise<market.ListForSaleResult[]> {
    if (items.length === 0) return [];
    const { result } = await this.client.depositItems(
      items.map((item) => ({ id: item.asset_id, price: toUnits(item.price, BITSKINS_UNITS_PER_USD, 'up') })),
    );
    const byAsset = new Map(result.map((row) => [row.asset_id, row]));
    return items.map((item) => {
      const row = byAsset.get(item.asset_id);
      return {
        asset_id: item.asset_id,
        listing_id: row?.success ? (row.id ?? null) : null,
        error: row?.success ? null : (row?.error ?? 'not listed'),
      };
    });
  }

  override async setPrices(
    items: { listing_id: string; price: string | null }[],
  ): Promise<market.SetPriceResult[]> {
    return setPricesOneByOne(items, {
      delist: (id) => this.client.delist(id),
      setPrice: (id, price) => this.client.updatePrice(id, toUnits(price, BITSKINS_UNITS_PER_USD, 'up')),
      refusal: (error) => error.code ?? error.reason,
    });
  }

  override async getBalance(): Promise<market.MarketBalance> {
    return { amount: mils((await this.client.getBalance()).balance), currency: this.currency, on_hold: null };
  }

  override async getHistory(from: Date, to: Date): Promise<market.MarketHistoryEntry[]> {
    const rows = [...(await this.historyOf('bought', from)), ...(await this.historyOf('sold', from))];
    return rows
      .filter((row) => Date.parse(row.created_at) <= to.getTime())
      .map((row) => ({
        id: `${row.type}:${row.id}`,
        side:
          row.type === 'bought'
            ? ('buy' as const)
            : row.type === 'sold'
              ? ('sell' as const)
              : ('other' as const),
        market_hash_name: row.name,
        price: mils(row.price),
        currency: this.currency,
        at: new Date(Date.parse(row.created_at)).toISOString(),
        status: null,
      }))
      .sort((a, b) => b.at.localeCompare(a.at));
  }

  /**
   * Buys one listing for at most `max_price`. Never repeated blindly: after an ambiguous failure it looks
   * for the listing among our bought items first.
   */
  async buy(request: { listing_id: string; max_price: string }): Promise<MarketPurchase> {
    const maxPrice = toUnits(request.max_price, BITSKINS_UNITS_PER_USD, 'down');
    const purchase = (name: string | null, price: number | string | null): MarketPurchase => ({
      purchase_id: request.listing_id,
      custom_id: null,
      market_hash_name: name,
      price: price === null ? null : mils(price),
      currency: this.currency,
    });
    return spendOnce({
      market: this.code,
      call: 'bitskins.market/buy/single',
      attempt: async () => {
        const bought = await this.client.buySingle(request.listing_id, maxPrice);
        return purchase(bought.name, bought.price);
      },
      verify: async () => {
        const { list } = await this.client.getHistory('bought', 100, 0);
        const row = list.find((entry) => entry.id === request.listing_id);
        return row ? purchase(row.name, row.price) : null;
      },
    });
  }

  private async historyOf(type: 'bought' | 'sold', from: Date): Promise<BitskinsHistoryRow[]> {
    const rows: BitskinsHistoryRow[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const { list } = await this.client.getHistory(type, PAGE, offset);
      rows.push(...list.filter((row) => Date.parse(row.created_at) >= from.getTime()));
      const oldest = list.at(-1);
      if (list.length < PAGE || (oldest && Date.parse(oldest.created_at) < from.getTime())) return rows;
    }
  }
}
