import type { Router } from '../tm/http/router.ts';
import type { KitMarketDefinition } from '../kit/kit-definition.ts';
import type { KitMarket, SimAccount, SimListing, SimOrder } from '../kit/kit-market.ts';
import { KitError } from '../kit/kit-error.ts';
import { type KitContext, type KitRoute } from '../kit/kit-types.ts';
import { hexKeyCredentials, givenKeyCredentials, keyAuth } from '../kit/key-auth.ts';
import { entry, idText, iso, jsonObject, keyed, list, me, positiveInt } from '../kit/route-helpers.ts';
import { placeCountedOrder } from '../kit/place-order.ts';

/**
 * Waxpeer (api.waxpeer.com/v1): the key in the `api` query parameter, prices in mils (1000 = $1).
 * Listings are identified by the Steam asset id (`item_id`) as in the real API.
 */

const game = 'csgo';

function position(market: KitMarket, listing: SimListing): number {
  return market.offersFor(listing.name).findIndex((offer) => offer.id === listing.id) + 1;
}

function listingByAsset(account: SimAccount, assetId: string): SimListing | undefined {
  return [...account.listings.values()].find((listing) => listing.assetId === assetId);
}

function steamPrice(market: KitMarket, name: string) {
  const entry = market.catalogue.byHashName(name);
  const ref = entry ? market.refUnits(entry) : 0;
  return { average: ref, current: ref, img: '' };
}

function user(ctx: KitContext) {
  const account = me(ctx);
  return {
    success: true,
    user: {
      wallet: account.balance,
      id: `wax-${account.id}`,
      id64: account.steamid,
      name: `trader${account.id}`,
      sell_fees: 1 - ctx.market.config.feeShare,
      can_p2p: true,
      tradelink: `https://steamcommunity.com/tradeoffer/new/?partner=${account.id}&token=simtoken`,
    },
  };
}

function inventory(ctx: KitContext) {
  const items = [...me(ctx).items.values()].map((item) => ({
    item_id: item.assetId,
    classid: item.classid,
    name: item.name,
    type: '',
    tradable: item.tradable,
    steam_price: steamPrice(ctx.market, item.name),
  }));
  return { success: true, count: items.length, items };
}

function listItems(ctx: KitContext) {
  const account = me(ctx);
  const listed: unknown[] = [];
  const failed: unknown[] = [];
  for (const raw of list(jsonObject(ctx), 'items')) {
    const item = entry(raw, 'items[]');
    const assetId = idText(item.item_id);
    const price = positiveInt(item.price);
    if (assetId === null || price === null) {
      failed.push({ item_id: item.item_id, price: item.price, msg: 'invalid_item_or_price' });
      continue;
    }
    try {
      const listing = ctx.market.list(account, assetId, price);
      // `listed[].item_id` is a JSON number in the real answer (asset ids stay below 2^53).
      listed.push({
        item_id: Number(assetId),
        price,
        position: position(ctx.market, listing),
        name: listing.name,
      });
    } catch (error) {
      if (!(error instanceof KitError)) throw error;
      failed.push({ item_id: assetId, price, msg: error.code });
    }
  }
  return { success: true, listed, failed };
}

function myListings(ctx: KitContext) {
  const items = [...me(ctx).listings.values()].map((listing) => ({
    item_id: listing.assetId,
    price: listing.price,
    date: iso(listing.createdAt),
    position: position(ctx.market, listing),
    name: listing.name,
    steam_price: steamPrice(ctx.market, listing.name),
  }));
  return { success: true, items };
}

function editItems(ctx: KitContext) {
  const account = me(ctx);
  const updated: unknown[] = [];
  const failed: unknown[] = [];
  let removed = 0;
  for (const raw of list(jsonObject(ctx), 'items')) {
    const item = entry(raw, 'items[]');
    const assetId = idText(item.item_id);
    const listing = assetId === null ? undefined : listingByAsset(account, assetId);
    if (!listing) {
      failed.push({ item_id: item.item_id, msg: 'item_not_found' });
      continue;
    }
    if (item.price === 0 || item.price === '0') {
      ctx.market.delist(account, listing.id);
      removed++;
      continue;
    }
    const price = positiveInt(item.price);
    if (price === null) {
      failed.push({ item_id: item.item_id, msg: 'invalid price' });
      continue;
    }
    ctx.market.reprice(account, listing.id, price);
    // The real answer quotes both as strings: `updated: [{"item_id":"141414144","price":"1000"}]`.
    updated.push({ item_id: listing.assetId, price: String(price) });
  }
  return { success: true, updated, failed, removed };
}

function removeItems(ctx: KitContext) {
  const account = me(ctx);
  const removed: string[] = [];
  for (const id of ctx.query.getAll('id')) {
    const listing = listingByAsset(account, id);
    if (!listing) continue;
    ctx.market.delist(account, listing.id);
    removed.push(id);
  }
  // The real answer says how many went, not which (`{"success":true,"count":1}`).
  return { success: true, count: removed.length };
}

function prices(ctx: KitContext) {
  const search = (ctx.query.get('search') ?? '').toLowerCase();
  const items = ctx.market.catalogue.items
    .filter((item) => !search || item.marketHashName.toLowerCase().includes(search))
    .map((item) => {
      const offers = ctx.market.offersFor(item.marketHashName);
      const sum = offers.reduce((total, offer) => total + offer.price, 0);
      return {
        name: item.marketHashName,
        count: offers.length,
        min: offers[0]?.price ?? 0,
        max: offers.at(-1)?.price ?? 0,
        avg: offers.length ? Math.round(sum / offers.length) : 0,
        steam_price: ctx.market.refUnits(item),
        img: '',
      };
    })
    .filter((item) => item.count > 0);
  return { success: true, items };
}

function buy(ctx: KitContext, by: 'name' | 'id') {
  const account = me(ctx);
  const projectId = ctx.query.get('project_id') || null;
  const maxPrice = positiveInt(ctx.query.get('price'));
  const target = by === 'name' ? ctx.query.get('name') : ctx.query.get('item_id');
  if (!target || maxPrice === null || !ctx.query.get('token') || !ctx.query.get('partner')) {
    ctx.stats.spend(account.id, 'buy', projectId, false);
    throw new KitError('wrong_params', 'name/item_id, price, token and partner are required');
  }
  if (projectId && account.purchases.some((purchase) => purchase.ref === projectId)) {
    ctx.stats.spend(account.id, 'buy', projectId, false);
    throw new KitError('projectId already exists');
  }
  let listingId: string | undefined;
  if (by === 'id') {
    const found = [...ctx.market.accounts.values()]
      .flatMap((owner) => [...owner.listings.values()])
      .find((listing) => listing.assetId === target);
    listingId = found?.id ?? target;
  }
  try {
    const purchase = ctx.market.buy(account, {
      ...(by === 'name' ? { name: target } : { listingId: listingId ?? target }),
      maxPrice,
      ref: projectId,
    });
    ctx.stats.spend(account.id, 'buy', projectId, true);
    return { success: true, id: Number(purchase.id), price: purchase.price, name: purchase.name };
  } catch (error) {
    ctx.stats.spend(account.id, 'buy', projectId, false);
    throw error;
  }
}

function checkProjectIds(ctx: KitContext) {
  const wanted = new Set(ctx.query.getAll('id'));
  const trades = me(ctx)
    .purchases.filter((purchase) => purchase.ref !== null && wanted.has(purchase.ref))
    .map((purchase) => ({
      id: Number(purchase.id),
      project_id: purchase.ref,
      item_id: purchase.listingId,
      name: purchase.name,
      price: purchase.price,
      status: 5,
      done: true,
      created: iso(purchase.at),
      last_updated: Math.floor(purchase.at / 1000),
    }));
  return { success: true, trades };
}

function orderView(order: SimOrder) {
  return {
    id: Number(order.id),
    name: order.name,
    price: order.price,
    amount: order.quantity,
    filled: order.quantity - order.remaining,
    game,
    created: iso(order.createdAt),
  };
}

function buyOrders(ctx: KitContext) {
  const account = me(ctx);
  const name = ctx.query.get('name');
  const own = ctx.query.get('own') === '1';
  const owners = own ? [account] : [...ctx.market.accounts.values()];
  const offers = owners
    .flatMap((owner) => [...owner.orders.values()])
    .filter((order) => !name || order.name === name)
    .sort((a, b) => Number(a.id) - Number(b.id));
  const skip = Number(ctx.query.get('skip') ?? 0) || 0;
  return { success: true, offers: offers.slice(skip, skip + 100).map(orderView), count: offers.length };
}

function createBuyOrder(ctx: KitContext) {
  const order = placeCountedOrder(
    ctx,
    me(ctx),
    {
      name: ctx.query.get('name'),
      price: positiveInt(ctx.query.get('price')),
      quantity: positiveInt(ctx.query.get('amount')),
    },
    new KitError('wrong_params', 'name, amount and price are required'),
  );
  return {
    success: true,
    msg: 'Placed order',
    filled: order.quantity - order.remaining,
    id: Number(order.id),
  };
}

function editBuyOrder(ctx: KitContext) {
  const body = jsonObject(ctx);
  const id = idText(body.id);
  if (id === null) throw new KitError('wrong_params', 'id is required');
  const amount = positiveInt(body.amount);
  const price = positiveInt(body.price);
  const order = ctx.market.updateOrder(me(ctx), id, {
    ...(amount !== null ? { quantity: amount } : {}),
    ...(price !== null ? { price } : {}),
  });
  // The real answer: `{success, msg, id, amount, price}`.
  return { success: true, msg: 'updated', id: Number(order.id), amount: order.quantity, price: order.price };
}

function removeBuyOrder(ctx: KitContext) {
  const account = me(ctx);
  const removed = ctx.query.getAll('id').filter((id) => ctx.market.cancelOrder(account, id));
  // The real answer carries the number removed (`{"success":true,"msg":"string","removed":5}`).
  return { success: true, msg: 'removed', removed: removed.length };
}

/** `start`/`end`: ISO dates or unix seconds (the library passes them through as given). */
function timeOf(value: unknown, fallback: number): number {
  if (typeof value === 'number') return value * 1000;
  if (typeof value === 'string' && value !== '') {
    if (/^\d+$/.test(value)) return Number(value) * 1000;
    const parsed = Date.parse(value);
    if (!Number.isNaN(parsed)) return parsed;
  }
  return fallback;
}

function myHistory(ctx: KitContext) {
  const body = jsonObject(ctx);
  const start = timeOf(body.start, 0);
  const end = timeOf(body.end, Number.MAX_SAFE_INTEGER);
  const skip = positiveInt(body.skip) ?? 0;
  const rows = me(ctx)
    .history.filter((entry) => entry.at >= start && entry.at <= end)
    .sort((a, b) => (body.sort === 'ASC' ? a.at - b.at : b.at - a.at));
  // The real shape: `data: {trades: [...], transactions: [...]}`, `status` a number (5 = done), `action`.
  const trades = rows.slice(skip, skip + 100).map((entry) => ({
    date: iso(entry.at),
    created: iso(entry.at),
    id: Number(entry.id),
    item_id: entry.assetId,
    give_amount:
      entry.side === 'sell' ? Math.round(entry.price * (1 - ctx.market.config.feeShare)) : entry.price,
    image: `https://steamcommunity-a.akamaihd.net/economy/image/class/730/${entry.assetId}/200fx125f`,
    price: entry.price,
    game,
    name: entry.name,
    status: 5,
    average: entry.price,
    action: entry.side,
  }));
  return { success: true, data: { trades, transactions: [] } };
}

function registerRoutes(router: Router<KitRoute>): void {
  router.add(['GET'], '/v1/user', keyed('user', user));
  router.add(['GET'], '/v1/get-my-inventory', keyed('get-my-inventory', inventory));
  router.add(
    ['GET'],
    '/v1/fetch-my-inventory',
    keyed('fetch-my-inventory', (ctx) => ({
      success: true,
      msg: '',
      total_inventory_count: me(ctx).items.size,
    })),
  );
  router.add(['POST'], '/v1/list-items-steam', keyed('list-items-steam', listItems, 'list-items'));
  router.add(['GET'], '/v1/list-items-steam', keyed('my-listed-items', myListings));
  router.add(['POST'], '/v1/edit-items', keyed('edit-items', editItems));
  router.add(['GET'], '/v1/remove-items', keyed('remove-items', removeItems));
  router.add(['GET'], '/v1/prices', { name: 'prices', auth: 'optional', handler: prices });
  router.add(
    ['GET'],
    '/v1/buy-one-p2p-name',
    keyed('buy-one-p2p-name', (ctx) => buy(ctx, 'name')),
  );
  router.add(
    ['GET'],
    '/v1/buy-one-p2p',
    keyed('buy-one-p2p', (ctx) => buy(ctx, 'id')),
  );
  router.add(['GET'], '/v1/check-many-project-id', keyed('check-many-project-id', checkProjectIds));
  router.add(['GET'], '/v1/buy-orders', keyed('buy-orders', buyOrders));
  router.add(['POST'], '/v1/create-buy-order', keyed('create-buy-order', createBuyOrder));
  router.add(['POST'], '/v1/edit-buy-order', keyed('edit-buy-order', editBuyOrder));
  router.add(['GET'], '/v1/remove-buy-order', keyed('remove-buy-order', removeBuyOrder));
  router.add(['POST'], '/v1/my-history', keyed('my-history', myHistory));
}

const WRONG_KEY = { success: false, msg: 'wrong api key' };

export const WAXPEER_SIMULATOR: KitMarketDefinition = {
  name: 'waxpeer',
  unitsPerMajor: 1000,
  defaultConfig: { currency: 'USD', rateLimits: { 'list-items': { limit: 2, windowMs: 120_000 } } },
  registerRoutes,
  newCredentials: hexKeyCredentials(32),
  givenCredentials: givenKeyCredentials,
  authenticate: keyAuth((req) => new URLSearchParams(req.search).get('api'), {
    status: 401,
    body: WRONG_KEY,
  }),
  // Refusals (unknown item, no money, duplicate project_id) come as HTTP 200 {success:false,msg}.
  refusalStatus: (status) => (status === 401 || status === 429 || status >= 500 ? status : 200),
  errorBody(status, code) {
    if (status === 401) return WRONG_KEY;
    return { success: false, msg: code };
  },
};
