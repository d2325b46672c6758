import type { ConvertibleCurrency } from '@toydesk/contract';

import { normalize } from '../kit/decimal-units.ts';
import Big from 'big.js';

/**
 * Steam Community Market money. Wallet currency ids: 1 USD, 3 EUR, 5 RUB. Prices are formatted strings —
 * "$1,234.56", "1.234,56€", "12,--€", "1 234,56 pуб." (Latin "p"), "1 234 pуб." — parsed from their text
 * only; amounts sent to Steam are integer cents (kopecks).
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

/**
 * A Steam price string to a decimal string in major units ("1 234,56 pуб." → "1234.56"), or null when it
 * holds no number. The last `.` or `,` followed by one or two digits (or "--") is the decimal point;
 * every other `.`, `,`, space, no-break space or apostrophe groups thousands.
 */
export function parseSteamPrice(text: string | null | undefined): string | null {
  if (!text) return null;
  const core = /\d[\d\s.,'\u00a0\u202f-]*/.exec(text.replace(/--/g, '00'))?.[0];
  if (!core) return null;
  const compact = core.replace(/[\s'\u00a0\u202f-]/g, '').replace(/[.,]+$/, '');
  const decimal = /[.,](\d{1,2})$/.exec(compact);
  const whole = (decimal ? compact.slice(0, decimal.index) : compact).replace(/[.,]/g, '');
  if (!/^\d+$/.test(whole)) return null;
  return normalize(new Big(decimal ? `${whole}.${decimal[1]}` : whole));
}

/** "1,234" (a volume) → 1234. */
export function parseSteamCount(text: string | null | undefined): number | null {
  if (!text) return null;
  const digits = text.replace(/[^\d]/g, '');
  return digits ? Number(digits) : null;
}
