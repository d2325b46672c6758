import type { ConvertibleCurrency } from '@toydesk/contract';
import { HttpError, TIMEOUTS } from '@toydesk/http';
import * as steam from '@toydesk/steam/market';

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
import { MarketApiError, MarketAuthError } from '../kit/market-errors.ts';
import type { MarketClientConfig } from '../kit/market-transport.ts';
import { spendOnce } from '../kit/spend-once.ts';
import { marketRateLimitKey } from '../market-endpoints.ts';
import { STEAM_CURRENCY_ID, STEAM_UNITS_PER_MAJOR, steamCurrencyOf } from './steam-price.ts';

const cents = (units: number) => fromUnits(units, STEAM_UNITS_PER_MAJOR);

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
 * The Steam Community Market behind the common Market interface, in the wallet's currency, over the one
 * Steam market client (`@toydesk/steam/market`, which the bots' Steam gateways use too): the credential is
 * the account's cookie string, the calls go through the marketplace's HttpClient with the market-client
 * timeout and the per-key rate limit, and Steam's errors become MarketApiError / MarketAuthError.
 * Prices come from priceoverview one name at a time (Steam has no bulk price list); a listing's price is
 * what the seller receives (Steam adds its fees on top); a listing cannot be repriced on Steam (remove it
 * and list again: `removeListing`), so `set_price` is not offered. Buy orders: Steam keeps one per item, so
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
  readonly web: steam.SteamWebClient;
  readonly session: steam.SteamSession;
  private readonly currencyId: number;

  constructor(config: MarketClientConfig & { currency?: ConvertibleCurrency }) {
    super();
    this.currency = config.currency ?? 'USD';
    this.currencyId = STEAM_CURRENCY_ID[this.currency];
    this.session = steam.cookieSession(config.credential, config.proxy ?? null);
    const rateLimitKey = marketRateLimitKey('steam', config.credential);
    this.web = new steam.SteamWebClient({
      http: config.http,
      hosts: { community: config.baseUrl, api: config.baseUrl },
      timeoutMs: TIMEOUTS.marketClient,
      rateLimitKeyFor: () => rateLimitKey,
    });
  }

  /** One priceoverview call per name, one after another (the endpoint answers 429 when hammered). */
  override async getPrices(marketHashNames: string[] = []): Promise<MarketPrice[]> {
    const prices: MarketPrice[] = [];
    for (const name of uniqueNames(marketHashNames)) {
      const query = { marketHashName: name, currencyId: this.currencyId };
      const overview = await this.call(() => steam.priceOverview(this.web, query, null)).catch(
        (error: unknown) => {
          if (error instanceof MarketApiError && error.code === 'not_found') return null;
          throw error;
        },
      );
      prices.push({
        market_hash_name: name,
        price: overview?.lowestPriceMinor == null ? null : cents(overview.lowestPriceMinor),
        buy_order: null,
        currency: this.currency,
        volume: overview?.volume ?? null,
      });
    }
    return prices;
  }

  /** Active listings (`on_sale`) and listings waiting for a mobile confirmation (`unknown`). */
  override async getListings(): Promise<MarketListing[]> {
    const { listings } = await this.myListings();
    return listings.flatMap((listing): MarketListing[] => {
      if (listing.status === 'on_hold') return [];
      return [
        {
          listing_id: listing.listingId,
          asset_id: listing.assetId,
          market_hash_name: listing.marketHashName ?? '',
          price: cents(listing.priceMinor),
          currency: this.currency,
          status: listing.status === 'active' ? 'on_sale' : 'unknown',
          position: null,
        },
      ];
    });
  }

  /**
   * Lists items one after another (Steam refuses concurrent sellitem calls); `price` is what the seller
   * receives. Steam does not answer a listing id: the client finds it among the listings. After an
   * ambiguous failure the asset is looked for among the listings before it is tried again.
   */
  override async listForSale(items: { asset_id: string; price: string }[]): Promise<ListForSaleResult[]> {
    const results: ListForSaleResult[] = [];
    for (const item of items) {
      const input = { assetId: item.asset_id, priceMinor: toUnits(item.price, STEAM_UNITS_PER_MAJOR, 'up') };
      try {
        const listingId = await spendOnce({
          market: this.code,
          call: 'steam.sellitem',
          attempt: async () =>
            (await this.call(() => steam.sellItem(this.web, this.session, input))).listingId,
          verify: async () => (await this.listingsByAsset()).get(item.asset_id) ?? null,
        });
        results.push({ asset_id: item.asset_id, listing_id: listingId, error: null });
      } catch (error) {
        if (!(error instanceof MarketApiError)) throw error;
        results.push({ asset_id: item.asset_id, listing_id: null, error: error.reason });
      }
    }
    return results;
  }

  /** Takes a listing off sale (Steam cannot change a listing's price: remove it and list again). */
  removeListing(listingId: string): Promise<void> {
    return this.call(() => steam.removeListing(this.web, this.session, listingId));
  }

  override async getBuyOrders(): Promise<MarketBuyOrder[]> {
    return (await this.myListings()).buyOrders.map((order) => this.toOrder(order));
  }

  /**
   * Places, replaces or cancels the one buy order Steam keeps per item. Codes: 29 (an order exists: read it),
   * 25 (too many orders or too much against the wallet: refused), 8 (Steam does not know the outcome: the
   * client looks for the order; when it is not there it is tried once more).
   */
  override async setBuyOrder(order: { market_hash_name: string; price: string; count: number }) {
    const name = order.market_hash_name;
    const current = await this.orderOf(name);
    const unit =
      order.count > 0 && !isZero(order.price) ? toUnits(order.price, STEAM_UNITS_PER_MAJOR, 'down') : 0;
    if (current && unit > 0 && current.priceMinor === unit && current.quantityRemaining === order.count) {
      return this.toOrder(current);
    }
    if (current) await this.call(() => steam.cancelBuyOrder(this.web, this.session, current.buyOrderId));
    if (unit === 0) return null;
    const cancelled = current?.buyOrderId;
    const existing = async () => {
      const found = await this.orderOf(name);
      return found && found.buyOrderId !== cancelled ? this.toOrder(found) : null;
    };
    const input = {
      marketHashName: name,
      currencyId: this.currencyId,
      priceMinor: unit,
      quantity: order.count,
    };
    return spendOnce({
      market: this.code,
      call: 'steam.createbuyorder',
      attempt: async () => {
        const created = await this.call(() => steam.createBuyOrder(this.web, this.session, input)).catch(
          async (error: unknown) => {
            if (error instanceof MarketApiError && error.code === String(steam.ERESULT.DuplicateRequest)) {
              const order = await existing();
              if (order) return order;
            }
            throw error;
          },
        );
        if (!('status' in created)) return created;
        if (created.status === 'needs_confirmation') {
          throw new SteamConfirmationRequiredError(created.confirmationId);
        }
        return {
          order_id: created.buyOrderId,
          market_hash_name: name,
          price: cents(unit),
          currency: this.currency,
          count: order.count,
        };
      },
      verify: existing,
    });
  }

  /** The wallet from the market page; its own currency wins over the configured one. */
  override async getBalance(): Promise<MarketBalance> {
    const wallet = await this.call(() => steam.getWalletBalance(this.web, this.session));
    return {
      amount: cents(wallet.balanceMinor),
      currency: steamCurrencyOf(wallet.currencyId) ?? this.currency,
      on_hold: wallet.delayedBalanceMinor > 0 ? cents(wallet.delayedBalanceMinor) : null,
    };
  }

  private myListings(): Promise<steam.MyListings> {
    return this.call(() => steam.getMyListings(this.web, this.session));
  }

  private async orderOf(name: string): Promise<steam.MarketBuyOrder | undefined> {
    return (await this.myListings()).buyOrders.find((order) => order.marketHashName === name);
  }

  private async listingsByAsset(): Promise<Map<string, string>> {
    const { listings } = await this.myListings();
    return new Map(
      listings
        .filter((listing) => listing.status !== 'on_hold')
        .map((listing) => [listing.assetId, listing.listingId]),
    );
  }

  private toOrder(order: steam.MarketBuyOrder): MarketBuyOrder {
    return {
      order_id: order.buyOrderId,
      market_hash_name: order.marketHashName,
      price: cents(order.priceMinor),
      currency: this.currency,
      count: order.quantityRemaining,
    };
  }

  /** Runs one call of the Steam client, its SteamError turned into the Market's errors. */
  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw marketError(error);
    }
  }
}

/**
 * A SteamError in the Market's terms: a failure of the transport itself (no answer) is the transport's own
 * error again, so `spendOnce` reads it as it reads every marketplace's; an expired session or a 401/403 is a
 * MarketAuthError; anything else a MarketApiError with the EResult (or the error kind) as its code.
 */
function marketError(error: unknown): unknown {
  if (!steam.isSteamError(error)) return error;
  let cause: unknown = error;
  while (steam.isSteamError(cause)) cause = cause.cause;
  if (cause instanceof HttpError) return cause;
  const status = error.status ?? 200;
  const init = {
    market: 'steam' as const,
    call: `steam.${error.operation ?? 'call'}`,
    status,
    code:
      error.eresult !== null
        ? String(error.eresult)
        : error.kind === 'session_expired'
          ? 'not_logged_in'
          : error.kind,
    message: error.operation ? error.message.slice(error.operation.length + 2) : error.message,
    uncertain:
      error.eresult === steam.ERESULT.InvalidParam ||
      ((error.kind === 'http' || error.kind === 'malformed') && (error.status === null || status >= 500)),
  };
  return error.kind === 'session_expired' || status === 401 || status === 403
    ? new MarketAuthError(init)
    : new MarketApiError(init);
}
