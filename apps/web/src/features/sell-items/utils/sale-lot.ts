import type { EntityRow } from '@/components/entity-table/entity-columns';
import { marketCurrency } from '@/lib/market-currency';

/** A row of the sales list as the money dialogs read it. */
export interface SaleLot {
  id: number;
  name: string;
  marketAccount: number;
  market: string;
  toy: number | null;
  /** The lot's own currency (its row's; else its market's). */
  currency: string;
  price: string;
  /** The listing on the market; null: nothing to send for this lot. */
  marketItemId: string | null;
}

export function saleLot(row: EntityRow): SaleLot {
  const market = String(row.market ?? '');
  return {
    id: row.id as number,
    name: String(row.market_hash_name ?? row.id),
    marketAccount: row.market_account as number,
    market,
    toy: typeof row.toy === 'number' ? row.toy : null,
    currency: typeof row.currency === 'string' && row.currency ? row.currency : marketCurrency(market),
    price: String(row.price ?? ''),
    marketItemId: typeof row.market_item_id === 'string' && row.market_item_id ? row.market_item_id : null,
  };
}
