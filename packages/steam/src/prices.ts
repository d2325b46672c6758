/** Steam's wallet currencies (ECurrencyCode) and its formatted price strings ("$1.23", "1 234,56 pуб."). */

export const STEAM_CURRENCIES: Record<
  number,
  { code: string; format: (major: string, minor: string) => string }
> = {
  1: { code: 'USD', format: (a, b) => `$${withGroups(a, ',')}.${b}` },
  2: { code: 'GBP', format: (a, b) => `£${withGroups(a, ',')}.${b}` },
  3: { code: 'EUR', format: (a, b) => `${withGroups(a, '.')},${b === '00' ? '--' : b}€` },
  5: { code: 'RUB', format: (a, b) => `${withGroups(a, ' ')}${b === '00' ? '' : `,${b}`} pуб.` },
  6: { code: 'PLN', format: (a, b) => `${withGroups(a, ' ')},${b}zł` },
  18: { code: 'UAH', format: (a, b) => `${withGroups(a, ' ')},${b}₴` },
  23: { code: 'CNY', format: (a, b) => `¥ ${withGroups(a, ',')}.${b}` },
  37: { code: 'KZT', format: (a, b) => `${withGroups(a, ' ')},${b}₸` },
};

export function currencyCode(currencyId: number): string | null {
  return STEAM_CURRENCIES[currencyId]?.code ?? null;
}

export function currencyIdOf(code: string): number | null {
  const found = Object.entries(STEAM_CURRENCIES).find(([, value]) => value.code === code.toUpperCase());
  return found ? Number(found[0]) : null;
}

function withGroups(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** A price in minor units as Steam shows it in the currency (two decimals). */
export function formatSteamPrice(minor: number, currencyId: number): string {
  const major = String(Math.floor(minor / 100));
  const cents = String(minor % 100).padStart(2, '0');
  const currency = STEAM_CURRENCIES[currencyId];
  return currency ? currency.format(major, cents) : `${major}.${cents}`;
}

/**
 * Minor units (two decimals) of a formatted price: the last `.` or `,` followed by one or two digits is the
 * decimal separator, any other separator (`.`, `,`, a space, a no-break space or an apostrophe) groups
 * thousands; "--" decimals are 0. Null when there is no number. The one parser of Steam's price strings: the
 * gateways and `@toydesk/markets`' Steam market read prices through it (`@toydesk/steam/wire`).
 */
export function parseSteamPrice(text: string | null | undefined): number | null {
  if (!text) return null;
  const match = text.replace(/--/g, '00').match(/\d[\d.,'\s\u00a0\u202f]*/);
  if (!match) return null;
  const number = match[0].replace(/['\s\u00a0\u202f]/g, '').replace(/[.,]+$/, '');
  const lastSeparator = Math.max(number.lastIndexOf('.'), number.lastIndexOf(','));
  const fraction = lastSeparator === -1 ? '' : number.slice(lastSeparator + 1);
  const isDecimal = lastSeparator !== -1 && fraction.length >= 1 && fraction.length <= 2;
  const whole = (isDecimal ? number.slice(0, lastSeparator) : number).replace(/[.,]/g, '');
  const cents = isDecimal ? fraction.padEnd(2, '0') : '00';
  const value = Number(whole || '0') * 100 + Number(cents);
  return Number.isFinite(value) ? value : null;
}

/** "1,234" → 1234 (volume counts). */
export function parseSteamCount(text: string | null | undefined): number | null {
  if (!text) return null;
  const digits = text.replace(/[^\d]/g, '');
  return digits ? Number(digits) : null;
}
