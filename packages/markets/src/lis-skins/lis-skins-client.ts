import { MarketTransport, type MarketClientConfig } from '../kit/market-transport.ts';
import { lisBalanceSchema, lisBuySchema, lisInfoSchema, lisSearchSchema } from './lis-skins-types.ts';

/**
 * The Lis-skins API (`<base>/v1`): a buy-only API with `Authorization: Bearer <key>`, prices as USD floats
 * (LisSkinsMarket converts them through their text, never as floats).
 */
export class LisSkinsClient {
  private readonly transport: MarketTransport;

  constructor(config: MarketClientConfig) {
    this.transport = new MarketTransport(
      'lis_skins',
      config,
      { headers: () => ({ authorization: `Bearer ${config.credential}` }), secrets: [config.credential] },
      (body) => {
        const record = (body ?? {}) as Record<string, unknown>;
        const message = record.message ?? record.error;
        return {
          code: typeof record.error === 'string' ? record.error : null,
          message: typeof message === 'string' ? message : String(body ?? 'request refused'),
        };
      },
    );
  }

  /** GET /user/balance: `data.balance` in USD. */
  getBalance() {
    return this.transport.json(
      { method: 'GET', path: '/v1/user/balance', name: 'user/balance' },
      lisBalanceSchema,
    );
  }

  /** GET /market/search: skins on sale (200 per page, `meta.next_cursor`), optionally of some names. */
  search(
    params: { names?: string[]; cursor?: string | null; priceTo?: number; onlyUnlocked?: boolean } = {},
  ) {
    return this.transport.json(
      {
        method: 'GET',
        path: '/v1/market/search',
        query: {
          game: 'csgo',
          'names[]': params.names,
          cursor: params.cursor ?? undefined,
          price_to: params.priceTo,
          only_unlocked: params.onlyUnlocked ? 1 : undefined,
        },
        name: 'market/search',
      },
      lisSearchSchema,
    );
  }

  /**
   * POST /market/buy: buys skins by id for at most `max_price` USD in total, sent to a trade link.
   * Spends money: never retried here; `custom_id` is our id for /market/info.
   */
  buy(params: { ids: string[]; partner: string; token: string; max_price: number; custom_id: string }) {
    return this.transport.json(
      {
        method: 'POST',
        path: '/v1/market/buy',
        json: { ...params, ids: params.ids.map(Number) },
        name: 'market/buy',
        spends: true,
      },
      lisBuySchema,
    );
  }

  /** GET /market/info: purchases by our custom ids (or by purchase ids). */
  getPurchaseInfo(params: { customIds?: string[]; purchaseIds?: string[] }) {
    return this.transport.json(
      {
        method: 'GET',
        path: '/v1/market/info',
        query: { 'custom_ids[]': params.customIds, 'purchase_ids[]': params.purchaseIds },
        name: 'market/info',
      },
      lisInfoSchema,
    );
  }
}
