import { randomUUID } from 'node:crypto';

import { amountTimes, type MarketCode } from '@toydesk/contract';
import {
  fromTmUnits,
  isTmCurrency,
  type TmCurrency,
  type TmOrderLookup,
  type TmSpendCall,
} from '@toydesk/markets';

import { badRequest } from '../http/api-error.ts';

/** The markets of the tm API family, whose spending calls the proxy can look up afterwards. */
export const TM_FAMILY: ReadonlySet<MarketCode> = new Set<MarketCode>(['tm', 'tm_usd', 'cs7', 'cs7_proxy']);

/** A spending call seen in a proxied request (issue 11, item 6). */
export interface SpendCall {
  call: TmSpendCall;
  customId: string;
  /** True when the caller sent none and the proxy made one (it is returned with the answer). */
  customIdAdded: boolean;
  /** The most the call spends, major units of `currency` (set-order: price × count). */
  amount: string;
  currency: TmCurrency;
  /** The toy's market hash name, the listing id, or the transfer's amount: for alerts and the console. */
  subject: string | null;
  /** The per-item price a price guard compares (null for transfers). */
  price: string | null;
  /** The name whose reference price the price guard reads (null when the call names none). */
  hashName: string | null;
  order: TmOrderLookup | null;
  /** The JSON body to forward instead of the caller's (the custom_id added to it), when it changed. */
  bodyText?: string;
}

const CUSTOM_ID = /^[A-Za-z0-9_.:-]{1,100}$/;
const UNITS = /^\d{1,15}$/;

const bad = (field: string, en: string, ru: string) => badRequest({ [field]: [`${ru} (${en})`] });

/**
 * Recognises tm's buy, set-order and money-send in a proxied path and query, checks what the guards and the
 * later lookup need, and makes sure a custom_id goes with it: the caller's, or one the proxy adds to the
 * query (buy, money-send) and returns. tm's set-order has no custom_id: the proxy keeps its own (the
 * caller's `custom_id` parameter, taken off the forwarded query) and looks the order up in get-orders.
 * Anything else is not a spending call: null.
 */
export function recogniseSpendCall(
  code: MarketCode,
  rawPath: string,
  query: URLSearchParams,
  accountCurrency: string,
  /** The parsed request body (JSON calls such as Lis-skins' market/buy). */
  body?: unknown,
): SpendCall | null {
  let path: string;
  try {
    path = decodeURIComponent(rawPath).replace(/\/+$/, '');
  } catch {
    return null;
  }
  if (code === 'lis_skins') return path === 'v1/market/buy' ? lisSkinsBuy(body) : null;
  if (!TM_FAMILY.has(code)) return null;
  const currencyParam = query.get('cur') ?? accountCurrency;
  if (!isTmCurrency(currencyParam)) throw bad('cur', 'Unknown currency.', 'Неизвестная валюта.');
  const currency: TmCurrency = currencyParam;
  const given = query.get('custom_id');
  if (given !== null && !CUSTOM_ID.test(given))
    throw bad(
      'custom_id',
      'custom_id: 1–100 letters, digits, _ . : -',
      'custom_id: 1–100 латинских букв, цифр, _ . : -',
    );
  const customId = given ?? randomUUID();

  const units = (value: string | null, field: string) => {
    if (value === null || !UNITS.test(value) || Number(value) <= 0)
      throw bad(
        field,
        'Give the amount in tm units (a positive integer).',
        'Укажите сумму в единицах tm (целое > 0).',
      );
    return fromTmUnits(Number(value), currency);
  };

  if (path === 'api/v2/buy') {
    const price = units(query.get('price'), 'price');
    const hashName = query.get('hash_name');
    const listing = query.get('id');
    if (!hashName && !listing) throw bad('hash_name', 'Give hash_name or id.', 'Укажите hash_name или id.');
    if (given === null) query.set('custom_id', customId);
    return {
      call: 'buy',
      customId,
      customIdAdded: given === null,
      amount: price,
      currency,
      subject: hashName ?? `listing ${listing}`,
      price,
      hashName: hashName ?? null,
      order: null,
    };
  }
  if (path === 'api/v2/set-order') {
    const hashName = query.get('market_hash_name');
    if (!hashName) throw bad('market_hash_name', 'Give market_hash_name.', 'Укажите market_hash_name.');
    const countText = query.get('count') ?? '';
    if (!/^\d{1,6}$/.test(countText) || Number(countText) < 1)
      throw bad('count', 'Give a count of 1 or more.', 'Укажите количество от 1.');
    const priceText = query.get('price');
    // Price 0 deletes the order: it spends nothing, but is still a state change worth checking.
    const price = priceText === '0' ? '0' : units(priceText, 'price');
    const count = Number(countText);
    query.delete('custom_id');
    const phase = query.get('phase') ?? '';
    return {
      call: 'set-order',
      customId,
      customIdAdded: given === null,
      amount: price === '0' ? '0' : amountTimes(price, count),
      currency,
      subject: hashName,
      price: price === '0' ? null : price,
      hashName,
      order: { marketHashName: hashName, price, count, ...(phase ? { phase } : {}) },
    };
  }
  const send = /^api\/v2\/money-send\/([^/]+)\/[^/]+$/.exec(path);
  if (send) {
    const amount = units(send[1] ?? null, 'amount');
    if (given === null) query.set('custom_id', customId);
    return {
      call: 'money-send',
      customId,
      customIdAdded: given === null,
      amount,
      currency,
      subject: `transfer ${amount} ${currency}`,
      price: null,
      hashName: null,
      order: null,
    };
  }
  return null;
}

/**
 * Lis-skins' POST /v1/market/buy `{ids, partner, token, max_price, custom_id}`: USD, `max_price` the most
 * paid in total; the custom_id is what /v1/market/info finds the purchase by.
 */
function lisSkinsBuy(body: unknown): SpendCall {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw bad('non_field_errors', 'Send the buy as a JSON object.', 'Отправьте покупку объектом JSON.');
  const record = body as Record<string, unknown>;
  const maxPrice = String(record.max_price ?? '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(maxPrice) || Number(maxPrice) <= 0)
    throw bad('max_price', 'Give max_price in USD (above 0).', 'Укажите max_price в USD (больше 0).');
  const ids = record.ids;
  if (!Array.isArray(ids) || ids.length === 0)
    throw bad('ids', 'Give the ids of the skins.', 'Укажите id предметов.');
  const given = record.custom_id;
  if (given !== undefined && (typeof given !== 'string' || !CUSTOM_ID.test(given)))
    throw bad(
      'custom_id',
      'custom_id: 1–100 letters, digits, _ . : -',
      'custom_id: 1–100 латинских букв, цифр, _ . : -',
    );
  const customId = given ?? randomUUID();
  return {
    call: 'buy',
    customId,
    customIdAdded: given === undefined,
    amount: maxPrice,
    currency: 'USD',
    subject: `skins ${ids.map(String).join(', ').slice(0, 200)}`,
    price: maxPrice,
    hashName: null,
    order: null,
    bodyText: JSON.stringify({ ...record, custom_id: customId }),
  };
}
