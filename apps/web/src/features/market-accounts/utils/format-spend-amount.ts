import { CURRENCY_SYMBOLS, type UiLang } from '@toydesk/contract';

import { formatAmount } from '@/lib/format';

/**
 * A spend amount or cap with its currency's symbol ("1 000.00 ₽", "12.345 $"). Spend amounts keep tm's
 * third decimal (USD prices in mills), which formatAmount would round away: a cap of 0.005 $ must not read
 * as 0.01 $. Two decimals otherwise, like every other amount of the console.
 */
export function formatSpendAmount(amount: string, currency: string, lang: UiLang): string {
  const third = /^(-?\d+\.\d\d)(\d*[1-9])0*$/.exec(amount.trim());
  if (!third) return formatAmount(amount, currency, lang);
  const [, twoDecimals = '', rest = ''] = third;
  // formatAmount of the two first decimals only truncates (no rounding); the rest is appended after them.
  return formatAmount(twoDecimals, currency, lang).replace(/(\.\d\d)/, `$1${rest}`);
}

/** "₽" for RUB, "$" for USD; an unknown currency shows its code. */
export function currencySymbol(currency: string): string {
  return currency in CURRENCY_SYMBOLS
    ? CURRENCY_SYMBOLS[currency as keyof typeof CURRENCY_SYMBOLS]
    : currency;
}
