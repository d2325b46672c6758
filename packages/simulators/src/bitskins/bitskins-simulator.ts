import type { Router } from '../tm/http/router.ts';
import type { KitMarketDefinition } from '../kit/kit-definition.ts';
import type { KitMarket, SimListing } from '../kit/kit-market.ts';
import { KitError } from '../kit/kit-error.ts';
import { type KitContext, type KitRoute } from '../kit/kit-types.ts';
import { hexKeyCredentials, givenKeyCredentials, keyAuth } from '../kit/key-auth.ts';
import { entry, idText, iso, jsonObject, keyed, list, me, positiveInt } from '../kit/route-helpers.ts';
import { hashText } from '../util/random.ts';

/**
 * BitSkins API v2 (api.bitskins.com): the key in the `x-apikey` header, almost every call a JSON POST,
 * prices in mils (1000 = $1) as marketplaces.md's [code] source reads them. Listing from the Steam
 * inventory goes through `/steam/deposit/many`; the deposit trade is taken as accepted at once, and a
 * delisted item goes back to the same inventory (the real one keeps a separate BitSkins inventory).
 */

const APP_ID = 730;

function skinId(name: string): number {
  return (hashText(name) % 900_000) + 100_000;
}

function checkApp(body: Record<string, unknown>): void {
  if (body.app_id !== undefined && Number(body.app_id) !== APP_ID) {
    throw new KitError('GLO_001', 'the simulator trades app 730 only');
  }
}

function listingView(listing: SimListing) {
  return {
    id: listing.id,
    asset_id: listing.assetId,
    class_id: listing.classid,
    name: listing.name,
    price: listing.price,
    skin_id: skinId(listing.name),
    created_at: iso(listing.createdAt),
  };
}

function pageOf<T>(body: Record<string, unknown>, rows: T[]) {
  const limit = Math.min(positiveInt(body.limit) ?? 30, 500);
  const offset = Number(body.offset ?? 0) || 0;
  return { counter: { total: rows.length }, list: rows.slice(offset, offset + limit) };
}

function balance(ctx: KitContext) {
  return { balance: me(ctx).balance };
}

function profile(ctx: KitContext) {
  const account = me(ctx);
  return {
    id: Number(account.id),
    username: `trader${account.id}`,
    steam_id: account.steamid,
    balance: account.balance,
  };
}

function steamInventory(ctx: KitContext) {
  const body = jsonObject(ctx);
  checkApp(body);
  const rows = [...me(ctx).items.values()].map((item) => ({
    id: item.assetId,
    asset_id: item.assetId,
    class_id: item.classid,
    instance_id: item.instanceid,
    name: item.name,
    tradable: item.tradable,
  }));
  return { counter: { total: rows.length }, list: rows };
}

function deposit(ctx: KitContext) {
  const account = me(ctx);
  const body = jsonObject(ctx);
  checkApp(body);
  const result = list(body, 'items').map((raw) => {
    const item = entry(raw, 'items[]');
    const assetId = idText(item.id);
    const price = positiveInt(item.price);
    if (assetId === null || price === null)
      return { asset_id: item.id, success: false, error: 'bad_request' };
    try {
      const listing = ctx.market.list(account, assetId, price);
      return { asset_id: assetId, id: listing.id, price, success: true };
    } catch (error) {
      if (!(error instanceof KitError)) throw error;
      return { asset_id: assetId, success: false, error: error.code };
    }
  });
  return { result };
}

function relist(ctx: KitContext) {
  const body = jsonObject(ctx);
  checkApp(body);
  const assetId = idText(body.id);
  const price = positiveInt(body.price);
  if (assetId === null || price === null) throw new KitError('bad_request', 'id and price are required');
  const listing = ctx.market.list(me(ctx), assetId, price);
  return { result: true, id: listing.id };
}

function mine(ctx: KitContext) {
  const body = jsonObject(ctx);
  const rows = [...me(ctx).listings.values()].map((listing) => ({
    ...listingView(listing),
    status: 'listed',
  }));
  return pageOf(body, rows);
}

function listingOf(ctx: KitContext, body: Record<string, unknown>): SimListing {
  const id = idText(body.id) ?? '';
  const listing = me(ctx).listings.get(id);
  if (!listing) throw new KitError('listing_not_found', `no listing ${id}`, 404);
  return listing;
}

function updatePrice(ctx: KitContext) {
  const body = jsonObject(ctx);
  checkApp(body);
  const price = positiveInt(body.price);
  if (price === null) throw new KitError('bad_request', 'price (mils) is required');
  ctx.market.reprice(me(ctx), listingOf(ctx, body).id, price);
  return { result: true };
}

function delist(ctx: KitContext) {
  const body = jsonObject(ctx);
  checkApp(body);
  ctx.market.delist(me(ctx), listingOf(ctx, body).id);
  return { result: true };
}

function search(ctx: KitContext) {
  const body = jsonObject(ctx);
  const where = body.where === undefined ? {} : entry(body.where, 'where');
  const names = Array.isArray(where.skin_name) ? (where.skin_name as unknown[]).map(String) : null;
  const market: KitMarket = ctx.market;
  const source = names ?? market.catalogue.items.map((item) => item.marketHashName);
  let rows = source.flatMap((name) => market.offersFor(name)).map(listingView);
  const from = positiveInt(where.price_from);
  const to = positiveInt(where.price_to);
  if (from !== null) rows = rows.filter((row) => row.price >= from);
  if (to !== null) rows = rows.filter((row) => row.price <= to);
  rows.sort((a, b) => a.price - b.price);
  return pageOf(body, rows);
}

function inSell(ctx: KitContext) {
  const rows = ctx.market.catalogue.items
    .map((item) => {
      const offers = ctx.market.offersFor(item.marketHashName);
      const sum = offers.reduce((total, offer) => total + offer.price, 0);
      return {
        name: item.marketHashName,
        price_min: offers[0]?.price ?? 0,
        price_max: offers.at(-1)?.price ?? 0,
        price_avg: offers.length ? Math.round(sum / offers.length) : 0,
        quantity: offers.length,
        skin_id: skinId(item.marketHashName),
      };
    })
    .filter((row) => row.quantity > 0);
  return { list: rows };
}

function buySingle(ctx: KitContext) {
  const account = me(ctx);
  const body = jsonObject(ctx);
  checkApp(body);
  const id = idText(body.id);
  const maxPrice = positiveInt(body.max_price);
  if (id === null || maxPrice === null) {
    ctx.stats.spend(account.id, 'buy', id, false);
    throw new KitError('bad_request', 'id and max_price (mils) are required');
  }
  try {
    const purchase = ctx.market.buy(account, { listingId: id, maxPrice, ref: id });
    ctx.stats.spend(account.id, 'buy', id, true);
    return { id: purchase.listingId, asset_id: purchase.assetId, name: purchase.name, price: purchase.price };
  } catch (error) {
    ctx.stats.spend(account.id, 'buy', id, false);
    throw error;
  }
}

function history(ctx: KitContext) {
  const body = jsonObject(ctx);
  const type = body.type === 'sold' ? 'sell' : body.type === 'bought' ? 'buy' : null;
  const rows = me(ctx)
    .history.filter((row) => type === null || row.side === type)
    .sort((a, b) => b.at - a.at)
    .map((row) => ({
      id: row.listingId ?? row.id,
      asset_id: row.assetId,
      name: row.name,
      price: row.price,
      type: row.side === 'buy' ? 'bought' : 'sold',
      created_at: iso(row.at),
    }));
  return pageOf(body, rows);
}

function registerRoutes(router: Router<KitRoute>): void {
  router.add(['POST'], '/account/profile/balance', keyed('account/profile/balance', balance));
  router.add(['GET'], '/account/profile/me', keyed('account/profile/me', profile));
  router.add(['POST'], '/steam/inventory/list', keyed('steam/inventory/list', steamInventory));
  router.add(['POST'], '/steam/deposit/many', keyed('steam/deposit/many', deposit));
  router.add(['POST'], '/market/relist/single', keyed('market/relist/single', relist));
  router.add(['POST'], '/market/search/mine/730', keyed('market/search/mine', mine));
  router.add(['POST'], '/market/update_price/single', keyed('market/update_price/single', updatePrice));
  router.add(['POST'], '/market/delist/single', keyed('market/delist/single', delist));
  router.add(['POST'], '/market/search/730', { name: 'market/search', auth: 'optional', handler: search });
  router.add(['GET'], '/market/insell/730', { name: 'market/insell', auth: 'none', handler: inSell });
  router.add(['POST'], '/market/buy/single', keyed('market/buy/single', buySingle));
  router.add(['POST'], '/market/history/list', keyed('market/history/list', history));
}

export const BITSKINS_SIMULATOR: KitMarketDefinition = {
  name: 'bitskins',
  unitsPerMajor: 1000,
  // marketplaces.md knows no BitSkins rate limit: none by default (set one via POST _control/config).
  defaultConfig: { currency: 'USD', rateLimits: {} },
  registerRoutes,
  newCredentials: hexKeyCredentials(32),
  givenCredentials: givenKeyCredentials,
  authenticate: keyAuth((req) => req.headers['x-apikey'], {
    status: 403,
    body: { code: 'GLO_002', message: 'global.access_denied' },
  }),
  errorBody(status, code, message) {
    if (status === 401) return { code: 'API_001', message: 'api.missing_apikey' };
    if (status === 429) return { code: 'GLO_003', message: 'global.too_many_requests' };
    return { code, message };
  },
};
