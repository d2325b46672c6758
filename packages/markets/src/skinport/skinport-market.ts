import { isConvertibleCurrency, type ConvertibleCurrency } from '@toydesk/contract';

import type { MarketCapability, MarketHistoryEntry, MarketPrice } from '../market.ts';
import { BaseMarket, uniqueNames } from '../kit/base-market.ts';
import { fromMajor } from '../kit/decimal-units.ts';
import type { MarketClientConfig } from '../kit/market-transport.ts';
import { SkinportClient } from './skinport-client.ts';

/**
 * Skinport behind the common Market interface: prices and history only (its listing and buying are
 * web-only). Amounts are major-unit floats read through their text; prices in the market's currency
 * (EUR unless configured).
 */
export class SkinportMarket extends BaseMarket {
  readonly code = 'skinport' as const;
  readonly currency: ConvertibleCurrency;
  readonly capabilities: ReadonlySet<MarketCapability> = new Set<MarketCapability>(['prices', 'history']);
  readonly client: SkinportClient;

  constructor(config: MarketClientConfig & { currency?: ConvertibleCurrency }) {
    super();
    this.currency = config.currency ?? 'EUR';
    this.client = new SkinportClient(config);
  }

  override async getPrices(marketHashNames?: string[]): Promise<MarketPrice[]> {
    const items = await this.client.getItems(this.currency);
    return this.offerPrices(
      items,
      marketHashNames,
      (item) => item.market_hash_name,
      (item) => (item.min_price === null || item.quantity === 0 ? null : fromMajor(item.min_price)),
    );
  }

  /** Purchases and sale credits from /account/transactions, newest first, between `from` and `to`. */
  override async getHistory(from: Date, to: Date): Promise<MarketHistoryEntry[]> {
    const entries: MarketHistoryEntry[] = [];
    for (let page = 1; ; page++) {
      const { data, pagination } = await this.client.getTransactions(page);
      let older = false;
      for (const row of data) {
        const at = Date.parse(row.created_at);
        if (at < from.getTime()) older = true;
        if (at < from.getTime() || at > to.getTime()) continue;
        // A sold item is credited as `type: "credit", sub_type: "item"` (the documented example); "sale" is
        // kept for older answers. Withdrawals and other credits are "other".
        const side =
          row.type === 'purchase'
            ? 'buy'
            : row.type === 'credit' && (row.sub_type === 'item' || row.sub_type === 'sale')
              ? 'sell'
              : 'other';
        const names = uniqueNames(row.items.map((item) => item.market_hash_name));
        entries.push({
          id: row.id,
          side,
          market_hash_name: names.length === 1 ? (names[0] ?? null) : null,
          price: fromMajor(row.amount),
          currency: isConvertibleCurrency(row.currency) ? row.currency : this.currency,
          at: new Date(at).toISOString(),
          status: row.status,
        });
      }
      if (older || page >= pagination.pages) return entries;
    }
  }
}
