import type { Router } from '../tm/http/router.ts';
import { KIT_CURRENCIES, type KitCurrency } from '../kit/kit-config.ts';
import type { KitMarketDefinition } from '../kit/kit-definition.ts';
import type { KitMarket } from '../kit/kit-market.ts';
import { KitError } from '../kit/kit-error.ts';
import { KitReply, type KitContext, type KitRoute } from '../kit/kit-types.ts';
import { positiveInt, randomHex } from '../kit/route-helpers.ts';
import { unitsToFloat } from '../kit/kit-units.ts';
import { hashText } from '../util/random.ts';

/**
 * Skinport (api.skinport.com/v1): public price endpoints, HTTP Basic `base64(clientId:clientSecret)` for
 * account calls, major-unit floats in the requested currency (default EUR). The listing API is web-only, so
 * the account's transactions come from the control API (`accounts/{id}/history`). `/v1/items` refuses a
 * request whose Accept-Encoding lacks `br`, as the real one does, but answers uncompressed (see README).
 */

const APP_ID = '730';

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function currencyOf(ctx: KitContext): KitCurrency {
  const currency = (ctx.query.get('currency') ?? 'EUR').toUpperCase();
  if (!KIT_CURRENCIES.includes(currency as KitCurrency))
    throw new KitError('invalid_currency', 'unsupported currency');
  return currency as KitCurrency;
}

function checkApp(ctx: KitContext): void {
  const app = ctx.query.get('app_id') ?? APP_ID;
  if (app !== APP_ID) throw new KitError('invalid_app_id', 'the simulator trades app 730 only');
}

const money = (market: KitMarket, units: number, currency: KitCurrency) =>
  unitsToFloat(market.convertTo(units, currency), market.unitsPerMajor);

function items(ctx: KitContext) {
  checkApp(ctx);
  if (!(ctx.req.headers['accept-encoding'] ?? '').toLowerCase().includes('br')) {
    return new KitReply(406, {
      errors: [{ id: 'brotli_required', message: 'Accept-Encoding: br is required' }],
    });
  }
  const currency = currencyOf(ctx);
  const now = Math.floor(ctx.market.now() / 1000);
  return ctx.market.catalogue.items.map((item) => {
    const offers = ctx.market.offersFor(item.marketHashName);
    const prices = offers.map((offer) => offer.price);
    const sorted = [...prices].sort((a, b) => a - b);
    const mean = prices.length ? Math.round(prices.reduce((a, b) => a + b, 0) / prices.length) : null;
    const of = (units: number | null | undefined) =>
      units == null ? null : money(ctx.market, units, currency);
    return {
      market_hash_name: item.marketHashName,
      currency,
      suggested_price: of(ctx.market.refUnits(item)),
      item_page: `https://skinport.com/item/${slug(item.marketHashName)}`,
      market_page: `https://skinport.com/market?item=${encodeURIComponent(item.marketHashName)}&cat=CS2`,
      min_price: of(sorted[0]),
      max_price: of(sorted.at(-1)),
      mean_price: of(mean),
      median_price: of(sorted[Math.floor(sorted.length / 2)]),
      quantity: offers.length,
      created_at: now - 86_400 * 365,
      updated_at: now,
    };
  });
}

/** A deterministic sales summary around the reference price, plus the accounts' recorded sales. */
function salesHistory(ctx: KitContext) {
  checkApp(ctx);
  const currency = currencyOf(ctx);
  const wanted = (ctx.query.get('market_hash_name') ?? '').split(',').filter(Boolean);
  const entries = wanted.length
    ? wanted.map((name) => ctx.market.catalogue.byHashName(name)).filter((item) => item !== undefined)
    : ctx.market.catalogue.items;
  const now = ctx.market.now();
  return entries.map((item) => {
    const ref = ctx.market.refUnits(item);
    const base = (hashText(item.marketHashName) % 40) + 3;
    const sales = [...ctx.market.accounts.values()].flatMap((account) =>
      account.history.filter((row) => row.side === 'sell' && row.name === item.marketHashName),
    );
    const period = (days: number, volume: number) => {
      const recent = sales.filter((row) => row.at >= now - days * 86_400_000).map((row) => row.price);
      const all = [Math.round(ref * 0.92), ref, Math.round(ref * 1.08), ...recent].sort((a, b) => a - b);
      const avg = Math.round(all.reduce((a, b) => a + b, 0) / all.length);
      return {
        min: money(ctx.market, all[0]!, currency),
        max: money(ctx.market, all.at(-1)!, currency),
        avg: money(ctx.market, avg, currency),
        median: money(ctx.market, all[Math.floor(all.length / 2)]!, currency),
        volume: volume + recent.length,
      };
    };
    return {
      market_hash_name: item.marketHashName,
      currency,
      item_page: `https://skinport.com/item/${slug(item.marketHashName)}`,
      market_page: `https://skinport.com/market?item=${encodeURIComponent(item.marketHashName)}&cat=CS2`,
      // The documented example lists the latest sales; the simulator lists the accounts' recorded ones.
      sales: sales.slice(-10).map((row) => ({
        price: money(ctx.market, row.price, currency),
        wear_value: null,
        sold_at: Math.floor(row.at / 1000),
      })),
      last_24_hours: period(1, Math.max(1, Math.round(base / 7))),
      last_7_days: period(7, base),
      last_30_days: period(30, base * 4),
      last_90_days: period(90, base * 12),
    };
  });
}

function transactions(ctx: KitContext) {
  const account = ctx.account;
  if (!account) throw new KitError('authentication_error', 'credentials are required', 401);
  const limit = Math.min(positiveInt(ctx.query.get('limit')) ?? 100, 100);
  const page = positiveInt(ctx.query.get('page')) ?? 1;
  const order = ctx.query.get('order') === 'asc' ? 'asc' : 'desc';
  const currency = ctx.market.config.currency;
  const rows = [...account.history].sort((a, b) => (order === 'asc' ? a.at - b.at : b.at - a.at));
  const data = rows.slice((page - 1) * limit, page * limit).map((row) => {
    const fee = row.side === 'sell' ? row.price - ctx.market.sellerProceeds(row.price) : 0;
    return {
      id: Number(row.id),
      // As the documented example: a purchase has no sub_type and no fee; a sold item is a credit of
      // sub_type "item" with its fee.
      type: row.side === 'buy' ? 'purchase' : 'credit',
      sub_type: row.side === 'buy' ? null : 'item',
      status: 'complete',
      amount: unitsToFloat(row.price, ctx.market.unitsPerMajor),
      fee: row.side === 'buy' ? null : unitsToFloat(fee, ctx.market.unitsPerMajor),
      currency,
      items: [
        { sale_id: Number(row.id), market_hash_name: row.name, seller_country: 'DE', buyer_country: 'DE' },
      ],
      created_at: new Date(row.at).toISOString(),
      updated_at: new Date(row.at).toISOString(),
    };
  });
  return { pagination: { page, pages: Math.max(1, Math.ceil(rows.length / limit)), limit, order }, data };
}

function registerRoutes(router: Router<KitRoute>): void {
  router.add(['GET'], '/v1/items', { name: 'items', auth: 'optional', bucket: 'items', handler: items });
  router.add(['GET'], '/v1/sales/history', {
    name: 'sales/history',
    auth: 'optional',
    bucket: 'sales-history',
    handler: salesHistory,
  });
  router.add(['GET'], '/v1/account/transactions', {
    name: 'account/transactions',
    auth: 'required',
    bucket: 'transactions',
    handler: transactions,
  });
}

const EIGHT_PER_FIVE_MINUTES = { limit: 8, windowMs: 300_000 };

function basicCredential(header: string | undefined): string | null {
  if (!header?.startsWith('Basic ')) return null;
  try {
    return Buffer.from(header.slice('Basic '.length).trim(), 'base64').toString('utf8');
  } catch {
    return null;
  }
}

export const SKINPORT_SIMULATOR: KitMarketDefinition = {
  name: 'skinport',
  unitsPerMajor: 100,
  // Docs: about 8 requests per 5 minutes, per endpoint; a hard 429 without Retry-After.
  defaultConfig: {
    currency: 'EUR',
    rateLimits: {
      items: EIGHT_PER_FIVE_MINUTES,
      'sales-history': EIGHT_PER_FIVE_MINUTES,
      transactions: EIGHT_PER_FIVE_MINUTES,
    },
  },
  registerRoutes,
  newCredentials() {
    const clientId = randomHex(8);
    const clientSecret = randomHex(16);
    const credential = `${clientId}:${clientSecret}`;
    return { credential, authKey: credential, extra: { clientId, clientSecret } };
  },
  givenCredentials(credential) {
    // "clientId:clientSecret", as the client stores it; the request's Basic header carries the same text.
    const match = /^([\x21-\x39\x3b-\x7e]{1,100}):([\x21-\x7e]{1,200})$/.exec(credential);
    if (!match) return null;
    return { credential, authKey: credential, extra: { clientId: match[1]!, clientSecret: match[2]! } };
  },
  authenticate(req, env) {
    if (!req.headers.authorization) return { kind: 'none' };
    const account = env.market.accountByAuthKey(basicCredential(req.headers.authorization));
    if (account) return { kind: 'ok', account };
    return {
      kind: 'refused',
      status: 401,
      body: { errors: [{ id: 'authentication_error', message: 'Invalid client id or secret' }] },
    };
  },
  errorBody(status, code, message) {
    if (status === 401)
      return { errors: [{ id: 'authentication_error', message: 'Authentication required' }] };
    if (status === 429) return { errors: [{ id: 'rate_limit_exceeded', message: 'Too many requests' }] };
    return { errors: [{ id: code, message }] };
  },
};
