import { fromMajor, isTmCurrency, toMajorNumber } from '../../util/money-units.ts';
import { TmReply } from '../http/context.ts';
import type { Router } from '../http/router.ts';
import { InputError } from '../../util/input-error.ts';
import { addItems, createAccount } from '../state/accounts.ts';
import { failPurchase } from '../state/purchase-outcomes.ts';
import { buyListing, deliverSimPurchase, fillOrderFromSimSeller, findPurchase } from '../state/purchases.ts';
import { failSale, sellListing } from '../state/sales.ts';
import { acceptTradeOffer, declineTradeOffer, type OfferOutcome } from '../state/trade-offers.ts';
import type { AddToSaleItemError, Listing } from '../state/types.ts';
import { accountSummary, dumpAccount } from './account-dump.ts';
import {
  accountOf,
  controlBody,
  optionalBoolean,
  optionalNumber,
  optionalString,
  type ControlRoute,
} from './control-body.ts';

/** Control calls on accounts: create, inspect, give items and money, make the market act on them. */

const conflict = (error: string) => new TmReply(409, { error });

const createAccountRoute: ControlRoute = (ctx, sim) => {
  const body = controlBody(ctx);
  const currency = optionalString(body, 'currency') ?? 'RUB';
  if (!isTmCurrency(currency)) throw new InputError('currency must be RUB, USD or EUR');
  const names = body.names;
  if (names !== undefined && !(Array.isArray(names) && names.every((name) => typeof name === 'string'))) {
    throw new InputError('names must be a list of market hash names');
  }
  const inventory = optionalNumber(body, 'inventory');
  if (inventory !== undefined && !(Number.isInteger(inventory) && inventory >= 0 && inventory <= 10_000)) {
    throw new InputError('inventory must be an item count 0..10000');
  }
  const account = createAccount(sim.market, {
    currency,
    money: optionalNumber(body, 'money') ?? 0,
    inventory: inventory ?? 0,
    names: (names as string[] | undefined) ?? [],
    online: optionalBoolean(body, 'online') ?? false,
    inventoryLoaded: optionalBoolean(body, 'inventoryLoaded') ?? true,
    payPassword: optionalString(body, 'payPassword') ?? null,
    ...(optionalString(body, 'tradeToken') ? { tradeToken: optionalString(body, 'tradeToken') } : {}),
    ...(optionalString(body, 'key') ? { key: optionalString(body, 'key') } : {}),
  });
  return {
    ...accountSummary(sim.market, account),
    items: [...account.inventory.values()].map((item) => ({
      assetid: item.assetid,
      classid: item.classid,
      instanceid: item.instanceid,
      market_hash_name: item.market_hash_name,
    })),
  };
};

function stringList(value: unknown, name: string): string[] {
  if (!(Array.isArray(value) && value.every((entry) => typeof entry === 'string')))
    throw new InputError(`${name} must be a list of strings`);
  return value as string[];
}

const addItemsRoute: ControlRoute = (ctx, sim) => {
  const account = accountOf(sim.market, ctx);
  const body = controlBody(ctx);
  const names = body.names;
  if (names !== undefined && !(Array.isArray(names) && names.every((name) => typeof name === 'string'))) {
    throw new InputError('names must be a list of market hash names');
  }
  const items = addItems(sim.market, account, {
    count: optionalNumber(body, 'count') ?? 1,
    names: (names as string[] | undefined) ?? [],
    tradable: optionalBoolean(body, 'tradable') ?? true,
    visible: optionalBoolean(body, 'visible') ?? true,
    ...(body.addToSaleError
      ? { addToSaleError: optionalString(body, 'addToSaleError') as AddToSaleItemError }
      : {}),
    errorTimes: optionalNumber(body, 'errorTimes') ?? 1,
    ...(body.assetids !== undefined ? { assetids: stringList(body.assetids, 'assetids') } : {}),
  });
  return { items };
};

const moneyRoute: ControlRoute = (ctx, sim) => {
  const account = accountOf(sim.market, ctx);
  const body = controlBody(ctx);
  const set = optionalNumber(body, 'set');
  const amount = optionalNumber(body, 'amount');
  if (set !== undefined) account.money = fromMajor(set, account.currency);
  if (amount !== undefined) account.money += fromMajor(amount, account.currency);
  if (account.money < 0) account.money = 0;
  return { money: toMajorNumber(account.money, account.currency), moneyMinor: account.money };
};

const settingsRoute: ControlRoute = (ctx, sim) => {
  const { market } = sim;
  const account = accountOf(market, ctx);
  const body = controlBody(ctx);
  const online = optionalBoolean(body, 'online');
  if (online !== undefined) account.lastPingAt = online ? market.now() : null;
  if ('tradeBanUntil' in body) {
    const until = optionalNumber(body, 'tradeBanUntil');
    account.tradeBanUntil = until === undefined ? null : until * 1000;
  }
  const loaded = optionalBoolean(body, 'inventoryLoaded');
  if (loaded !== undefined) {
    account.inventoryLoaded = loaded;
    account.inventoryLoadsAt = null;
  }
  const withdrawal = optionalBoolean(body, 'pendingWithdrawal');
  if (withdrawal !== undefined) account.pendingWithdrawal = withdrawal;
  const deleted = optionalBoolean(body, 'keyDeleted');
  if (deleted !== undefined) account.keyDeleted = deleted;
  if ('payPassword' in body) account.payPassword = optionalString(body, 'payPassword') ?? null;
  const settlement = optionalNumber(body, 'settlement');
  if (settlement !== undefined) account.settlement = fromMajor(settlement, account.currency);
  return dumpAccount(market, account);
};

/** A simulated player (or `buyerKey`, one of our accounts) buys listings of this account. */
const sellRoute: ControlRoute = (ctx, sim) => {
  const { market } = sim;
  const account = accountOf(market, ctx);
  const body = controlBody(ctx);
  const itemId = optionalString(body, 'item_id');
  const force = optionalBoolean(body, 'force') ?? false;
  const buyerKey = optionalString(body, 'buyerKey');
  const buyer = buyerKey === undefined ? undefined : market.account(buyerKey);
  if (buyerKey !== undefined && !buyer) throw new InputError(`no account with key ${buyerKey}`);
  if (!force && !market.isOnline(account)) {
    return conflict(
      'the account is offline (no ping-new within pingTtlMs): its items do not sell; pass force:true',
    );
  }
  const onSale = [...market.listings.values()]
    .filter((listing) => listing.ownerKey === account.key && listing.status === 1)
    .sort((a, b) => a.placedAt - b.placedAt || Number(a.item_id) - Number(b.item_id));
  let chosen: Listing[];
  if (itemId !== undefined) {
    const listing = onSale.find((candidate) => candidate.item_id === itemId);
    if (!listing) return conflict(`listing ${itemId} is not on sale for this account`);
    chosen = [listing];
  } else {
    const count = optionalNumber(body, 'count') ?? 1;
    chosen = onSale.slice(0, Math.max(0, Math.floor(count)));
  }
  const sold = [];
  for (const listing of chosen) {
    if (buyer) {
      const purchase = buyListing(market, buyer, listing, { customId: null, via: 'buy' });
      if (typeof purchase === 'string') return conflict(`buyer: ${purchase}`);
    } else {
      sellListing(market, listing, { key: null, purchaseId: null });
    }
    sold.push({
      item_id: listing.item_id,
      assetid: listing.assetid,
      partner: listing.sale?.partner,
      token: listing.sale?.token,
      tradeoffermessage: listing.sale?.offerCode,
      buyerKey: buyer?.key ?? null,
    });
  }
  return { sold };
};

function settleRoute(accepted: boolean): ControlRoute {
  return (ctx, sim) => {
    const { market } = sim;
    const account = accountOf(market, ctx);
    const body = controlBody(ctx);
    const settle = accepted ? acceptTradeOffer : declineTradeOffer;
    const ids = new Set<string>();
    const tradeoffer = optionalString(body, 'tradeoffer');
    const message = optionalString(body, 'tradeoffermessage');
    if (tradeoffer !== undefined) ids.add(tradeoffer);
    for (const listing of market.listings.values()) {
      const sale = listing.sale;
      if (listing.ownerKey !== account.key || !sale) continue;
      if (message !== undefined && sale.offerCode === message) {
        if (!sale.tradeoffer) return conflict(`offer ${message} was not registered with trade-ready`);
        ids.add(sale.tradeoffer);
      }
      if (body.all === true && sale.tradeoffer) ids.add(sale.tradeoffer);
    }
    if (body.all === true) {
      for (const purchase of market.purchases.values()) {
        if (purchase.buyerKey === account.key && purchase.status === 4 && purchase.tradeoffer) {
          ids.add(purchase.tradeoffer);
        }
      }
    }
    if (ids.size === 0) throw new InputError('give tradeoffer, tradeoffermessage or all:true');
    const outcome: OfferOutcome = { listings: [], purchases: [] };
    for (const id of ids) {
      const one = settle(market, id);
      outcome.listings.push(...one.listings);
      outcome.purchases.push(...one.purchases);
    }
    if (outcome.listings.length === 0 && outcome.purchases.length === 0) {
      return new TmReply(404, { error: 'no open trade with that offer', ...outcome });
    }
    return outcome;
  };
}

const fillOrdersRoute: ControlRoute = (ctx, sim) => {
  const { market } = sim;
  const account = accountOf(market, ctx);
  const body = controlBody(ctx);
  const name = optionalString(body, 'hash_name');
  const orderId = optionalString(body, 'order_id');
  let budget = optionalNumber(body, 'count') ?? Infinity;
  const filled = [];
  const skipped = [];
  const orders = [...market.orders.values()].filter(
    (order) =>
      order.ownerKey === account.key &&
      (name === undefined || order.market_hash_name === name) &&
      (orderId === undefined || order.id === orderId),
  );
  for (const order of orders) {
    while (order.count > 0 && budget > 0) {
      const purchase = fillOrderFromSimSeller(market, order);
      if (typeof purchase === 'string') {
        skipped.push({ order_id: order.id, reason: purchase });
        break;
      }
      budget--;
      filled.push({
        order_id: order.id,
        hash_name: order.market_hash_name,
        price: order.price,
        purchase_id: purchase.id,
      });
    }
  }
  return { filled, skipped };
};

function purchaseRoute(action: 'deliver' | 'fail'): ControlRoute {
  return (ctx, sim) => {
    const { market } = sim;
    const account = accountOf(market, ctx);
    const body = controlBody(ctx);
    const purchase = findPurchase(market, account.key, { id: body.id, custom_id: body.custom_id });
    if (!purchase) return new TmReply(404, { error: 'no such purchase' });
    if (purchase.stage !== 1) return conflict(`the purchase is finished (stage ${purchase.stage})`);
    const sold = purchase.sellerKey === null ? undefined : market.listings.get(purchase.listingId);
    if (action === 'fail') {
      // One of our accounts sells it: the whole sale fails (the seller keeps the item).
      if (sold?.sale?.purchaseId === purchase.id) failSale(market, sold);
      else failPurchase(market, purchase);
    } else if (purchase.sellerKey !== null)
      return conflict('one of our accounts sells it: its bot sends the offer');
    else deliverSimPurchase(market, purchase);
    return { purchase };
  };
}

export function registerAccountControl(router: Router<ControlRoute>): void {
  router.add(['POST'], '/accounts', createAccountRoute);
  router.add(['GET'], '/accounts', (_ctx, sim) =>
    [...sim.market.accounts.values()].map((account) => accountSummary(sim.market, account)),
  );
  router.add(['GET'], '/accounts/:key', (ctx, sim) => dumpAccount(sim.market, accountOf(sim.market, ctx)));
  router.add(['PATCH', 'POST'], '/accounts/:key/settings', settingsRoute);
  router.add(['PATCH'], '/accounts/:key', settingsRoute);
  router.add(['POST'], '/accounts/:key/items', addItemsRoute);
  router.add(['POST'], '/accounts/:key/money', moneyRoute);
  router.add(['POST'], '/accounts/:key/sell', sellRoute);
  router.add(['POST'], '/accounts/:key/trade-accepted', settleRoute(true));
  router.add(['POST'], '/accounts/:key/trade-declined', settleRoute(false));
  router.add(['POST'], '/accounts/:key/fill-orders', fillOrdersRoute);
  router.add(['POST'], '/accounts/:key/purchases/deliver', purchaseRoute('deliver'));
  router.add(['POST'], '/accounts/:key/purchases/fail', purchaseRoute('fail'));
}
