import {
  convertCurrency,
  CURRENCY_SYMBOLS,
  roundMoney,
  type ConvertibleCurrency,
  type MarketRates,
  type UiLang,
} from '@toydesk/contract';

const LOCALES: Record<UiLang, string> = { ru: 'ru-RU', en: 'en-GB' };

/**
 * One formatter per language and style: constructing an Intl formatter costs far more than formatting
 * with it, and table cells format on every scroll frame.
 */
const FORMATTERS = {
  dateTime: new Map<UiLang, Intl.DateTimeFormat>(),
  date: new Map<UiLang, Intl.DateTimeFormat>(),
  number: new Map<UiLang, Intl.NumberFormat>(),
};

function cached<F>(map: Map<UiLang, F>, lang: UiLang, create: (locale: string) => F): F {
  let formatter = map.get(lang);
  if (!formatter) {
    formatter = create(LOCALES[lang]);
    map.set(lang, formatter);
  }
  return formatter;
}

function isConvertible(currency: string): currency is ConvertibleCurrency {
  return currency in CURRENCY_SYMBOLS;
}

/** "1 234.50 ₽": 2 decimals (spec section 5), digits grouped the language's way, the currency's symbol. */
export function formatAmount(
  amount: string | number | null | undefined,
  currency: string,
  lang: UiLang,
): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  let rounded: string;
  try {
    rounded = roundMoney(amount);
  } catch {
    return String(amount);
  }
  const [whole = '0', fraction = '00'] = rounded.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'ru' ? '\u00a0' : ',');
  const sign = rounded.startsWith('-') ? '-' : '';
  const symbol = isConvertible(currency) ? CURRENCY_SYMBOLS[currency] : currency;
  return `${sign}${grouped}.${fraction}\u00a0${symbol}`;
}

/**
 * An amount shown in another currency with a market record's rates (spec section 5). An unknown currency
 * or a missing rate shows the amount unchanged in its own currency.
 */
export function formatConverted(
  amount: string | number | null | undefined,
  from: string,
  to: string,
  rates: MarketRates,
  lang: UiLang,
  warn?: (message: string) => void,
): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  if (from === to) return formatAmount(amount, to, lang);
  let warned = false;
  const converted = convertCurrency(amount, from, to, rates, (message) => {
    warned = true;
    (warn ?? console.warn)(message);
  });
  return formatAmount(converted, warned ? from : to, lang);
}

const DATE_STYLES = {
  dateTime: { dateStyle: 'short', timeStyle: 'short' },
  // A day (yyyy-mm-dd) is read as UTC midnight and shown in UTC, so it stays the same day everywhere.
  date: { dateStyle: 'short', timeZone: 'UTC' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

function formatMoment(
  style: keyof typeof DATE_STYLES,
  value: string | null | undefined,
  lang: UiLang,
  parse: (value: string) => Date = (text) => new Date(text),
): string {
  if (!value) return '—';
  const date = parse(value);
  if (Number.isNaN(date.getTime())) return value;
  const formatter = cached(
    FORMATTERS[style],
    lang,
    (locale) => new Intl.DateTimeFormat(locale, DATE_STYLES[style]),
  );
  return formatter.format(date);
}

export function formatDateTime(value: string | null | undefined, lang: UiLang): string {
  return formatMoment('dateTime', value, lang);
}

export function formatDate(value: string | null | undefined, lang: UiLang): string {
  return formatMoment('date', value, lang, (day) => new Date(day.length === 10 ? `${day}T00:00:00Z` : day));
}

export function formatNumber(value: number | null | undefined, lang: UiLang): string {
  if (value === null || value === undefined) return '—';
  return cached(FORMATTERS.number, lang, (locale) => new Intl.NumberFormat(locale)).format(value);
}
