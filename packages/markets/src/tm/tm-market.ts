import type {
  ListForSaleResult,
  Market,
  MarketBalance,
  MarketBuyOrder,
  MarketHistoryEntry,
  MarketInventoryItem,
  MarketListing,
  MarketListingStatus,
  MarketPrice,
  SetPriceResult,
} from '../market.ts';
import { mapInSlices } from '@toydesk/http';

import { everyCapabilityBut } from '../kit/base-market.ts';
import type { TmOrder } from './resources/orders.ts';
import type { TmClient, TmFamilyCode } from './tm-client.ts';
import { isZeroAmount, type TmCurrency } from './tm-units.ts';

const LISTING_STATUS: Record<string, MarketListingStatus> = {
  '1': 'on_sale',
  '2': 'sold',
  '3': 'bought',
  '4': 'ready',
};

/** The common Market interface over a tm-family client (tm, tm_usd, cs7, cs7_proxy). */
export class TmMarket implements Market {
  readonly code: TmFamilyCode;
  readonly currency: TmCurrency;
  readonly capabilities = everyCapabilityBut();

  constructor(readonly client: TmClient) {
    this.code = client.market;
    this.currency = client.currency;
  }

  /** The public class_instance list in the account's currency, optionally only the given names. */
  async getPrices(marketHashNames?: string[]): Promise<MarketPrice[]> {
    const list = await this.client.publicFiles.classInstancePrices(this.currency);
    const wanted = marketHashNames === undefined ? null : new Set(marketHashNames);
    return mapInSlices(
      list.items.filter((item) => wanted === null || wanted.has(item.marketHashName)),
      (item) => ({
        market_hash_name: item.marketHashName,
        price: item.price,
        buy_order: item.buyOrder,
        currency: list.currency,
        volume: item.popularity7d,
        classid_instanceid: item.classInstance,
      }),
    );
  }

  async getInventory(): Promise<MarketInventoryItem[]> {
    return (await this.client.selling.myInventory()).map((item) => ({
      asset_id: item.assetId,
      market_hash_name: item.marketHashName,
      classid: item.classid,
      instanceid: item.instanceid,
      tradable: item.tradable,
      market_price: item.marketPrice,
    }));
  }

  /** `items`: our listings and purchases (status 1 on sale, 2 sold, 3 bought, 4 ready to collect). */
  async getListings(): Promise<MarketListing[]> {
    return (await this.client.selling.items()).map((item) => ({
      listing_id: item.itemId,
      asset_id: item.assetId,
      market_hash_name: item.marketHashName,
      price: item.price,
      currency: item.currency,
      status: LISTING_STATUS[item.status] ?? 'unknown',
      position: item.position,
    }));
  }

  /** add-to-sale for each, with the inventory refresh, the 30 s wait and one more try (spec sections 4, 8). */
  async listForSale(items: { asset_id: string; price: string }[]): Promise<ListForSaleResult[]> {
    const results = await this.client.selling.listItems(
      items.map((item) => ({ assetId: item.asset_id, price: item.price })),
    );
    return results.map((result) => ({
      asset_id: result.assetId,
      listing_id: result.itemId,
      error: result.error,
    }));
  }

  /** MassSetPriceById in batches of 100; a null or zero price takes the listing off sale. */
  async setPrices(items: { listing_id: string; price: string | null }[]): Promise<SetPriceResult[]> {
    const results = await this.client.selling.massSetPriceById(
      items.map((item) => ({ itemId: item.listing_id, price: isZeroAmount(item.price) ? null : item.price })),
    );
    return results.map((result) => ({ listing_id: result.itemId, ok: result.ok, error: result.error }));
  }

  /** Every page of get-orders (the order loop: it throws when a page fails). */
  async getBuyOrders(): Promise<MarketBuyOrder[]> {
    return (await this.client.orders.getAllOrders()).map(buyOrderOf);
  }

  /** set-order with the safety check; count 0 or price "0" deletes the order (null is returned). */
  async setBuyOrder(order: {
    market_hash_name: string;
    price: string;
    count: number;
  }): Promise<MarketBuyOrder | null> {
    const remove = order.count <= 0 || isZeroAmount(order.price);
    const result = await this.client.orders.setOrder({
      marketHashName: order.market_hash_name,
      price: remove ? '0' : order.price,
      count: remove ? 1 : order.count,
    });
    return result.order === null ? null : buyOrderOf(result.order);
  }

  async getBalance(): Promise<MarketBalance> {
    const balance = await this.client.account.getMoney();
    return { amount: balance.money, currency: balance.currency, on_hold: balance.settlement };
  }

  /** operation-history between the two times; transfers and other events come as side `other`. */
  async getHistory(from: Date, to: Date): Promise<MarketHistoryEntry[]> {
    return (await this.client.history.operationHistory(from, to)).map((entry) => ({
      id: entry.id ?? `${entry.event}:${entry.itemId ?? entry.customId ?? entry.time}`,
      side: entry.event === 'buy' || entry.event === 'sell' ? entry.event : 'other',
      market_hash_name: entry.marketHashName,
      price: entry.paid,
      currency: entry.currency,
      at: new Date(entry.time * 1000).toISOString(),
      status: entry.stage,
    }));
  }
}

function buyOrderOf(order: TmOrder): MarketBuyOrder {
  return {
    order_id: order.id,
    market_hash_name: order.marketHashName,
    price: order.price,
    currency: order.currency,
    count: order.count,
  };
}
