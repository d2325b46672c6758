import {
  checkMaxPrice,
  decideListingPrice,
  type BotListItemsBody,
  type ConvertibleCurrency,
  type ListingBand,
  type ListingDecision,
} from '@toydesk/contract';

import { priceLot, type PricingMode } from './mass-pricing';

/**
 * Manual listing (issue 12, item 8) in the console, pure: which market account lists each chosen item,
 * the price each row asks for under a pricing mode (the mass-pricing modes: absolute per currency, percent
 * of the market's price, N steps under it), held in the toy's band by the same rule as the bots' job
 * (decideListingPrice), and the requests per market account.
 */

/** An inventory item the operator chose (a sale candidate or an inventory row). */
export interface ListingItem {
  /** The row's key on its screen. */
  key: string;
  assetId: string;
  steamAccount: number;
  steamAccountName: string;
  marketHashName: string;
  toy: number | null;
}

/** A market account as listing needs it. */
export interface ListingAccount {
  id: number;
  steamAccount: number;
  currency: string;
  dryRun: boolean;
  label: string;
  /** The account's price guard: the highest price in % of the market's price (null: none). */
  maxPricePercent?: number | null;
}

export type ListingRowProblem =
  /** The item's Steam account has no account on the market. */
  | 'no-account'
  /** The mode gives no price: none typed for the currency, or no market price known. */
  | 'no-price'
  | 'bad-price'
  | 'below-buy'
  /** Above the account's price guard against the market's price (the bots' job refuses it the same way). */
  | 'max-price';

export interface ListingRow {
  item: ListingItem;
  account: ListingAccount | null;
  currency: string | null;
  band: ListingBand | null;
  /** The market's current price the mode started from (percent, undercut). */
  marketPrice: string | null;
  /** The price the row asks for before the band (null: none). */
  asked: string | null;
  decision: ListingDecision | null;
  /** What keeps the row from being sent, if anything. */
  problem: ListingRowProblem | null;
}

/** The price a mode gives one row before the band (H2's mass pricing with no band and the market's price). */
function askedPrice(mode: PricingMode, currency: string, marketPrice: string | null): string | null {
  const priced = priceLot(
    { currency, price: marketPrice ?? '0', priceBuy: null, priceSell: null, competitor: marketPrice },
    mode,
  );
  if (priced.to === null) return null;
  if (mode.kind !== 'absolute' && marketPrice === null) return null;
  return priced.to;
}

export function planListingRows(
  items: readonly ListingItem[],
  accounts: readonly ListingAccount[],
  bands: ReadonlyMap<number, ListingBand>,
  marketPrices: ReadonlyMap<string, string>,
  mode: PricingMode,
  allowBelowBuy: boolean,
): ListingRow[] {
  const byOwner = new Map(accounts.map((account) => [account.steamAccount, account]));
  return items.map((item) => {
    const account = byOwner.get(item.steamAccount) ?? null;
    const band = item.toy === null ? null : (bands.get(item.toy) ?? null);
    const marketPrice = marketPrices.get(item.marketHashName) ?? null;
    const base = { item, account, band, marketPrice };
    if (account === null) {
      return { ...base, currency: null, asked: null, decision: null, problem: 'no-account' as const };
    }
    const asked = askedPrice(mode, account.currency, marketPrice);
    if (asked === null) {
      const typed = mode.kind === 'absolute' ? mode.prices[account.currency]?.trim() : '';
      return {
        ...base,
        currency: account.currency,
        asked: null,
        decision: null,
        problem: typed ? ('bad-price' as const) : ('no-price' as const),
      };
    }
    const decision = decideListingPrice(asked, band, allowBelowBuy);
    const guard =
      account.maxPricePercent === null || account.maxPricePercent === undefined
        ? null
        : { dailyCap: null, currency: account.currency, maxPricePercent: account.maxPricePercent };
    const problem =
      decision.status === 'refused'
        ? decision.reason === 'below-buy'
          ? ('below-buy' as const)
          : ('bad-price' as const)
        : marketPrice !== null && checkMaxPrice(guard, decision.price, marketPrice) !== null
          ? ('max-price' as const)
          : null;
    return { ...base, currency: account.currency, asked, decision, problem };
  });
}

/** The price a row is sent at, or null when it is not sent. */
export function rowPrice(row: ListingRow): string | null {
  return row.problem === null && row.decision !== null && row.decision.status !== 'refused'
    ? row.decision.price
    : null;
}

/** One request per market account of the rows to send (in the order the accounts first appear). */
export function listingRequests(
  rows: readonly ListingRow[],
  allowBelowBuy: boolean,
  newKey: () => string,
): { account: ListingAccount; body: BotListItemsBody }[] {
  const out = new Map<number, { account: ListingAccount; body: BotListItemsBody }>();
  for (const row of rows) {
    const price = rowPrice(row);
    if (price === null || row.account === null) continue;
    let entry = out.get(row.account.id);
    if (!entry) {
      entry = {
        account: row.account,
        body: {
          items: [],
          listing_key: newKey(),
          ...(allowBelowBuy ? { allow_below_buy: true } : {}),
        },
      };
      out.set(row.account.id, entry);
    }
    entry.body.items.push({
      asset_id: row.item.assetId,
      price,
      currency: row.account.currency as ConvertibleCurrency,
    });
  }
  return [...out.values()];
}
