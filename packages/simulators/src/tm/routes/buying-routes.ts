import type { ApiTable } from '../http/api-table.ts';
import { fail, param, parseUint, type RequestContext } from '../http/context.ts';
import { buyListing, findPurchase } from '../state/purchases.ts';
import type { TmMarket } from '../state/tm-market.ts';
import type { Account, BuyOrder, Listing, Purchase } from '../state/types.ts';
import { TM_ERRORS } from '../tm-errors.ts';
import { refuseCurrency, repeated, unixSeconds } from './route-helpers.ts';

/**
 * Buying and buy orders (marketplaces.md 1.4). buy is idempotent per account and custom_id: a repeat
 * answers the first purchase and buys nothing. Buy orders do not fill by themselves; the control API's
 * fill-orders (or randomOrderFillsPerHour) makes simulated sellers fill them.
 */

const ORDERS_PAGE = 100;

/** The cheapest offer of a name the account may buy at `maxPrice` (its currency), or why there is none. */
export function findOffer(
  market: TmMarket,
  account: Account,
  name: string,
  maxPrice: number,
): Listing | 'item_not_found' | 'price_too_low' {
  const asks = market.asksFor(name).filter((listing) => listing.ownerKey !== account.key);
  if (asks.length === 0) return TM_ERRORS.itemNotFound;
  const offer = asks.find(
    (listing) => market.convert(listing.price, listing.currency, account.currency, 'ceil') <= maxPrice,
  );
  return offer ?? TM_ERRORS.priceTooLow;
}

function buy(ctx: RequestContext, account: Account) {
  const { market, stats } = ctx;
  const customId = param(ctx, 'custom_id');
  const refuse = (error: string) => {
    stats.buy(account.key, customId, false);
    return fail(error);
  };
  if (customId !== null) {
    const earlier = findPurchase(market, account.key, { custom_id: customId });
    if (earlier) {
      stats.buy(account.key, customId, false);
      return { success: true, id: earlier.id };
    }
  }
  const refused = refuseCurrency(ctx, account);
  if (refused) {
    stats.buy(account.key, customId, false);
    return refused;
  }
  const maxPrice = parseUint(param(ctx, 'price'));
  const id = param(ctx, 'id');
  const name = param(ctx, 'hash_name');
  if (maxPrice === null || maxPrice <= 0 || (id === null && name === null)) return refuse(TM_ERRORS.badInput);

  let listing: Listing;
  if (id !== null) {
    const found = market.listings.get(id);
    if (!found || !market.isBuyable(found)) return refuse(TM_ERRORS.itemNotFound);
    if (found.ownerKey === account.key) return refuse(TM_ERRORS.cannotBuyOwnItem);
    if (market.convert(found.price, found.currency, account.currency, 'ceil') > maxPrice) {
      return refuse(TM_ERRORS.priceTooLow);
    }
    listing = found;
  } else {
    const found = findOffer(market, account, name ?? '', maxPrice);
    if (typeof found === 'string') return refuse(found);
    listing = found;
  }
  const purchase = buyListing(market, account, listing, { customId, via: 'buy' });
  if (typeof purchase === 'string') return refuse(purchase);
  stats.buy(account.key, customId, true);
  return { success: true, id: purchase.id };
}

function buyInfo(market: TmMarket, purchase: Purchase) {
  const buyer = market.account(purchase.buyerKey);
  return {
    stage: purchase.stage,
    currency: purchase.currency,
    item_id: purchase.id,
    market_hash_name: purchase.market_hash_name,
    classid: purchase.classid,
    instance: purchase.instanceid,
    time: unixSeconds(purchase.createdAt),
    paid: purchase.paid,
    for: buyer?.steamid32 ?? null,
    send_until: unixSeconds(purchase.sendBy),
    causer: null,
    trade_id: purchase.tradeoffer,
    settlement: settlementOf(market, purchase),
  };
}

/**
 * `settlement` (tm's announcement of 16 Jul 2025): unix seconds when Steam's trade protection ends for an
 * item already in the buyer's inventory, 0 otherwise. Here: the end of the trade hold (`tradeHoldMs`) after
 * the buyer accepted, for a purchase at stage 2; 0 while it is in progress, failed, or without a hold.
 */
function settlementOf(market: TmMarket, purchase: Purchase): number {
  const hold = market.config.tradeHoldMs;
  if (purchase.stage !== 2 || purchase.finishedAt === null || hold <= 0) return 0;
  return unixSeconds(purchase.finishedAt + hold);
}

export function orderView(order: BuyOrder) {
  return {
    id: order.id,
    hash_name: order.market_hash_name,
    price: order.price,
    count: order.count,
    phase: order.phase,
    partner: order.partner,
    token: order.token,
    time: unixSeconds(order.createdAt),
    currency: order.currency,
  };
}

export function myOrders(market: TmMarket, account: Account): BuyOrder[] {
  return [...market.orders.values()]
    .filter((order) => order.ownerKey === account.key)
    .sort((a, b) => Number(a.id) - Number(b.id));
}

export function deleteOrders(market: TmMarket, account: Account, limit: number): number {
  const mine = myOrders(market, account).slice(0, limit);
  for (const order of mine) market.orders.delete(order.id);
  return mine.length;
}

export function registerBuyingRoutes(api: ApiTable): void {
  api.get('/api/v2/buy', 'buy', buy);

  api.get('/api/v2/get-buy-info-by-custom-id', 'get-buy-info-by-custom-id', (ctx, account) => {
    const customId = param(ctx, 'custom_id');
    if (customId === null) return fail(TM_ERRORS.badInput);
    const purchase = findPurchase(ctx.market, account.key, { custom_id: customId });
    return purchase ? { success: true, data: buyInfo(ctx.market, purchase) } : fail(TM_ERRORS.notFound);
  });

  api.get('/api/v2/get-list-buy-info-by-custom-id', 'get-list-buy-info-by-custom-id', (ctx, account) => {
    const ids = repeated(ctx, 'custom_id');
    if (ids.length === 0) return fail(TM_ERRORS.badInput);
    const data: Record<string, unknown> = {};
    for (const customId of ids) {
      const purchase = findPurchase(ctx.market, account.key, { custom_id: customId });
      if (purchase) data[customId] = buyInfo(ctx.market, purchase);
    }
    return { success: true, data };
  });

  api.get('/api/v2/get-orders', 'get-orders', (ctx, account) => {
    const page = param(ctx, 'page') === null ? 0 : parseUint(param(ctx, 'page'));
    if (page === null) return fail(TM_ERRORS.badInput);
    const orders = myOrders(ctx.market, account).slice(page * ORDERS_PAGE, (page + 1) * ORDERS_PAGE);
    return { success: true, orders: orders.map(orderView) };
  });

  api.get('/api/v2/set-order', 'set-order', (ctx, account) => {
    const { market } = ctx;
    const name = param(ctx, 'market_hash_name');
    if (name === null) return fail(TM_ERRORS.badInput);
    ctx.stats.orderSet(account.key, name);
    const item = market.catalogue.byHashName(name);
    if (!item) return fail(TM_ERRORS.itemNotFound);
    const count = param(ctx, 'count') === null ? 1 : parseUint(param(ctx, 'count'));
    if (count === null || count < 1 || count > 1000) return fail(TM_ERRORS.badInput);
    const rawPrice = param(ctx, 'price');
    const price = rawPrice === null ? 0 : parseUint(rawPrice);
    if (price === null) return fail(TM_ERRORS.badRequest);
    const phase = param(ctx, 'phase') ?? '';
    const existing = myOrders(market, account).find(
      (order) => order.market_hash_name === name && order.phase === phase,
    );
    if (price === 0) {
      if (existing) market.orders.delete(existing.id);
      return { success: true, order: null };
    }
    const order: BuyOrder = existing ?? {
      id: market.ids.order.take(),
      ownerKey: account.key,
      market_hash_name: name,
      classid: item.classid,
      instanceid: item.instanceid,
      phase,
      price,
      currency: account.currency,
      count,
      partner: null,
      token: null,
      createdAt: market.now(),
    };
    order.price = price;
    order.count = count;
    order.currency = account.currency;
    order.partner = param(ctx, 'partner');
    order.token = param(ctx, 'token');
    market.orders.set(order.id, order);
    return { success: true, order: orderView(order) };
  });

  api.get('/api/v2/delete-orders', 'delete-orders', (ctx, account) => ({
    success: true,
    deleted_orders: deleteOrders(ctx.market, account, 500),
  }));
}
