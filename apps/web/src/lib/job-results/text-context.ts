import type { UiLang } from '@toydesk/contract';

import { formatAmount, formatDateTime, formatNumber } from '../format';

/** What turns a job result, an alert or a trading action into a sentence: the texts and the names. */
export interface TextContext {
  /** i18next's t, bound to the UI's language. */
  t: (key: string, options?: Record<string, unknown>) => string;
  /** Whether a key exists (an unknown kind falls back to a generic text instead of a missing key). */
  exists: (key: string) => boolean;
  lang: UiLang;
  /** "Market CSGO" for "tm"; the code itself when unknown. */
  marketName: (code: string) => string;
  /** A market account as an operator knows it: its label (the market's name and the Steam account's). */
  marketAccountLabel: (id: number) => string;
  steamAccountName: (id: number) => string;
}

/** "trading.list-reprice" -> "trading_list_reprice": i18next reads "." as a key path. */
export const keyOf = (code: string): string => code.replace(/[.-]/g, '_');

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A number from a result field (numbers, numeric strings, arrays by their length); null otherwise. */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  if (Array.isArray(value)) return value.length;
  return null;
}

export const stringOf = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

export const count = (ctx: TextContext, value: unknown): string =>
  formatNumber(numberOf(value) ?? 0, ctx.lang);

/** A price in its own currency ("275.59 ₽", "12.11 $"); the currency code as given when unknown. */
export function money(ctx: TextContext, amount: unknown, currency: unknown): string {
  const value = stringOf(amount);
  if (value === null) return '—';
  return formatAmount(value, stringOf(currency) ?? '', ctx.lang);
}

export const dateTime = (ctx: TextContext, value: unknown): string =>
  formatDateTime(stringOf(value), ctx.lang);

/** A text by key when it exists, else the fallback key's. */
export function tOr(
  ctx: TextContext,
  key: string,
  fallback: string,
  options?: Record<string, unknown>,
): string {
  return ctx.t(ctx.exists(key) ? key : fallback, options);
}

/** Parts joined as one sentence: "Выставлено: 3, переоценено: 2, отклонено площадкой: 1". */
export const sentence = (parts: Array<string | null | false | undefined>): string =>
  parts.filter((part): part is string => !!part).join(', ');
