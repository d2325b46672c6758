import { toMajorNumber } from '../../util/money-units.ts';
import type { ApiTable } from '../http/api-table.ts';
import { fail, jsonBody, param, parseUint, type RequestContext } from '../http/context.ts';
import { marketInventory } from '../state/accounts.ts';
import type { TmMarket } from '../state/tm-market.ts';
import type { Account, Listing } from '../state/types.ts';
import { TM_ERRORS } from '../tm-errors.ts';
import { refuseCurrency, secondsLeft } from './route-helpers.ts';

/** Selling (marketplaces.md 1.2): inventory, listing, repricing, delisting and the `items` view. */

export function myListings(market: TmMarket, account: Account): Listing[] {
  return [...market.listings.values()].filter((listing) => listing.ownerKey === account.key);
}

/** Lists a Steam item of ours; the add-to-sale rules of marketplaces.md 1.2 in order. */
export function addToSale(
  ctx: RequestContext,
  account: Account,
  assetid: string | null,
  rawPrice: string | null,
) {
  const { market } = ctx;
  if (assetid === null || !/^\d+$/.test(assetid)) return fail(TM_ERRORS.badInput);
  const refused = refuseCurrency(ctx, account);
  if (refused) return refused;
  const price = parseUint(rawPrice);
  if (price === null || price <= 0) return fail(TM_ERRORS.badRequest);
  if (!account.inventoryLoaded) return fail(TM_ERRORS.inventoryNotLoaded);
  const item = marketInventory(market, account).find((candidate) => candidate.assetid === assetid);
  if (!item) return fail(TM_ERRORS.itemNotInInventory);
  if (!item.tradable) return fail(TM_ERRORS.itemIsNotTradable);
  if (item.addError) {
    const { error } = item.addError;
    if (error !== 'item_not_recieved') {
      item.addError.remaining -= 1;
      if (item.addError.remaining <= 0) item.addError = null;
    }
    return fail(error);
  }
  const listing: Listing = {
    item_id: market.ids.item.take(),
    ownerKey: account.key,
    assetid: item.assetid,
    classid: item.classid,
    instanceid: item.instanceid,
    market_hash_name: item.market_hash_name,
    price,
    currency: account.currency,
    placedAt: market.now(),
    status: 1,
    sale: null,
  };
  market.listings.set(listing.item_id, listing);
  return { success: true, item_id: Number(listing.item_id) };
}

/** Reprices (or with 0 delists) a listing of ours that is still on sale; false when there is none. */
export function repriceListing(market: TmMarket, account: Account, itemId: string, price: number): boolean {
  const listing = market.listings.get(itemId);
  if (!listing || listing.ownerKey !== account.key || listing.status !== 1) return false;
  if (price === 0) market.listings.delete(itemId);
  else listing.price = price;
  return true;
}

/** Takes every listing of ours that is still on sale off the market; returns how many. */
export function removeAllFromSale(market: TmMarket, account: Account): number {
  let count = 0;
  for (const listing of myListings(market, account)) {
    if (listing.status !== 1) continue;
    market.listings.delete(listing.item_id);
    count++;
  }
  return count;
}

function itemsView(market: TmMarket, account: Account) {
  const now = market.now();
  const listed = myListings(market, account).map((listing) => {
    const sale = listing.sale;
    let left: number | null = null;
    if (sale) {
      const until = sale.registeredAt === null ? sale.sendBy : sale.registeredAt + market.config.offerFailMs;
      left = secondsLeft(now, until);
    }
    return {
      item_id: listing.item_id,
      assetid: listing.assetid,
      classid: listing.classid,
      instanceid: listing.instanceid,
      real_instance: listing.instanceid,
      market_hash_name: listing.market_hash_name,
      position: listing.status === 1 ? market.positionOf(listing) : 0,
      price: toMajorNumber(listing.price, listing.currency),
      currency: listing.currency,
      status: String(listing.status),
      live_time: Math.floor((now - listing.placedAt) / 1000),
      left,
      botid: String(account.steamid32),
      // A delivered sale leaves `items` at once here, so no listing is ever shown under trade protection.
      settlement: 0,
    };
  });
  const bought = [...market.purchases.values()]
    .filter((purchase) => purchase.buyerKey === account.key && purchase.status !== null)
    .map((purchase) => ({
      item_id: purchase.id,
      assetid: purchase.assetid,
      classid: purchase.classid,
      instanceid: purchase.instanceid,
      real_instance: purchase.instanceid,
      market_hash_name: purchase.market_hash_name,
      position: 0,
      price: toMajorNumber(purchase.paid, purchase.currency),
      currency: purchase.currency,
      status: String(purchase.status),
      live_time: Math.floor((now - purchase.createdAt) / 1000),
      left: secondsLeft(now, purchase.status === 4 ? (purchase.acceptBy ?? now) : purchase.sendBy),
      botid: String(purchase.sellerSteamid32),
      // Purchases leave `items` when accepted; their settlement time is in get-buy-info-by-custom-id.
      settlement: 0,
    }));
  return [...listed, ...bought];
}

export function registerSellingRoutes(api: ApiTable): void {
  api.get('/api/v2/my-inventory', 'my-inventory', (ctx, account) => {
    const { market } = ctx;
    if (!account.inventoryLoaded) return fail(TM_ERRORS.inventoryNotLoaded);
    return {
      success: true,
      items: marketInventory(market, account).map((item) => {
        const ref = market.catalogue.byHashName(item.market_hash_name)?.refPriceKopecks ?? 0;
        return {
          id: item.assetid,
          classid: item.classid,
          instanceid: item.instanceid,
          market_hash_name: item.market_hash_name,
          market_price: toMajorNumber(market.convert(ref, 'RUB', account.currency), account.currency),
          tradable: item.tradable ? 1 : 0,
        };
      }),
    };
  });

  api.get('/api/v2/add-to-sale', 'add-to-sale', (ctx, account) =>
    addToSale(ctx, account, param(ctx, 'id'), param(ctx, 'price')),
  );

  api.get('/api/v2/set-price', 'set-price', (ctx, account) => {
    const itemId = param(ctx, 'item_id');
    if (itemId === null) return fail(TM_ERRORS.badItem);
    const refused = refuseCurrency(ctx, account);
    if (refused) return refused;
    const price = parseUint(param(ctx, 'price'));
    if (price === null) return fail(TM_ERRORS.badRequest);
    return repriceListing(ctx.market, account, itemId, price) ? { success: true } : fail(TM_ERRORS.badItem);
  });

  api.get('/api/v2/remove-all-from-sale', 'remove-all-from-sale', (ctx, account) => ({
    count: removeAllFromSale(ctx.market, account),
    success: true,
  }));

  api.get('/api/v2/items', 'items', (ctx, account) => {
    const items = itemsView(ctx.market, account);
    return { success: true, items: items.length > 0 ? items : null };
  });

  api.post('/api/v2/mass-set-price-mhn', 'mass-set-price-mhn', (ctx, account) => {
    const refused = refuseCurrency(ctx, account);
    if (refused) return refused;
    const body = jsonBody(ctx);
    const name = body?.market_hash_name;
    const price = body?.price;
    if (typeof name !== 'string' || name === '') return fail(TM_ERRORS.badInput);
    if (typeof price !== 'number' || !Number.isInteger(price) || price < 0) return fail(TM_ERRORS.badRequest);
    const items = myListings(ctx.market, account)
      .filter((listing) => listing.market_hash_name === name && listing.status === 1)
      .map((listing) => {
        repriceListing(ctx.market, account, listing.item_id, price);
        return { item_id: listing.item_id, price, success: true };
      });
    return { success: true, items };
  });

  api.post('/api/v2/mass-set-price', 'mass-set-price', (ctx, account) => {
    const refused = refuseCurrency(ctx, account);
    if (refused) return refused;
    const list = jsonBody(ctx)?.items;
    if (!Array.isArray(list) || list.length === 0 || list.length > 50) return fail(TM_ERRORS.badInput);
    const items = list.map((entry: unknown) => {
      const { item_id: rawId, price } = (entry ?? {}) as { item_id?: unknown; price?: unknown };
      const itemId = String(rawId);
      if (typeof price !== 'number' || !Number.isInteger(price) || price < 0) {
        return { item_id: itemId, success: false, error: TM_ERRORS.badRequest };
      }
      return repriceListing(ctx.market, account, itemId, price)
        ? { item_id: itemId, price, success: true }
        : { item_id: itemId, success: false, error: TM_ERRORS.badItem };
    });
    return { success: true, items };
  });
}
