import { MarketTransport, type MarketCall, type MarketClientConfig } from '../kit/market-transport.ts';
import { dmarketHeaders, parseDmarketCredential } from './dmarket-signing.ts';
import {
  dmarketBalanceSchema,
  dmarketClosedOffersSchema,
  dmarketClosedTargetsSchema,
  dmarketCreateOffersSchema,
  dmarketCreateTargetsSchema,
  dmarketDeleteOffersSchema,
  dmarketDeleteTargetsSchema,
  dmarketEditOffersSchema,
  dmarketInventorySchema,
  dmarketMarketItemsSchema,
  dmarketOffersSchema,
  dmarketTargetsSchema,
} from './dmarket-types.ts';

/** DMarket's CS2 game id. */
export const DMARKET_GAME_ID = 'a8db';
/** Balance and exchange prices are cent strings. */
export const DMARKET_CENTS_PER_USD = 100;

const API = '/marketplace-api/v1';

/** A marketplace-API price: dollars as a number (DMarket's `Amount`). */
export interface DmarketPrice {
  Currency: 'USD';
  Amount: number;
}

/**
 * The DMarket trading API, one method per call, every call signed (dmarket-signing.ts). The credential is
 * "publicKeyHex:secretKeyHex". Amounts are as the wire has them; DmarketMarket converts.
 */
export class DmarketClient {
  private readonly transport: MarketTransport;

  constructor(config: MarketClientConfig & { now?: () => number }) {
    const keys = parseDmarketCredential(config.credential);
    const now = config.now ?? Date.now;
    const secret = config.credential.split(':')[1] ?? '';
    this.transport = new MarketTransport(
      'dmarket',
      config,
      {
        headers: (request) =>
          dmarketHeaders(
            keys,
            { method: request.method, pathAndQuery: request.apiPathAndQuery, body: request.body },
            now(),
          ),
        secrets: [secret],
      },
      (body) => {
        const record = (body ?? {}) as Record<string, unknown>;
        const nested = (record.error ?? {}) as Record<string, unknown>;
        const code = record.code ?? nested.code;
        const message = record.message ?? nested.message;
        return {
          code: code === undefined ? null : String(code),
          message: typeof message === 'string' ? message : String(body ?? 'request refused'),
        };
      },
    );
  }

  /** GET /account/v1/balance: `usd` as a cent digit string (documented) or a dollar decimal string (seen). */
  getBalance() {
    return this.transport.json(
      { method: 'GET', path: '/account/v1/balance', name: 'balance' },
      dmarketBalanceSchema,
    );
  }

  /** GET user-inventory: items deposited on DMarket (`BasicFilters.InMarket=true`). */
  getUserInventory(limit = 100, offset = 0) {
    return this.transport.json(
      {
        method: 'GET',
        path: `${API}/user-inventory`,
        query: { GameID: DMARKET_GAME_ID, 'BasicFilters.InMarket': 'true', Limit: limit, Offset: offset },
        name: 'user-inventory',
      },
      dmarketInventorySchema,
    );
  }

  /** GET user-offers: our active offers (listings). */
  getUserOffers(limit = 100, offset = 0) {
    return this.transport.json(
      {
        method: 'GET',
        path: `${API}/user-offers`,
        query: { GameID: DMARKET_GAME_ID, Status: 'OfferStatusDefault', Limit: limit, Offset: offset },
        name: 'user-offers',
      },
      dmarketOffersSchema,
    );
  }

  /** POST user-offers/create: lists assets at dollar prices. */
  createOffers(offers: { AssetID: string; Price: DmarketPrice }[]) {
    return this.transport.json(
      this.post('user-offers/create', { Offers: offers }),
      dmarketCreateOffersSchema,
    );
  }

  /** POST user-offers/edit: new dollar prices. */
  editOffers(offers: { OfferID: string; AssetID: string; Price: DmarketPrice }[]) {
    return this.transport.json(this.post('user-offers/edit', { Offers: offers }), dmarketEditOffersSchema);
  }

  /** POST user-offers/delete: takes offers off sale. */
  deleteOffers(offerIds: string[]) {
    const json = { Offers: offerIds.map((OfferID) => ({ OfferID })) };
    return this.transport.json(this.post('user-offers/delete', json), dmarketDeleteOffersSchema);
  }

  /** GET user-offers/closed: our finished sales, newest first. */
  getClosedOffers(limit = 100, offset = 0) {
    return this.transport.json(this.closed('user-offers', limit, offset), dmarketClosedOffersSchema);
  }

  /** GET /exchange/v1/market/items: offers on the market, cheapest first; `price.USD` in cents. */
  getMarketItems(params: { title?: string; limit?: number }) {
    return this.transport.json(
      {
        method: 'GET',
        path: '/exchange/v1/market/items',
        query: {
          gameId: DMARKET_GAME_ID,
          title: params.title,
          limit: params.limit ?? 100,
          currency: 'USD',
          orderBy: 'price',
          orderDir: 'asc',
        },
        name: 'market/items',
      },
      dmarketMarketItemsSchema,
    );
  }

  /** POST user-targets/create: buy orders ("targets") at dollar prices. Spends money: never retried here. */
  createTargets(targets: { Title: string; Amount: number; Price: DmarketPrice }[]) {
    const json = { GameID: DMARKET_GAME_ID, Targets: targets };
    return this.transport.json(
      { ...this.post('user-targets/create', json), spends: true },
      dmarketCreateTargetsSchema,
    );
  }

  /** GET user-targets: our active targets. */
  getUserTargets(limit = 100, offset = 0) {
    return this.transport.json(
      {
        method: 'GET',
        path: `${API}/user-targets`,
        query: {
          GameID: DMARKET_GAME_ID,
          'BasicFilters.Status': 'TargetStatusActive',
          Limit: limit,
          Offset: offset,
        },
        name: 'user-targets',
      },
      dmarketTargetsSchema,
    );
  }

  /** POST user-targets/delete. */
  deleteTargets(targetIds: string[]) {
    const json = { Targets: targetIds.map((TargetID) => ({ TargetID })) };
    return this.transport.json(this.post('user-targets/delete', json), dmarketDeleteTargetsSchema);
  }

  /** GET user-targets/closed: our filled targets (purchases), newest first. */
  getClosedTargets(limit = 100, offset = 0) {
    return this.transport.json(this.closed('user-targets', limit, offset), dmarketClosedTargetsSchema);
  }

  /** A POST to the trading API, named by its path under it. */
  private post(name: string, json: unknown): MarketCall {
    return { method: 'POST', path: `${API}/${name}`, json, name };
  }

  /** The closed offers or targets, newest first: one page of the same query for both. */
  private closed(kind: 'user-offers' | 'user-targets', limit: number, offset: number): MarketCall {
    return {
      method: 'GET',
      path: `${API}/${kind}/closed`,
      query: { GameID: DMARKET_GAME_ID, Limit: limit, Offset: offset, OrderDir: 'desc' },
      name: `${kind}/closed`,
    };
  }
}
