import type { ConvertibleCurrency } from '@toydesk/contract';

/**
 * Steam Community Market money. Wallet currency ids: 1 USD, 3 EUR, 5 RUB. Prices are formatted strings —
 * "$1,234.56", "1.234,56€", "12,--€", "1 234,56 pуб." (Latin "p"), "1 234 pуб." — read by `parseSteamPrice`
 * of `@toydesk/steam/wire` (into cents); amounts sent to Steam are integer cents (kopecks).
 */

export const STEAM_CURRENCY_ID: Record<ConvertibleCurrency, number> = { USD: 1, EUR: 3, RUB: 5 };

export function steamCurrencyOf(id: number): ConvertibleCurrency | null {
  const found = (Object.entries(STEAM_CURRENCY_ID) as [ConvertibleCurrency, number][]).find(
    ([, value]) => value === id,
  );
  return found ? found[0] : null;
}

/** Steam keeps every wallet in hundredths (cents, euro cents, kopecks). */
export const STEAM_UNITS_PER_MAJOR = 100;
