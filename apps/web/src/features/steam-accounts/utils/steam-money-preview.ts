import type { MoneyPreviewRow } from '@/components/money-preview-dialog';
import { marketCurrency } from '@/lib/market-currency';
import { formatThousandths, parseThousandths } from '@/lib/mass-pricing';

import type { SteamAccountRow } from '../api/get-steam-accounts';
import type { SteamAction } from './steam-actions';

/**
 * The currency a Steam market call is priced in: the account's wallet currency (Steam charges and pays in
 * it), or the Steam market's currency as the console knows it when the account has none.
 */
export function steamWalletCurrency(account: Pick<SteamAccountRow, 'balance_currency'>): string {
  return account.balance_currency || marketCurrency('steam');
}

export interface SteamMoneyPreview {
  row: MoneyPreviewRow;
  /** The order's quantity and unit price (an order of several items), null for a listing. */
  quantity: { count: number; price: string } | null;
}

/**
 * The preview row of a money call of the row menu, from the form's already checked values: a buy order
 * (the item, the price times the quantity: what the wallet may spend) or a listing (the asset at its
 * price). Sums in thousandths: no float rounding in money.
 */
export function steamMoneyPreview(
  action: SteamAction,
  account: Pick<SteamAccountRow, 'id' | 'steam_account_name' | 'balance_currency'>,
  values: Readonly<Record<string, string>>,
  assetName: (assetId: string) => string,
): SteamMoneyPreview {
  const currency = steamWalletCurrency(account);
  const price = (values.price ?? '').trim();
  const base = { id: account.id, account: account.steam_account_name, currency, from: null };
  if (action.money === 'order') {
    const count = Math.max(1, Number.parseInt((values.quantity ?? '').trim() || '1', 10) || 1);
    const unit = parseThousandths(price);
    const total = unit === null ? null : formatThousandths(unit * BigInt(count));
    return {
      row: { ...base, name: (values.market_hash_name ?? '').trim(), to: total },
      quantity: count > 1 ? { count, price } : null,
    };
  }
  return {
    row: { ...base, name: assetName((values.asset_id ?? '').trim()), to: price },
    quantity: null,
  };
}
