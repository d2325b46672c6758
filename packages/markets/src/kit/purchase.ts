import type { ConvertibleCurrency } from '@toydesk/contract';

/** A purchase made through a marketplace client (the `buy` capability; not part of the Market interface). */
export interface MarketPurchase {
  /** The marketplace's id of the purchase (or of the listing bought, where it gives no other). */
  purchase_id: string;
  /** Our own id sent with the purchase (Waxpeer project_id, Lis-skins custom_id), which the check looks up. */
  custom_id: string | null;
  market_hash_name: string | null;
  price: string | null;
  currency: ConvertibleCurrency;
}

/** A Steam trade link's `partner` and `token`, where the marketplace sends bought items straight to Steam. */
export interface TradeLink {
  partner: string;
  token: string;
}
