import { createHash } from 'node:crypto';

import { STICKERS, type CatalogueItem } from '../../data/catalogue.ts';
import { toMajorNumber } from '../../util/money-units.ts';
import type { ApiTable } from '../http/api-table.ts';
import { fail, formBody, param, parseUint, type RequestContext } from '../http/context.ts';
import { marketInventory } from '../state/accounts.ts';
import { buyListing } from '../state/purchases.ts';
import type { TmMarket } from '../state/tm-market.ts';
import type { Account, BuyOrder } from '../state/types.ts';
import { TM_ERRORS } from '../tm-errors.ts';
import { testStatus } from './account-routes.ts';
import { deleteOrders, findOffer } from './buying-routes.ts';
import { removeAllFromSale, repriceListing } from './selling-routes.ts';

/**
 * Legacy v1 calls under `/api/<Method>/` (marketplaces.md 1.5). Prices are integers in the account's
 * minor units (kopecks for the RUB accounts every known caller uses).
 */

const MIN_MASS_PRICE = 50;

const itemHash = (item: CatalogueItem) =>
  createHash('md5').update(`${item.classid}_${item.instanceid}`).digest('hex');

function massInfoOne(market: TmMarket, account: Account, item: CatalogueItem, levels: number[]) {
  const [sellLevel = 0, buyLevel = 0, historyLevel = 0, infoLevel = 0] = levels;
  const cur = account.currency;
  const result: Record<string, unknown> = { classid: item.classid, instanceid: item.instanceid };
  if (sellLevel > 0) {
    const asks = market.asksFor(item.marketHashName);
    const levelsMap = new Map<number, { price: number; count: number; my_count: number }>();
    for (const listing of asks) {
      const price = market.convert(listing.price, listing.currency, cur, 'ceil');
      const level = levelsMap.get(price) ?? { price, count: 0, my_count: 0 };
      level.count++;
      if (listing.ownerKey === account.key) level.my_count++;
      levelsMap.set(price, level);
    }
    const all = [...levelsMap.values()];
    const offers = sellLevel === 2 ? all.slice(0, 1) : all.filter((l, i) => i < 50 || l.my_count > 0);
    result.sell_offers = { best_offer: all[0]?.price ?? 0, offers };
  }
  if (buyLevel > 0) {
    const levelsMap = new Map<number, { o_price: number; c: number; my_count: number }>();
    for (const bid of market.bidsFor(item.marketHashName)) {
      const price = market.convert(bid.priceKopecks, 'RUB', cur, 'floor');
      const level = levelsMap.get(price) ?? { o_price: price, c: 0, my_count: 0 };
      level.c += bid.count;
      if (bid.ownerKey === account.key) level.my_count += bid.count;
      levelsMap.set(price, level);
    }
    const all = [...levelsMap.values()];
    const offers = buyLevel === 2 ? all.slice(0, 1) : all.filter((l, i) => i < 50 || l.my_count > 0);
    result.buy_offers = { best_offer: all[0]?.o_price ?? 0, offers };
  }
  if (historyLevel > 0) {
    const log = (market.salesLog.get(item.marketHashName) ?? []).slice(historyLevel === 2 ? -10 : -100);
    const prices = log.map(([, kopecks]) => market.convert(kopecks, 'RUB', cur));
    result.history = {
      max: prices.length ? Math.max(...prices) : 0,
      min: prices.length ? Math.min(...prices) : 0,
      average: prices.length ? Math.round(prices.reduce((a, b) => a + b, 0) / prices.length) : 0,
      number: prices.length,
      history: log.map(([time], index) => [time, prices[index]]).reverse(),
    };
  }
  if (infoLevel > 0) {
    const info: Record<string, unknown> = {
      our_market_instanceid: null,
      market_name: item.ruName,
      name: item.marketHashName,
      market_hash_name: item.marketHashName,
      rarity: item.rarity,
      quality: item.quality,
      type: item.type,
      mtype: item.type,
      slot: 'Обычный',
    };
    if (infoLevel >= 2) {
      info.hash = itemHash(item);
      info.image = `https://cdn.csgo.com/item/${encodeURIComponent(item.marketHashName)}/300.png`;
    }
    if (infoLevel >= 3) {
      info.description = [{ type: 'html', value: `${item.type}, ${item.rarity}` }];
      info.tags = [
        { internal_name: item.type, name: item.type, category: 'Type' },
        { internal_name: item.rarity, name: item.rarity, category: 'Rarity' },
      ];
    }
    result.info = info;
  }
  return result;
}

function massInfo(ctx: RequestContext, account: Account) {
  const levels = ['sell', 'buy', 'history', 'info'].map((name) => parseUint(ctx.params[name]));
  const maxima = [2, 2, 2, 3];
  if (levels.some((level, index) => level === null || level > (maxima[index] ?? 0))) {
    return fail(TM_ERRORS.badInput);
  }
  const list = (formBody(ctx).get('list') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (list.length === 0 || list.length > 100) return fail(TM_ERRORS.badInput);
  const results = [];
  for (const id of list) {
    const [classid = '', instanceid = '0'] = id.split('_');
    const item = ctx.market.catalogue.byIds(classid, instanceid);
    if (item) results.push(massInfoOne(ctx.market, account, item, levels as number[]));
  }
  return { success: true, results };
}

function massSetPriceById(ctx: RequestContext, account: Account) {
  const entries: [string, string][] = [];
  for (const [name, value] of formBody(ctx)) {
    const found = /^list\[(\w+)\]$/.exec(name);
    if (found?.[1]) entries.push([found[1], value]);
  }
  if (entries.length === 0 || entries.length > 500) return fail(TM_ERRORS.badInput);
  const items = entries.map(([itemId, rawPrice]) => {
    const price = parseUint(rawPrice);
    if (price === null || (price !== 0 && price < MIN_MASS_PRICE)) {
      return { item_id: itemId, success: false, error: TM_ERRORS.badPrice };
    }
    if (!repriceListing(ctx.market, account, itemId, price)) {
      return { item_id: itemId, success: false, error: TM_ERRORS.badItem };
    }
    return price === 0
      ? { item_id: itemId, success: true, price: 0, status: 'removed' }
      : { item_id: itemId, success: true, price };
  });
  return { success: true, items };
}

function processOrder(ctx: RequestContext, account: Account) {
  const { market } = ctx;
  const classid = ctx.params.classid ?? '';
  const instanceid = ctx.params.instanceid ?? '';
  const price = parseUint(ctx.params.price);
  if (price === null) return fail(TM_ERRORS.badInput);
  const item = market.catalogue.byIds(classid, instanceid);
  ctx.stats.orderSet(account.key, item?.marketHashName ?? `${classid}_${instanceid}`);
  if (!item) return fail(TM_ERRORS.itemNotFound);
  const existing = [...market.orders.values()].find(
    (order) => order.ownerKey === account.key && order.classid === classid && order.instanceid === instanceid,
  );
  if (price === 0) {
    if (!existing) return fail(TM_ERRORS.orderNotFound);
    market.orders.delete(existing.id);
    return { success: true, way: 'delete' };
  }
  if (existing && existing.price === price) return fail(TM_ERRORS.samePrice);

  const offer = findOffer(market, account, item.marketHashName, price);
  if (typeof offer !== 'string') {
    const purchase = buyListing(market, account, offer, { customId: null, via: 'process-order' });
    if (typeof purchase !== 'string') {
      if (existing) market.orders.delete(existing.id);
      return { success: true, way: 'buy', id: purchase.id };
    }
  }
  const order: BuyOrder = existing ?? {
    id: market.ids.order.take(),
    ownerKey: account.key,
    market_hash_name: item.marketHashName,
    classid,
    instanceid,
    phase: '',
    price,
    currency: account.currency,
    count: 1,
    partner: null,
    token: null,
    createdAt: market.now(),
  };
  order.price = price;
  market.orders.set(order.id, order);
  return { success: true, way: existing ? 'update' : 'insert' };
}

export function registerLegacyRoutes(api: ApiTable): void {
  api.post('/api/MassInfo/:sell/:buy/:history/:info', 'MassInfo', massInfo);
  api.post('/api/MassSetPriceById', 'MassSetPriceById', massSetPriceById);
  api.get('/api/ProcessOrder/:classid/:instanceid/:price', 'ProcessOrder', processOrder);
  api.get('/api/RemoveAll', 'RemoveAll', (ctx, account) => ({
    success: true,
    num: removeAllFromSale(ctx.market, account),
  }));
  api.get('/api/DeleteOrders', 'DeleteOrders', (ctx, account) => ({
    success: true,
    deleted_orders: deleteOrders(ctx.market, account, Infinity),
  }));
  api.get('/api/GetInv', 'GetInv', (ctx, account) => {
    const { market } = ctx;
    if (!account.inventoryLoaded) return fail(TM_ERRORS.inventoryNotLoaded);
    const data = marketInventory(market, account).map((item) => {
      const entry = market.catalogue.byHashName(item.market_hash_name);
      return {
        ui_id: item.assetid,
        i_market_hash_name: item.market_hash_name,
        i_market_name: entry?.ruName ?? item.market_hash_name,
        i_classid: item.classid,
        i_instanceid: item.instanceid,
        ui_status: '1',
        ui_tradable: item.tradable ? 1 : 0,
        i_market_price: toMajorNumber(entry?.refPriceKopecks ?? 0, 'RUB'),
      };
    });
    return { success: true, ok: true, data };
  });
  api.get('/api/GetStickers', 'GetStickers', (ctx) => {
    const lang = param(ctx, 'lang') === 'en' ? 'en' : 'ru';
    return { success: true, data: STICKERS.map((sticker) => ({ id: sticker.id, name: sticker[lang] })) };
  });
  api.get('/api/GetWSAuth', 'GetWSAuth', (_ctx, account) => ({ success: true, wsAuth: account.wsToken }));
  api.get('/api/GetMyProfileHash', 'GetMyProfileHash', (_ctx, account) => ({
    success: true,
    hash: account.profileHash,
  }));
  api.get('/api/Test', 'Test', (ctx, account) => testStatus(ctx.market, account));
}
