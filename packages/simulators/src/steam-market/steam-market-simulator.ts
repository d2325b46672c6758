import { formatSteamPrice } from '@toydesk/steam/wire';

import type { Router } from '../tm/http/router.ts';
import type { KitMarketDefinition } from '../kit/kit-definition.ts';
import type { KitMarket, SimAccount, SimListing } from '../kit/kit-market.ts';
import { KitError } from '../kit/kit-error.ts';
import { KitReply, type KitContext, type KitRoute } from '../kit/kit-types.ts';
import { formBody, me, positiveInt, randomHex, unixSeconds } from '../kit/route-helpers.ts';
import { hashText } from '../util/random.ts';
import { buyerPays, currencyOfId, STEAM_CURRENCY_IDS, steamFees } from './steam-format.ts';

/**
 * The Steam Community Market (steamcommunity.com/market): a cookie session (`steamLoginSecure` plus a
 * `sessionid` cookie that every POST repeats as a form field), formatted price strings, integer cents for
 * what the seller receives. Business refusals come as HTTP 200 with `success` ≠ 1 (codes 25, 29, 8).
 */

const APP_ID = '730';

function cookies(header: string | undefined): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) jar.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return jar;
}

/** POSTs must repeat the session cookie as the `sessionid` form field (Steam's CSRF check). */
function sessionChecked(ctx: KitContext): { account: SimAccount; form: URLSearchParams } {
  const account = me(ctx);
  const form = formBody(ctx);
  const cookie = cookies(ctx.req.headers.cookie).get('sessionid');
  if (!cookie || form.get('sessionid') !== cookie)
    throw new KitError('invalid_session', 'sessionid does not match', 403);
  return { account, form };
}

function walletCurrencyId(market: KitMarket): number {
  return STEAM_CURRENCY_IDS[market.config.currency];
}

function volume(name: string): string {
  return ((hashText(name) % 4000) + 12).toLocaleString('en-US');
}

function priceOverview(ctx: KitContext) {
  const currency = currencyOfId(Number(ctx.query.get('currency') ?? '1'));
  const entry = ctx.market.catalogue.byHashName(ctx.query.get('market_hash_name') ?? '');
  if (ctx.query.get('appid') !== APP_ID || !currency || !entry) return new KitReply(500, { success: false });
  const cheapest = ctx.market.offersFor(entry.marketHashName)[0];
  const show = (sellerReceives: number) =>
    formatSteamPrice(ctx.market.convertTo(buyerPays(sellerReceives), currency), STEAM_CURRENCY_IDS[currency]);
  return {
    success: true,
    ...(cheapest ? { lowest_price: show(cheapest.price) } : {}),
    volume: volume(entry.marketHashName),
    median_price: show(ctx.market.refUnits(entry)),
  };
}

function sellItem(ctx: KitContext) {
  const { account, form } = sessionChecked(ctx);
  const assetId = form.get('assetid') ?? '';
  const price = positiveInt(form.get('price'));
  if (
    form.get('appid') !== APP_ID ||
    form.get('contextid') !== '2' ||
    price === null ||
    form.get('amount') !== '1'
  ) {
    throw new KitError('bad_request', 'appid=730, contextid=2, amount=1 and an integer price are required');
  }
  try {
    const listing = ctx.market.list(account, assetId, price);
    const pending = listing.status === 'pending';
    return {
      success: true,
      requires_confirmation: pending ? 1 : 0,
      needs_mobile_confirmation: pending,
      needs_email_confirmation: false,
      email_domain: '',
    };
  } catch (error) {
    if (!(error instanceof KitError) || error.code === 'bad_price') throw error;
    throw new KitError(
      'item_unavailable',
      'The item specified is no longer in your inventory or is not allowed to be traded on the Community Market.',
    );
  }
}

function listingView(ctx: KitContext, listing: SimListing) {
  const fees = steamFees(listing.price);
  const asset = {
    currency: 0,
    appid: 730,
    contextid: '2',
    id: listing.assetId,
    classid: listing.classid,
    instanceid: listing.instanceid,
    amount: '1',
    status: 2,
    market_hash_name: listing.name,
  };
  return {
    listingid: listing.id,
    time_created: unixSeconds(listing.createdAt),
    asset,
    steamid_lister: ctx.account?.steamid ?? '',
    price: listing.price,
    original_price: listing.price,
    fee: fees.steam + fees.publisher,
    currencyid: String(2000 + walletCurrencyId(ctx.market)),
    steam_fee: fees.steam,
    publisher_fee: fees.publisher,
    publisher_fee_percent: '0.100000001490116119',
    publisher_fee_app: 730,
    status: listing.status === 'active' ? 2 : 20,
    active: listing.status === 'active' ? 1 : 0,
  };
}

function myListings(ctx: KitContext) {
  const account = me(ctx);
  const start = Number(ctx.query.get('start') ?? 0) || 0;
  const count = Math.min(positiveInt(ctx.query.get('count')) ?? 10, 100);
  const all = [...account.listings.values()].sort((a, b) => b.createdAt - a.createdAt);
  const active = all.filter((listing) => listing.status === 'active');
  const pending = all.filter((listing) => listing.status === 'pending');
  const assets: Record<string, unknown> = {};
  for (const listing of all) {
    assets[listing.assetId] = {
      id: listing.assetId,
      classid: listing.classid,
      instanceid: listing.instanceid,
      amount: '1',
      market_hash_name: listing.name,
    };
  }
  const buyOrders = [...account.orders.values()].map((order) => ({
    appid: 730,
    hash_name: order.name,
    wallet_currency: walletCurrencyId(ctx.market),
    price: String(order.price),
    quantity: String(order.quantity),
    quantity_remaining: String(order.remaining),
    buy_orderid: order.id,
    description: { market_hash_name: order.name },
  }));
  return {
    success: true,
    start,
    pagesize: count,
    total_count: active.length,
    num_active_listings: active.length,
    // Steam's answer carries an empty JSON array, not an object, when there are no assets (recorded empty answer).
    assets: all.length === 0 ? [] : { 730: { 2: assets } },
    listings: active.slice(start, start + count).map((listing) => listingView(ctx, listing)),
    listings_on_hold: [],
    listings_to_confirm: pending.map((listing) => listingView(ctx, listing)),
    buy_orders: buyOrders,
  };
}

function removeListing(ctx: KitContext) {
  const { account } = sessionChecked(ctx);
  ctx.market.delist(account, ctx.params.id ?? '');
  return [];
}

function createBuyOrder(ctx: KitContext) {
  const { account, form } = sessionChecked(ctx);
  const name = form.get('market_hash_name') ?? '';
  const total = positiveInt(form.get('price_total'));
  const quantity = positiveInt(form.get('quantity'));
  const refuse = (code: string, message: string): never => {
    ctx.stats.spend(account.id, 'order', null, false);
    throw new KitError(code, message);
  };
  if (form.get('appid') !== APP_ID || total === null || quantity === null || total % quantity !== 0) {
    refuse('bad_request', 'appid=730, quantity and price_total = unit price × quantity are required');
  }
  if (Number(form.get('currency')) !== walletCurrencyId(ctx.market))
    refuse('2', 'The currency does not match your wallet.');
  if ([...account.orders.values()].some((order) => order.name === name)) {
    refuse(
      '29',
      'You already have an active buy order for this item. You will need to either cancel that order, or wait for it to be fulfilled before you can place a new order.',
    );
  }
  const standing = [...account.orders.values()].reduce(
    (sum, order) => sum + order.price * order.remaining,
    0,
  );
  if (standing + total! > account.balance * ctx.market.config.buyOrderWalletMultiple) {
    refuse(
      '25',
      'You cannot place this buy order: your buy orders would exceed the limit for your wallet balance.',
    );
  }
  try {
    const order = ctx.market.placeOrder(account, name, total! / quantity!, quantity!);
    ctx.stats.spend(account.id, 'order', null, true);
    return { success: 1, buy_orderid: order.id };
  } catch (error) {
    if (!(error instanceof KitError)) throw error;
    return refuse('8', error.message);
  }
}

function cancelBuyOrder(ctx: KitContext) {
  const { account, form } = sessionChecked(ctx);
  if (!ctx.market.cancelOrder(account, form.get('buy_orderid') ?? ''))
    throw new KitError('8', 'No such buy order.');
  return { success: 1 };
}

function buyOrderStatus(ctx: KitContext) {
  const order = me(ctx).orders.get(ctx.query.get('buy_orderid') ?? '');
  if (!order)
    return { success: 1, active: 0, purchased: 0, quantity: '0', quantity_remaining: '0', purchases: [] };
  return {
    success: 1,
    active: 1,
    purchased: order.quantity - order.remaining,
    quantity: String(order.quantity),
    quantity_remaining: String(order.remaining),
    purchases: [],
  };
}

/** The /market/ page: only the part bots read, `g_rgWalletInfo` (absent when not logged in). */
function marketPage(ctx: KitContext) {
  const account = ctx.market.accountByAuthKey(cookies(ctx.req.headers.cookie).get('steamLoginSecure'));
  const head =
    '<!DOCTYPE html>\n<html><head><title>Steam Community :: Steam Community Market</title></head><body>\n';
  if (!account) {
    return new KitReply(
      200,
      `${head}<script>g_steamID = false;</script>\n</body></html>\n`,
      'text/html; charset=UTF-8',
    );
  }
  const wallet = {
    wallet_currency: walletCurrencyId(ctx.market),
    wallet_country: 'US',
    wallet_fee: '1',
    wallet_fee_minimum: '1',
    wallet_fee_percent: '0.05',
    wallet_publisher_fee_percent_default: '0.10',
    wallet_fee_base: '0',
    wallet_balance: String(account.balance),
    wallet_delayed_balance: '0',
    wallet_max_balance: '200000',
    wallet_trade_max_balance: '180000',
    success: 1,
    rwgrsn: -2,
  };
  const script = `<script type="text/javascript">\n\tg_steamID = "${account.steamid}";\n\tvar g_rgWalletInfo = ${JSON.stringify(wallet)};\n</script>\n`;
  return new KitReply(200, `${head}${script}</body></html>\n`, 'text/html; charset=UTF-8');
}

function registerRoutes(router: Router<KitRoute>): void {
  const session = (name: string, handler: KitRoute['handler']): KitRoute => ({
    name,
    auth: 'required',
    handler,
  });
  router.add(['GET'], '/market/priceoverview', {
    name: 'priceoverview',
    auth: 'none',
    bucket: 'priceoverview',
    handler: priceOverview,
  });
  router.add(['POST'], '/market/sellitem', session('sellitem', sellItem));
  router.add(['GET'], '/market/mylistings', session('mylistings', myListings));
  router.add(['POST'], '/market/removelisting/:id', session('removelisting', removeListing));
  router.add(['POST'], '/market/createbuyorder', session('createbuyorder', createBuyOrder));
  router.add(['POST'], '/market/cancelbuyorder', session('cancelbuyorder', cancelBuyOrder));
  router.add(['GET'], '/market/getbuyorderstatus', session('getbuyorderstatus', buyOrderStatus));
  router.add(['GET'], '/market', { name: 'market', auth: 'none', handler: marketPage });
}

const NOT_LOGGED_IN = { success: false, message: 'Not Logged In' };

export const STEAM_SIMULATOR: KitMarketDefinition = {
  name: 'steam',
  unitsPerMajor: 100,
  // priceoverview: "about 3 s between calls" (field notes); listings wait for a mobile confirmation;
  // Steam's fees are added on top of what the seller receives, so the sale credits the price itself.
  defaultConfig: {
    currency: 'USD',
    feeShare: 0,
    confirmListings: true,
    rateLimits: { priceoverview: { limit: 1, windowMs: 3000 } },
  },
  registerRoutes,
  newCredentials(steamid) {
    const sessionid = randomHex(12);
    // steamLoginSecure is "<steamid64>||<access token>", URL-encoded as the cookie carries it.
    const steamLoginSecure = `${steamid}%7C%7C${randomHex(48)}`;
    return {
      credential: `sessionid=${sessionid}; steamLoginSecure=${steamLoginSecure}`,
      authKey: steamLoginSecure,
      extra: { sessionid, steamLoginSecure },
    };
  },
  authenticate(req, env) {
    const login = cookies(req.headers.cookie).get('steamLoginSecure');
    if (!login) return { kind: 'none' };
    const account = env.market.accountByAuthKey(login);
    return account ? { kind: 'ok', account } : { kind: 'refused', status: 401, body: NOT_LOGGED_IN };
  },
  refusalStatus: (status) =>
    status === 401 || status === 403 || status === 429 || status >= 500 ? status : 200,
  errorBody(status, code, message) {
    if (status === 401) return NOT_LOGGED_IN;
    if (status === 429) return { success: false, message: 'Too Many Requests' };
    return /^\d+$/.test(code) ? { success: Number(code), message } : { success: false, message };
  },
};
