import { randomUUID } from 'node:crypto';

import type * as market from '../market.ts';
import { everyCapabilityBut, isDelist, uniqueNames } from '../kit/base-market.ts';
import { fromUnits, isZero, toUnits } from '../kit/decimal-units.ts';
import type { MarketPurchase, TradeLink } from '../kit/purchase.ts';
import { spendOnce } from '../kit/spend-once.ts';
import { UsdMarket, type UsdMarketConfig } from '../kit/usd-market.ts';
import { WAXPEER_UNITS_PER_USD, WaxpeerClient } from './waxpeer-client.ts';
import type { WaxpeerBuyOrder } from './waxpeer-types.ts';

const mils = (units: number | string) => fromUnits(units, WAXPEER_UNITS_PER_USD);

/** Waxpeer behind the common Market interface: USD, mils on the wire, listings keyed by the Steam asset id. */
export class WaxpeerMarket extends UsdMarket<WaxpeerClient> {
  readonly code = 'waxpeer' as const;
  readonly capabilities = everyCapabilityBut();

  constructor(config: UsdMarketConfig) {
    super('waxpeer', config, new WaxpeerClient(config));
  }

  override async getPrices(marketHashNames?: string[]): Promise<market.MarketPrice[]> {
    const wanted = marketHashNames ? new Set(uniqueNames(marketHashNames)) : null;
    const { items } = await this.client.getPrices(wanted?.size === 1 ? [...wanted][0] : undefined);
    return this.offerPrices(
      items,
      marketHashNames,
      (item) => item.name,
      (item) => (item.min !== null && Number(item.count ?? 1) > 0 ? mils(item.min) : null),
    );
  }

  override async getInventory(): Promise<market.MarketInventoryItem[]> {
    const { items } = await this.client.getMyInventory();
    return items.map((item) => ({
      asset_id: item.item_id,
      market_hash_name: item.name,
      classid: item.classid,
      instanceid: null,
      tradable: item.tradable ?? true,
      market_price: item.steam_price?.average != null ? mils(item.steam_price.average) : null,
    }));
  }

  override async getListings(): Promise<market.MarketListing[]> {
    const { items } = await this.client.getListedItems();
    return items.map((item) =>
      this.onSale(
        {
          listing_id: item.item_id,
          asset_id: item.item_id,
          market_hash_name: item.name,
          price: mils(item.price),
        },
        item.position,
      ),
    );
  }

  override async listForSale(
    items: { asset_id: string; price: string }[],
  ): Promise<market.ListForSaleResult[]> {
    // Waxpeer takes the Steam asset id as a JSON number: anything else (or one past 2^53) cannot be listed.
    const sendable = (id: string) => /^\d+$/.test(id) && Number.isSafeInteger(Number(id));
    const valid = items.filter((item) => sendable(item.asset_id));
    const result =
      valid.length === 0
        ? { listed: [], failed: [], msg: undefined }
        : await this.client.listItems(
            valid.map((item) => ({
              item_id: item.asset_id,
              price: toUnits(item.price, WAXPEER_UNITS_PER_USD, 'up'),
            })),
          );
    const listed = new Set(result.listed.map((entry) => entry.item_id));
    const failed = new Map(result.failed.map((entry) => [entry.item_id, entry.msg ?? 'failed']));
    return items.map((item) => ({
      asset_id: item.asset_id,
      // Waxpeer keys a listing by the Steam asset id it was listed from.
      listing_id: listed.has(item.asset_id) ? item.asset_id : null,
      error: listed.has(item.asset_id)
        ? null
        : sendable(item.asset_id)
          ? (failed.get(item.asset_id) ?? result.msg ?? 'not listed')
          : 'invalid asset id',
    }));
  }

  override async setPrices(
    items: { listing_id: string; price: string | null }[],
  ): Promise<market.SetPriceResult[]> {
    const outcome = new Map<string, string | null>();
    // Waxpeer keys listings by the numeric Steam asset id; anything else cannot be one of ours.
    for (const item of items)
      if (!/^\d+$/.test(item.listing_id) || !Number.isSafeInteger(Number(item.listing_id)))
        outcome.set(item.listing_id, 'item_not_found');
    const valid = items.filter((item) => !outcome.has(item.listing_id));
    const removals = valid.filter((item) => isDelist(item.price));
    const edits = valid.filter((item) => !isDelist(item.price));
    if (removals.length > 0) {
      const answer = await this.client.removeItems(removals.map((item) => item.listing_id));
      // The real answer says how many went (`count`), not which: look at what is still listed.
      const gone = new Set(answer.removed ?? []);
      if (answer.removed === undefined) {
        const still = new Set((await this.client.getListedItems()).items.map((row) => row.item_id));
        for (const item of removals) if (!still.has(item.listing_id)) gone.add(item.listing_id);
      }
      for (const item of removals)
        outcome.set(item.listing_id, gone.has(item.listing_id) ? null : 'not removed');
    }
    if (edits.length > 0) {
      const result = await this.client.editItems(
        edits.map((item) => ({
          item_id: item.listing_id,
          price: toUnits(item.price as string, WAXPEER_UNITS_PER_USD, 'up'),
        })),
      );
      const updated = new Set(result.updated.map((entry) => entry.item_id));
      const failed = new Map(result.failed.map((entry) => [entry.item_id, entry.msg ?? 'failed']));
      for (const item of edits) {
        outcome.set(
          item.listing_id,
          updated.has(item.listing_id) ? null : (failed.get(item.listing_id) ?? 'not updated'),
        );
      }
    }
    return items.map((item) => {
      const error = outcome.get(item.listing_id) ?? null;
      return { listing_id: item.listing_id, ok: error === null, error };
    });
  }

  override async getBuyOrders(): Promise<market.MarketBuyOrder[]> {
    const { offers } = await this.client.getBuyOrders();
    return offers.map((order) => this.toOrder(order)).filter((order) => order.count > 0);
  }

  override async setBuyOrder(order: { market_hash_name: string; price: string; count: number }) {
    const name = order.market_hash_name;
    const existing = (await this.client.getBuyOrders({ name })).offers.filter((offer) => offer.name === name);
    if (order.count <= 0 || isZero(order.price)) {
      if (existing.length > 0) await this.client.removeBuyOrders(existing.map((offer) => offer.id));
      return null;
    }
    const price = toUnits(order.price, WAXPEER_UNITS_PER_USD, 'down');
    const [current, ...extra] = existing;
    if (extra.length > 0) await this.client.removeBuyOrders(extra.map((offer) => offer.id));
    if (current) {
      const mine = this.toOrder(current);
      if (Number(current.price) === price && mine.count === order.count) return mine;
      const amount = order.count + Number(current.filled ?? 0);
      return spendOnce({
        market: this.code,
        call: 'waxpeer.edit-buy-order',
        attempt: async () => {
          await this.client.editBuyOrder({ id: current.id, amount, price });
          return { ...mine, price: mils(price), count: order.count };
        },
        verify: async () => {
          const now = (await this.client.getBuyOrders({ name })).offers.find(
            (offer) => offer.id === current.id,
          );
          return now && Number(now.price) === price && Number(now.amount) === amount
            ? this.toOrder(now)
            : null;
        },
      });
    }
    const before = new Set(existing.map((offer) => offer.id));
    return spendOnce({
      market: this.code,
      call: 'waxpeer.create-buy-order',
      attempt: async () => {
        const created = await this.client.createBuyOrder({ name, amount: order.count, price });
        return {
          order_id: created.id ?? '',
          market_hash_name: name,
          price: mils(price),
          currency: this.currency,
          count: order.count,
        };
      },
      verify: async () => {
        const now = (await this.client.getBuyOrders({ name })).offers.find(
          (offer) => !before.has(offer.id) && offer.name === name && Number(offer.price) === price,
        );
        return now ? this.toOrder(now) : null;
      },
    });
  }

  override async getBalance(): Promise<market.MarketBalance> {
    const { user } = await this.client.getProfile();
    return { amount: mils(user?.wallet ?? 0), currency: this.currency, on_hold: null };
  }

  override async getHistory(from: Date, to: Date): Promise<market.MarketHistoryEntry[]> {
    const entries: market.MarketHistoryEntry[] = [];
    for (let skip = 0; ; skip += 100) {
      const { data } = await this.client.getMyHistory({
        skip,
        start: from.toISOString(),
        end: to.toISOString(),
      });
      const rows = data.trades;
      for (const row of rows) {
        const action = row.action ?? row.type;
        entries.push({
          id: row.id ?? row.item_id ?? '',
          side: action === 'buy' ? 'buy' : action === 'sell' ? 'sell' : 'other',
          market_hash_name: row.name,
          price: row.price !== null ? mils(row.price) : null,
          currency: this.currency,
          at: row.created ?? row.date ?? from.toISOString(),
          status: row.status === null ? null : String(row.status),
        });
      }
      if (rows.length < 100) return entries;
    }
  }

  /**
   * Buys the cheapest offer of a name for at most `max_price`, delivered to `trade_link`. Never repeated
   * blindly: after an ambiguous failure it looks the purchase up by its project_id first.
   */
  async buy(request: {
    market_hash_name: string;
    max_price: string;
    trade_link: TradeLink;
    custom_id?: string;
  }) {
    const projectId = request.custom_id ?? randomUUID().replace(/-/g, '').slice(0, 32);
    const price = toUnits(request.max_price, WAXPEER_UNITS_PER_USD, 'down');
    const purchase = (id: string | null, paid: unknown, name: string | null): MarketPurchase => ({
      purchase_id: id ?? '',
      custom_id: projectId,
      market_hash_name: name ?? request.market_hash_name,
      price: paid === null || paid === undefined ? null : mils(paid as number | string),
      currency: this.currency,
    });
    return spendOnce({
      market: this.code,
      call: 'waxpeer.buy-one-p2p-name',
      attempt: async () => {
        const bought = await this.client.buyByName({
          name: request.market_hash_name,
          price,
          partner: request.trade_link.partner,
          token: request.trade_link.token,
          project_id: projectId,
        });
        return purchase(bought.id, bought.price, bought.name);
      },
      verify: async () => {
        const { trades } = await this.client.checkProjectIds([projectId]);
        const trade = trades.find((candidate) => candidate.project_id === projectId);
        return trade ? purchase(trade.id, trade.price, trade.name) : null;
      },
    });
  }

  private toOrder(order: WaxpeerBuyOrder): market.MarketBuyOrder {
    return {
      order_id: order.id,
      market_hash_name: order.name,
      price: mils(order.price),
      currency: this.currency,
      count: Number(order.amount) - Number(order.filled ?? 0),
    };
  }
}
