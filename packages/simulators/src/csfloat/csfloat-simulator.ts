import type { Router } from '../tm/http/router.ts';
import type { KitMarketDefinition } from '../kit/kit-definition.ts';
import type { SimAccount, SimListing, SimOrder } from '../kit/kit-market.ts';
import { KitError } from '../kit/kit-error.ts';
import { type KitContext, type KitRoute } from '../kit/kit-types.ts';
import { hexKeyCredentials, givenKeyCredentials, keyAuth } from '../kit/key-auth.ts';
import { idText, iso, jsonObject, keyed, list, me, positiveInt } from '../kit/route-helpers.ts';
import { placeCountedOrder } from '../kit/place-order.ts';
import {
  csfloatListingId,
  csfloatListingView,
  kitListingId,
  PROFILE_MAX_OFFER_DISCOUNT,
  setOfferSettings,
} from './csfloat-listing-view.ts';

/**
 * CSFloat (csfloat.com/api/v1): the raw key in the `Authorization` header (no scheme), prices in US cents.
 * Errors are `{code, message}` with a 4xx status (`code: 4` "listing is no longer available" as seen in
 * client code); the other numeric codes are chosen. Listings are the whole real object (csfloat-listing-view.ts)
 * with 18-digit ids; a listing created without `max_offer_discount` gets the profile default (15%), as on
 * CSFloat, so it accepts buyer offers below its price.
 */

const ERROR_CODES: Record<string, number> = {
  item_not_found: 4,
  listing_not_found: 4,
  price_changed: 5,
  insufficient_funds: 6,
  cannot_buy_own_item: 7,
  item_not_in_inventory: 8,
  item_not_tradable: 9,
  order_not_found: 10,
};

const MESSAGES: Record<string, string> = {
  item_not_found: 'listing is no longer available',
  listing_not_found: 'listing is no longer available',
  insufficient_funds: 'insufficient balance',
};

function orderView(order: SimOrder) {
  return {
    id: order.id,
    created_at: iso(order.createdAt),
    expression: null,
    market_hash_name: order.name,
    max_price: order.price,
    quantity: order.remaining,
  };
}

function profile(ctx: KitContext) {
  const account = me(ctx);
  return {
    user: {
      steam_id: account.steamid,
      username: `trader${account.id}`,
      balance: account.balance,
      pending_balance: 0,
      stall_public: true,
    },
  };
}

function inventory(ctx: KitContext) {
  return [...me(ctx).items.values()].map((item) => ({
    asset_id: item.assetId,
    market_hash_name: item.name,
    class_id: item.classid,
    instance_id: item.instanceid,
    tradable: item.tradable ? 1 : 0,
  }));
}

const view = (ctx: KitContext, listing: SimListing) => csfloatListingView(ctx.market, listing, me(ctx).id);

/** `max_offer_discount`: whole basis points 0..10000 when given; absent means the profile default. */
function maxOfferDiscount(value: unknown): number {
  if (value === undefined || value === null) return PROFILE_MAX_OFFER_DISCOUNT;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 10_000)
    throw new KitError('bad_request', 'max_offer_discount must be basis points between 0 and 10000');
  return value;
}

function createListing(ctx: KitContext) {
  const body = jsonObject(ctx);
  const assetId = idText(body.asset_id);
  const price = positiveInt(body.price);
  if (assetId === null || price === null)
    throw new KitError('bad_request', 'asset_id and price (cents) are required');
  if (body.type !== undefined && body.type !== 'buy_now')
    throw new KitError('bad_request', 'only buy_now listings');
  if (
    body.description !== undefined &&
    (typeof body.description !== 'string' || body.description.length > 180)
  )
    throw new KitError('bad_request', 'description is at most 180 characters');
  const settings = {
    maxOfferDiscount: maxOfferDiscount(body.max_offer_discount),
    description: typeof body.description === 'string' ? body.description : null,
    private: body.private === true,
  };
  const listing = ctx.market.list(me(ctx), assetId, price);
  setOfferSettings(listing, settings);
  return view(ctx, listing);
}

function ownListing(ctx: KitContext): SimListing {
  const listing = me(ctx).listings.get(kitListingId(ctx.params.id ?? '') ?? '');
  if (!listing) throw new KitError('listing_not_found', 'listing not found', 404);
  return listing;
}

function updateListing(ctx: KitContext) {
  const price = positiveInt(jsonObject(ctx).price);
  if (price === null) throw new KitError('bad_request', 'price (cents) is required');
  return view(ctx, ctx.market.reprice(me(ctx), ownListing(ctx).id, price));
}

function deleteListing(ctx: KitContext) {
  ctx.market.delist(me(ctx), ownListing(ctx).id);
  return { message: 'successfully delisted the item' };
}

function stall(ctx: KitContext) {
  const owner = [...ctx.market.accounts.values()].find((account) => account.steamid === ctx.params.steamid);
  const limit = Math.min(positiveInt(ctx.query.get('limit')) ?? 40, 999);
  const data = owner ? [...owner.listings.values()].filter((listing) => listing.status === 'active') : [];
  return {
    data: data.slice(0, limit).map((listing) => view(ctx, listing)),
    total_count: data.length,
  };
}

function searchListings(ctx: KitContext) {
  const name = ctx.query.get('market_hash_name');
  if (!name) throw new KitError('bad_request', 'market_hash_name is required by the simulator');
  const limit = Math.min(positiveInt(ctx.query.get('limit')) ?? 50, 50);
  const offers = ctx.market.offersFor(name);
  if (ctx.query.get('sort_by') === 'highest_price') offers.reverse();
  return { data: offers.slice(0, limit).map((listing) => view(ctx, listing)), cursor: null };
}

function priceList(ctx: KitContext) {
  return ctx.market.catalogue.items.map((item) => {
    const offers = ctx.market.offersFor(item.marketHashName);
    return {
      market_hash_name: item.marketHashName,
      quantity: offers.length,
      min_price: offers[0]?.price ?? null,
    };
  });
}

function buyListings(ctx: KitContext) {
  const account = me(ctx);
  const body = jsonObject(ctx);
  // Stats and refs carry the ids as CSFloat shows them; the kit looks listings up by its own ids.
  const ids = list(body, 'contract_ids').map((id) => idText(id));
  const kitIds = ids.map((id) => (id === null ? null : kitListingId(id)));
  const total = positiveInt(body.total_price);
  if (ids.length === 0 || kitIds.some((id) => id === null) || total === null) {
    ctx.stats.spend(account.id, 'buy', null, false);
    throw new KitError('bad_request', 'contract_ids and total_price (cents) are required');
  }
  const listings = (kitIds as string[]).map((id) => ctx.market.findListing(id)?.listing);
  if (listings.some((listing) => !listing || listing.status !== 'active')) {
    ids.forEach((id) => ctx.stats.spend(account.id, 'buy', id, false));
    throw new KitError('item_not_found', 'listing is no longer available');
  }
  const sum = listings.reduce((acc, listing) => acc + (listing?.price ?? 0), 0);
  if (sum !== total) {
    ids.forEach((id) => ctx.stats.spend(account.id, 'buy', id, false));
    throw new KitError('price_changed', 'total_price does not match the listings');
  }
  if (account.balance < sum) {
    ids.forEach((id) => ctx.stats.spend(account.id, 'buy', id, false));
    throw new KitError('insufficient_funds', 'insufficient balance', 402);
  }
  for (const listing of listings as SimListing[]) {
    const shown = csfloatListingId(listing.id);
    ctx.market.buy(account, { listingId: listing.id, maxPrice: listing.price, ref: shown });
    ctx.stats.spend(account.id, 'buy', shown, true);
  }
  return { message: 'all executed' };
}

function createOrder(ctx: KitContext) {
  const account = me(ctx);
  const body = jsonObject(ctx);
  const order = placeCountedOrder(
    ctx,
    account,
    {
      name: typeof body.market_hash_name === 'string' ? body.market_hash_name : null,
      price: positiveInt(body.max_price),
      quantity: positiveInt(body.quantity),
    },
    new KitError('bad_request', 'market_hash_name, max_price (cents) and quantity are required'),
  );
  return orderView(order);
}

function myOrders(ctx: KitContext) {
  const orders = [...me(ctx).orders.values()].sort((a, b) =>
    ctx.query.get('order') === 'asc' ? a.createdAt - b.createdAt : b.createdAt - a.createdAt,
  );
  const limit = Math.min(positiveInt(ctx.query.get('limit')) ?? 100, 100);
  const page = Number(ctx.query.get('page') ?? 0) || 0;
  return { orders: orders.slice(page * limit, (page + 1) * limit).map(orderView), count: orders.length };
}

function deleteOrder(ctx: KitContext) {
  if (!ctx.market.cancelOrder(me(ctx), ctx.params.id ?? ''))
    throw new KitError('order_not_found', 'order not found', 404);
  return { message: 'successfully removed the order' };
}

function trades(ctx: KitContext) {
  const account: SimAccount = me(ctx);
  const rows = [...account.history].sort((a, b) => b.at - a.at);
  const limit = Math.min(positiveInt(ctx.query.get('limit')) ?? 100, 1000);
  const page = Number(ctx.query.get('page') ?? 0) || 0;
  const other = '76561190000000000';
  const data = rows.slice(page * limit, (page + 1) * limit).map((row) => ({
    id: row.id,
    created_at: iso(row.at),
    state: 'verified',
    buyer_id: row.side === 'buy' ? account.steamid : other,
    seller_id: row.side === 'sell' ? account.steamid : other,
    contract: {
      id: row.listingId ? csfloatListingId(row.listingId) : `order-${row.orderId}`,
      price: row.price,
      item: { market_hash_name: row.name, asset_id: row.assetId },
    },
  }));
  return { trades: data, count: rows.length };
}

function registerRoutes(router: Router<KitRoute>): void {
  router.add(['GET'], '/api/v1/me', keyed('me', profile));
  router.add(['GET'], '/api/v1/me/inventory', keyed('me/inventory', inventory));
  router.add(['GET'], '/api/v1/me/buy-orders', keyed('me/buy-orders', myOrders));
  router.add(['GET'], '/api/v1/me/trades', keyed('me/trades', trades));
  router.add(['GET'], '/api/v1/listings/price-list', {
    name: 'listings/price-list',
    auth: 'optional',
    handler: priceList,
  });
  router.add(['POST'], '/api/v1/listings/buy', keyed('listings/buy', buyListings));
  router.add(['GET'], '/api/v1/listings', keyed('listings/search', searchListings));
  router.add(['POST'], '/api/v1/listings', keyed('listings/create', createListing, 'listings'));
  router.add(['PATCH'], '/api/v1/listings/:id', keyed('listings/update', updateListing));
  router.add(['DELETE'], '/api/v1/listings/:id', keyed('listings/delete', deleteListing));
  router.add(['GET'], '/api/v1/users/:steamid/stall', keyed('users/stall', stall));
  router.add(['POST'], '/api/v1/buy-orders', keyed('buy-orders/create', createOrder));
  router.add(['DELETE'], '/api/v1/buy-orders/:id', keyed('buy-orders/delete', deleteOrder));
}

export const CSFLOAT_SIMULATOR: KitMarketDefinition = {
  name: 'csfloat',
  unitsPerMajor: 100,
  // "About 500 req/day was quoted for listings" (one audit): the listing bucket.
  defaultConfig: { currency: 'USD', rateLimits: { listings: { limit: 500, windowMs: 86_400_000 } } },
  registerRoutes,
  newCredentials: hexKeyCredentials(16),
  givenCredentials: givenKeyCredentials,
  authenticate: keyAuth((req) => req.headers.authorization, {
    status: 401,
    body: { code: 1, message: 'invalid api key' },
  }),
  unauthenticated: () => ({
    status: 403,
    body: { message: 'You need to be logged in to access this endpoint' },
  }),
  errorBody(status, code, message) {
    if (status === 429) return { code: 429, message: 'too many requests' };
    return { code: ERROR_CODES[code] ?? 1, message: MESSAGES[code] ?? message };
  },
};
