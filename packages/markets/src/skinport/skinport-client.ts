import { MarketTransport, type MarketClientConfig } from '../kit/market-transport.ts';
import {
  skinportItemsSchema,
  skinportSalesHistorySchema,
  skinportTransactionsSchema,
} from './skinport-types.ts';

const APP_ID = 730;

/**
 * The Skinport API (`<base>/v1`). Public price calls carry no credential; account calls use HTTP Basic
 * `base64(clientId:clientSecret)`, the credential stored as "clientId:clientSecret". Skinport allows about
 * 8 calls per 5 minutes per endpoint and answers 429 without Retry-After.
 *
 * `/v1/items` requires `Accept-Encoding: br`, and the real server then answers Brotli-compressed, which
 * the shared HttpClient decodes (the simulator answers uncompressed).
 */
export class SkinportClient {
  private readonly transport: MarketTransport;

  constructor(config: MarketClientConfig) {
    const basic = `Basic ${Buffer.from(config.credential, 'utf8').toString('base64')}`;
    this.transport = new MarketTransport(
      'skinport',
      config,
      {
        headers: (): Record<string, string> => (config.credential ? { authorization: basic } : {}),
        secrets: [config.credential, basic.slice(6)],
      },
      (body) => {
        const errors = ((body ?? {}) as { errors?: { id?: string; message?: string }[] }).errors;
        const first = Array.isArray(errors) ? errors[0] : undefined;
        return { code: first?.id ?? null, message: first?.message ?? String(body ?? 'request refused') };
      },
    );
  }

  /** GET /items (public): every item on sale with min/max/mean/median prices in `currency`. */
  getItems(currency: string) {
    return this.transport.json(
      {
        method: 'GET',
        path: '/v1/items',
        query: { app_id: APP_ID, currency, tradable: 0 },
        headers: { 'accept-encoding': 'br' },
        name: 'items',
        anonymous: true,
      },
      skinportItemsSchema,
    );
  }

  /** GET /sales/history (public): sale statistics over 24 h, 7, 30 and 90 days for some names. */
  getSalesHistory(currency: string, names: string[] = []) {
    return this.transport.json(
      {
        method: 'GET',
        path: '/v1/sales/history',
        query: { app_id: APP_ID, currency, market_hash_name: names.length > 0 ? names.join(',') : undefined },
        name: 'sales/history',
        anonymous: true,
      },
      skinportSalesHistorySchema,
    );
  }

  /** GET /account/transactions (Basic auth): purchases, sale credits and withdrawals, 100 per page. */
  getTransactions(page = 1, limit = 100, order: 'asc' | 'desc' = 'desc') {
    return this.transport.json(
      {
        method: 'GET',
        path: '/v1/account/transactions',
        query: { page, limit, order },
        name: 'account/transactions',
      },
      skinportTransactionsSchema,
    );
  }
}
