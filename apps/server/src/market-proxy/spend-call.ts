import { randomUUID } from 'node:crypto';

import { amountTimes, type MarketCode } from '@toydesk/contract';
import {
  BITSKINS_UNITS_PER_USD,
  CSFLOAT_UNITS_PER_USD,
  fromTmUnits,
  fromUnits,
  isTmCurrency,
  type TmCurrency,
  type TmOrderLookup,
  type TmSpendCall,
  WAXPEER_UNITS_PER_USD,
} from '@toydesk/markets';
import { badRequest } from '@toydesk/api-kit';

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
  /** The listings bought, for markets that take no id of ours (CSFloat, BitSkins): what the lookup finds. */
  listingIds?: string[];
  /** The market refuses with a 4xx and answers a buy without `success` (CSFloat, BitSkins): a 2xx is done. */
  doneOn2xx?: true;
  /** The JSON body to forward instead of the caller's (the custom_id added to it), when it changed. */
  bodyText?: string;
}

const CUSTOM_ID = /^[A-Za-z0-9_.:-]{1,100}$/;
const UNITS = /^\d{1,15}$/;

const bad = (field: string, en: string, ru: string) => badRequest({ [field]: [`${ru} (${en})`] });

/**
 * A spending call's parameters each once: the guards and the record read the first value, the marketplace
 * may take the last (a second price past the guard, a second custom_id the lookup never finds).
 */
function eachOnce(query: URLSearchParams): void {
  for (const name of new Set(query.keys()))
    if (query.getAll(name).length > 1)
      throw bad(name, 'Give each parameter once.', 'Укажите каждый параметр один раз.');
}

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
  if (code === 'waxpeer') return path === 'v1/buy-one-p2p-name' ? waxpeerBuy(query) : null;
  if (code === 'csfloat') return path === 'api/v1/listings/buy' ? csfloatBuy(body) : null;
  if (code === 'bitskins') return path === 'market/buy/single' ? bitskinsBuy(body) : null;
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
    eachOnce(query);
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
    eachOnce(query);
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
    eachOnce(query);
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

const badCustomId = (field: string) =>
  bad(field, `${field}: 1–100 letters, digits, _ . : -`, `${field}: 1–100 латинских букв, цифр, _ . : -`);

function jsonRecord(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw bad('non_field_errors', 'Send the buy as a JSON object.', 'Отправьте покупку объектом JSON.');
  return body as Record<string, unknown>;
}

/** A listing id as text, or as a number only while exact (a 64-bit id sent as a JSON number is not). */
function isListingId(id: unknown): boolean {
  if (typeof id === 'string') return /^[A-Za-z0-9_-]{1,40}$/.test(id);
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0;
}

/** A positive whole number of the market's units (mils, cents), from a query text or a JSON value. */
function wholeUnits(value: unknown, field: string, unit: string, unitRu: string): number {
  const text = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
  if (!/^\d{1,12}$/.test(text) || Number(text) <= 0)
    throw bad(
      field,
      `Give ${field} in ${unit} (a positive integer).`,
      `Укажите ${field} в ${unitRu} (целое > 0).`,
    );
  return Number(text);
}

/**
 * Waxpeer's GET /v1/buy-one-p2p-name `?name&price&partner&token&project_id`: USD, `price` the most paid in
 * mils; the project_id is our custom_id (the caller's or added), what check-many-project-id finds it by.
 */
function waxpeerBuy(query: URLSearchParams): SpendCall {
  eachOnce(query);
  const name = query.get('name');
  if (!name) throw bad('name', 'Give name.', 'Укажите name.');
  const price = fromUnits(wholeUnits(query.get('price'), 'price', 'mils', 'милах'), WAXPEER_UNITS_PER_USD);
  const given = query.get('project_id');
  if (given !== null && !CUSTOM_ID.test(given)) throw badCustomId('project_id');
  const customId = given ?? randomUUID().replace(/-/g, '');
  if (given === null) query.set('project_id', customId);
  return {
    call: 'buy',
    customId,
    customIdAdded: given === null,
    amount: price,
    currency: 'USD',
    subject: name,
    price,
    hashName: name,
    order: null,
  };
}

/**
 * A buy at a market that takes no id of ours: the proxy keeps its own custom_id (the caller's `custom_id`,
 * taken off the forwarded body) and finds the purchase by its listings.
 */
function listingBuy(
  record: Record<string, unknown>,
  listingIds: string[],
  amount: string,
  price: string,
): SpendCall {
  const given = record.custom_id;
  if (given !== undefined && (typeof given !== 'string' || !CUSTOM_ID.test(given)))
    throw badCustomId('custom_id');
  const { custom_id: _ours, ...forwarded } = record;
  return {
    call: 'buy',
    customId: given ?? randomUUID(),
    customIdAdded: given === undefined,
    amount,
    currency: 'USD',
    subject: `listing ${listingIds.join(', ').slice(0, 200)}`,
    price,
    hashName: null,
    order: null,
    listingIds,
    doneOn2xx: true,
    bodyText: JSON.stringify(forwarded),
  };
}

/** CSFloat's POST /api/v1/listings/buy `{contract_ids, total_price}`: USD, `total_price` in cents for all. */
function csfloatBuy(body: unknown): SpendCall {
  const record = jsonRecord(body);
  const ids = record.contract_ids;
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every(isListingId))
    throw bad('contract_ids', 'Give the listing ids.', 'Укажите id лотов.');
  const total = fromUnits(
    wholeUnits(record.total_price, 'total_price', 'cents', 'центах'),
    CSFLOAT_UNITS_PER_USD,
  );
  return listingBuy(record, ids.map(String), total, total);
}

/** BitSkins' POST /market/buy/single `{app_id, id, max_price}`: USD, `max_price` in mils. */
function bitskinsBuy(body: unknown): SpendCall {
  const record = jsonRecord(body);
  if (!isListingId(record.id)) throw bad('id', 'Give the listing id.', 'Укажите id лота.');
  const id = String(record.id);
  const price = fromUnits(wholeUnits(record.max_price, 'max_price', 'mils', 'милах'), BITSKINS_UNITS_PER_USD);
  return listingBuy(record, [id], price, price);
}
