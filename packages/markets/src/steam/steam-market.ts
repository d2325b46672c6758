import type { ConvertibleCurrency } from '@toydesk/contract';
import { parseSteamCount, parseSteamPrice } from '@toydesk/steam/wire';

import type {
  ListForSaleResult,
  MarketBalance,
  MarketBuyOrder,
  MarketCapability,
  MarketListing,
  MarketPrice,
} from '../market.ts';
import { BaseMarket, uniqueNames } from '../kit/base-market.ts';
import { fromUnits, isZero, toUnits } from '../kit/decimal-units.ts';
import { MarketApiError } from '../kit/market-errors.ts';
import type { MarketClientConfig } from '../kit/market-transport.ts';
import { spendOnce } from '../kit/spend-once.ts';
import { SteamClient } from './steam-client.ts';
import { STEAM_CURRENCY_ID, STEAM_UNITS_PER_MAJOR, steamCurrencyOf } from './steam-price.ts';
import type { SteamBuyOrder, SteamListing } from './steam-types.ts';

const cents = (units: number | string) => fromUnits(units, STEAM_UNITS_PER_MAJOR);
/** A Steam price string in major units ("1 234,56 pуб." → "1234.56"), or null when it holds no number. */
const priceOf = (text: string | null | undefined) => {
  const minor = parseSteamPrice(text);
  return minor === null ? null : cents(minor);
};

/** Steam asks for a mobile confirmation of this buy order; accept it, then call setBuyOrder again. */
export class SteamConfirmationRequiredError extends MarketApiError {
  constructor(readonly confirmationId: string) {
    super({
      market: 'steam',
      call: 'steam.createbuyorder',
      status: 406,
      code: 'need_confirmation',
      message: `the buy order needs mobile confirmation ${confirmationId}`,
    });
  }
}

/**
 * The Steam Community Market behind the common Market interface, in the wallet's currency. Prices come
 * from priceoverview one name at a time (Steam has no bulk price list); a listing's price is what the
 * seller receives (Steam adds its fees on top); a listing cannot be repriced on Steam (remove it and list
 * again: `client.removeListing`), so `set_price` is not offered. Buy orders: Steam keeps one per item, so
 * another price or quantity cancels the order and places a new one.
 */
export class SteamMarket extends BaseMarket {
  readonly code = 'steam' as const;
  readonly currency: ConvertibleCurrency;
  readonly capabilities: ReadonlySet<MarketCapability> = new Set<MarketCapability>([
    'prices',
    'listings',
    'list_for_sale',
    'buy_orders',
    'balance',
  ]);
  readonly client: SteamClient;
  private readonly currencyId: number;

  constructor(config: MarketClientConfig & { currency?: ConvertibleCurrency }) {
    super();
    this.currency = config.currency ?? 'USD';
    this.currencyId = STEAM_CURRENCY_ID[this.currency];
    this.client = new SteamClient(config);
  }

  /** One priceoverview call per name, one after another (the endpoint answers 429 when hammered). */
  override async getPrices(marketHashNames: string[] = []): Promise<MarketPrice[]> {
    const prices: MarketPrice[] = [];
    for (const name of uniqueNames(marketHashNames)) {
      const overview = await this.client.getPriceOverview(name, this.currencyId);
      prices.push({
        market_hash_name: name,
        price: overview.success ? priceOf(overview.lowest_price) : null,
        buy_order: null,
        currency: this.currency,
        volume: overview.success ? parseSteamCount(overview.volume) : null,
      });
    }
    return prices;
  }

  /** Active listings (`on_sale`) and listings waiting for a mobile confirmation (`unknown`). */
  override async getListings(): Promise<MarketListing[]> {
    const listings: MarketListing[] = [];
    for (let start = 0; ; start += 100) {
      const page = await this.client.getMyListings(start, 100);
      listings.push(...page.listings.map((listing) => this.toListing(listing, 'on_sale')));
      if (start === 0)
        listings.push(...page.listings_to_confirm.map((listing) => this.toListing(listing, 'unknown')));
      if (page.listings.length < 100 || start + 100 >= (page.total_count ?? 0)) return listings;
    }
  }

  /**
   * Lists items one after another (Steam refuses concurrent sellitem calls); `price` is what the seller
   * receives. Steam does not answer a listing id, so the listings are read once afterwards. After an
   * ambiguous failure the asset is looked for among the listings before it is tried again.
   */
  override async listForSale(items: { asset_id: string; price: string }[]): Promise<ListForSaleResult[]> {
    const errors = new Map<string, string | null>();
    for (const item of items) {
      try {
        await spendOnce({
          market: this.code,
          call: 'steam.sellitem',
          attempt: async () => {
            await this.client.sellItem(item.asset_id, toUnits(item.price, STEAM_UNITS_PER_MAJOR, 'up'));
            return true;
          },
          verify: async () => ((await this.listingsByAsset()).has(item.asset_id) ? true : null),
        });
        errors.set(item.asset_id, null);
      } catch (error) {
        if (!(error instanceof MarketApiError)) throw error;
        errors.set(item.asset_id, error.reason);
      }
    }
    const listed = [...errors.values()].some((error) => error === null)
      ? await this.listingsByAsset()
      : new Map();
    return items.map((item) => {
      const error = errors.get(item.asset_id) ?? null;
      return {
        asset_id: item.asset_id,
        listing_id: error === null ? (listed.get(item.asset_id) ?? null) : null,
        error,
      };
    });
  }

  override async getBuyOrders(): Promise<MarketBuyOrder[]> {
    return (await this.client.getMyListings(0, 1)).buy_orders.map((order) => this.toOrder(order));
  }

  /**
   * Places, replaces or cancels the one buy order Steam keeps per item. Codes: 29 (an order exists: read it),
   * 25 (too many orders or too much against the wallet: refused), 8 (Steam does not know the outcome: the
   * order is looked for before anything else, then tried once more).
   */
  override async setBuyOrder(order: { market_hash_name: string; price: string; count: number }) {
    const name = order.market_hash_name;
    const current = await this.orderOf(name);
    const unit =
      order.count > 0 && !isZero(order.price) ? toUnits(order.price, STEAM_UNITS_PER_MAJOR, 'down') : 0;
    if (
      current &&
      unit > 0 &&
      Number(current.price) === unit &&
      Number(current.quantity_remaining) === order.count
    ) {
      return this.toOrder(current);
    }
    if (current) await this.client.cancelBuyOrder(current.buy_orderid);
    if (unit === 0) return null;
    const cancelled = current?.buy_orderid;
    return spendOnce({
      market: this.code,
      call: 'steam.createbuyorder',
      attempt: async () => {
        const reply = await this.client.createBuyOrder({
          marketHashName: name,
          currencyId: this.currencyId,
          unitPrice: unit,
          quantity: order.count,
        });
        if ((reply.success === 1 || reply.success === true) && reply.buy_orderid) {
          return {
            order_id: reply.buy_orderid,
            market_hash_name: name,
            price: cents(unit),
            currency: this.currency,
            count: order.count,
          };
        }
        if (reply.need_confirmation && reply.confirmation) {
          throw new SteamConfirmationRequiredError(reply.confirmation.confirmation_id);
        }
        const code = String(reply.success);
        if (code === '29') {
          const existing = await this.orderOf(name);
          if (existing && existing.buy_orderid !== cancelled) return this.toOrder(existing);
        }
        throw new MarketApiError({
          market: this.code,
          call: 'steam.createbuyorder',
          status: 200,
          code,
          message: reply.message ?? `Steam refused the buy order (${code})`,
          uncertain: code === '8',
        });
      },
      verify: async () => {
        const existing = await this.orderOf(name);
        return existing && existing.buy_orderid !== cancelled ? this.toOrder(existing) : null;
      },
    });
  }

  /** The wallet from the market page; its own currency wins over the configured one. */
  override async getBalance(): Promise<MarketBalance> {
    const wallet = await this.client.getWallet();
    const delayed = Number(wallet.wallet_delayed_balance ?? 0);
    return {
      amount: cents(wallet.wallet_balance),
      currency: steamCurrencyOf(wallet.wallet_currency) ?? this.currency,
      on_hold: delayed > 0 ? cents(delayed) : null,
    };
  }

  private async orderOf(name: string): Promise<SteamBuyOrder | undefined> {
    return (await this.client.getMyListings(0, 1)).buy_orders.find((order) => order.hash_name === name);
  }

  private async listingsByAsset(): Promise<Map<string, string>> {
    const page = await this.client.getMyListings(0, 100);
    return new Map(
      [...page.listings, ...page.listings_to_confirm].map((listing) => [listing.asset.id, listing.listingid]),
    );
  }

  private toListing(listing: SteamListing, status: 'on_sale' | 'unknown'): MarketListing {
    return {
      listing_id: listing.listingid,
      asset_id: listing.asset.id,
      market_hash_name: listing.asset.market_hash_name ?? '',
      price: cents(listing.price),
      currency: this.currency,
      status,
      position: null,
    };
  }

  private toOrder(order: SteamBuyOrder): MarketBuyOrder {
    return {
      order_id: order.buy_orderid,
      market_hash_name: order.hash_name,
      price: cents(order.price),
      currency: this.currency,
      count: Number(order.quantity_remaining),
    };
  }
}
