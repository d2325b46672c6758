import { ERESULT, currencyCode } from '@toydesk/steam/wire';
import { loadCatalogue } from '../../data/catalogue.ts';
import { CS2_NAMES, referencePrice } from './catalogue.ts';
import { createConfirmation, dropConfirmationsFor } from './confirmations.ts';
import type { SimAccount, SimBuyOrder, SimListing } from './types.ts';
import { SimRefusal, type SteamWorld } from './world.ts';

/**
 * The Community Market: listings (the seller names what they receive; the buyer pays that plus fees),
 * buy orders with Steam's refusal codes (25 limit, 29 duplicate), the wallet, and price overviews.
 */

export const SELL_NOT_ALLOWED =
  'The item specified is no longer in your inventory or is not allowed to be traded on the Community Market.';

/** Steam's 5% (at least 1) plus the game's 10% (at least 1). */
export function marketFee(world: SteamWorld, price: number): number {
  const share = world.config.marketFeePercent / 100;
  const steam = Math.max(1, Math.floor(price * Math.min(share, 0.05)));
  const game = Math.max(1, Math.floor(price * Math.max(0, share - 0.05)));
  return steam + game;
}

function checkMarketAccess(world: SteamWorld, account: SimAccount): void {
  if (account.limited)
    throw new SimRefusal(
      ERESULT.AccessDenied,
      'Your account is not allowed to use the Community Market (limited account).',
    );
  if (
    !account.twoFactor ||
    account.twoFactor.enabledAt > world.now() - world.config.marketAuthenticatorAgeMs
  ) {
    throw new SimRefusal(
      ERESULT.AccessDenied,
      'You must have had Steam Guard Mobile Authenticator enabled for at least 15 days before you can use the Community Market.',
    );
  }
}

export function sellItem(
  world: SteamWorld,
  seller: SimAccount,
  input: { appid: number; contextid: string; assetid: string; price: number },
): SimListing {
  checkMarketAccess(world, seller);
  if (!Number.isInteger(input.price) || input.price < 1)
    throw new SimRefusal(ERESULT.InvalidParam, 'The price must be at least 0.01.');
  const item = world.findItem(seller, input.appid, input.contextid, input.assetid);
  if (!item || !world.isMarketable(item)) throw new SimRefusal(ERESULT.Fail, SELL_NOT_ALLOWED);
  world.removeItem(seller, item);
  const listing: SimListing = {
    id: world.nextId('listing'),
    seller: seller.steamId,
    item,
    price: input.price,
    fee: marketFee(world, input.price),
    currency: seller.wallet.currency,
    status: 'to_confirm',
    createdAt: world.now(),
  };
  world.listings.set(listing.id, listing);
  createConfirmation(world, seller, { type: 3, listingId: listing.id }, `Sell - ${item.market_hash_name}`, [
    `${input.price} (${input.price + listing.fee})`,
  ]);
  return listing;
}

/** The seller takes a listing down (waiting for its confirmation or on sale): the item goes back. */
export function removeListing(world: SteamWorld, seller: SimAccount, listingId: string): void {
  const listing = world.listings.get(listingId);
  if (
    !listing ||
    listing.seller !== seller.steamId ||
    (listing.status !== 'active' && listing.status !== 'to_confirm')
  ) {
    throw new SimRefusal(ERESULT.NoMatch, 'This listing does not exist or is no longer active.');
  }
  if (listing.status === 'to_confirm') dropConfirmationsFor(world, { type: 3, listingId });
  listing.status = 'canceled';
  seller.items.push(listing.item);
}

/** A simulated buyer pays; the seller's wallet gets the price. */
export function buyListing(world: SteamWorld, listingId: string): SimListing {
  const listing = world.listings.get(listingId);
  if (!listing || listing.status !== 'active')
    throw new SimRefusal(ERESULT.NoMatch, 'the listing is not active');
  const seller = world.accountBySteamId(listing.seller);
  if (seller) seller.wallet.balance += listing.price;
  listing.status = 'sold';
  return listing;
}

function activeOrders(world: SteamWorld, owner: SimAccount): SimBuyOrder[] {
  return [...world.buyOrders.values()].filter(
    (order) => order.owner === owner.steamId && order.status === 'active',
  );
}

export type BuyOrderOutcome =
  { kind: 'created'; order: SimBuyOrder } | { kind: 'needs_confirmation'; order: SimBuyOrder };

export function createBuyOrder(
  world: SteamWorld,
  owner: SimAccount,
  input: {
    currency: number;
    appid: number;
    hashName: string;
    priceTotal: number;
    quantity: number;
    confirmation: string;
  },
): BuyOrderOutcome {
  if (owner.limited)
    throw new SimRefusal(
      ERESULT.AccessDenied,
      'Your account is not allowed to use the Community Market (limited account).',
    );
  if (input.currency !== owner.wallet.currency)
    throw new SimRefusal(ERESULT.Fail, 'The currency does not match your wallet.');
  if (
    !input.hashName ||
    !Number.isInteger(input.quantity) ||
    input.quantity < 1 ||
    !Number.isInteger(input.priceTotal) ||
    input.priceTotal < 1 ||
    input.priceTotal % input.quantity !== 0
  ) {
    throw new SimRefusal(ERESULT.Fail, 'The order is not valid.');
  }
  if (input.confirmation !== '0') {
    const order = world.buyOrders.get(input.confirmation);
    if (!order || order.owner !== owner.steamId)
      throw new SimRefusal(ERESULT.Fail, 'The confirmation is not valid.');
    if (order.status === 'needs_confirmation') return { kind: 'needs_confirmation', order };
    if (order.status !== 'confirmed') throw new SimRefusal(ERESULT.Fail, 'The confirmation is not valid.');
    order.status = 'active';
    return { kind: 'created', order };
  }
  const mine = activeOrders(world, owner);
  if (mine.some((order) => order.appid === input.appid && order.hashName === input.hashName)) {
    throw new SimRefusal(
      ERESULT.DuplicateRequest,
      'You already have an active buy order for this item. You will need to either cancel that order, or wait for it to be fulfilled before you can place a new order.',
    );
  }
  const committed = mine.reduce((sum, order) => sum + order.price * order.remaining, 0);
  if (
    mine.length >= world.config.maxBuyOrders ||
    committed + input.priceTotal > owner.wallet.balance * world.config.buyOrderWalletMultiple
  ) {
    throw new SimRefusal(
      ERESULT.LimitExceeded,
      `You cannot place this order: your buy orders would exceed ${world.config.buyOrderWalletMultiple} times your wallet balance, or you have too many orders.`,
    );
  }
  const threshold = world.config.buyOrderConfirmationThresholdMinor;
  const order: SimBuyOrder = {
    id: world.nextId('buyOrder'),
    owner: owner.steamId,
    appid: input.appid,
    hashName: input.hashName,
    price: input.priceTotal / input.quantity,
    quantity: input.quantity,
    remaining: input.quantity,
    currency: owner.wallet.currency,
    status: threshold !== null && input.priceTotal >= threshold ? 'needs_confirmation' : 'active',
    createdAt: world.now(),
  };
  world.buyOrders.set(order.id, order);
  if (order.status === 'needs_confirmation') {
    createConfirmation(world, owner, { type: 12, buyOrderId: order.id }, `Buy order - ${order.hashName}`, [
      `${order.quantity} × ${order.price}`,
    ]);
    return { kind: 'needs_confirmation', order };
  }
  return { kind: 'created', order };
}

export function cancelBuyOrder(world: SteamWorld, owner: SimAccount, id: string): void {
  const order = world.buyOrders.get(id);
  if (
    !order ||
    order.owner !== owner.steamId ||
    (order.status !== 'active' && order.status !== 'needs_confirmation' && order.status !== 'confirmed')
  ) {
    throw new SimRefusal(ERESULT.NoMatch, 'This buy order does not exist or is no longer active.');
  }
  order.status = 'canceled';
}

/** Sellers fill `count` units: the wallet pays, the items arrive with the market-purchase hold. */
export function fillBuyOrder(world: SteamWorld, id: string, count?: number) {
  const order = world.buyOrders.get(id);
  if (!order || order.status !== 'active')
    throw new SimRefusal(ERESULT.NoMatch, 'the buy order is not active');
  const owner = world.accountBySteamId(order.owner);
  if (!owner) throw new SimRefusal(ERESULT.NoMatch, 'no owner');
  const units = Math.min(
    count ?? order.remaining,
    order.remaining,
    Math.floor(owner.wallet.balance / order.price),
  );
  if (units < 1) throw new SimRefusal(ERESULT.Fail, 'the wallet cannot pay for one unit');
  owner.wallet.balance -= units * order.price;
  const holdDays = world.config.marketPurchaseHoldMs / 86_400_000;
  const items = world.addItems(
    owner,
    Array.from({ length: units }, () => ({ name: order.hashName, appid: order.appid, holdDays })),
  );
  order.remaining -= units;
  if (order.remaining === 0) order.status = 'filled';
  return { order, items };
}

const CS2_NAME_SET = new Set<string>(CS2_NAMES);

/**
 * The price overview of a name in the asked wallet currency, or null for a name Steam does not know (not in
 * the price table, the simulators' catalogue or the Steam simulator's own item names). Prices are kept in
 * the currency they were set in (reference prices in USD cents) and converted at `config.rubPerUnit`.
 */
export function priceFor(world: SteamWorld, name: string, currencyId: number) {
  const known = world.prices.get(name);
  if (!known && !CS2_NAME_SET.has(name) && !loadCatalogue().byHashName(name)) return null;
  const base = referencePrice(name);
  const price = known ?? {
    lowest: base,
    median: Math.round(base * 0.97),
    volume: 10 + (base % 900),
    currencyId: 1,
  };
  const convert = (minor: number) => convertWalletMinor(world, minor, price.currencyId, currencyId);
  return { lowest: convert(price.lowest), median: convert(price.median), volume: price.volume };
}

/** Minor units of one wallet currency in another, at the simulator's fixed rates (null: no rate). */
export function convertWalletMinor(
  world: SteamWorld,
  minor: number,
  fromId: number,
  toId: number,
): number | null {
  if (fromId === toId) return minor;
  const from = world.config.rubPerUnit[currencyCode(fromId) ?? ''];
  const to = world.config.rubPerUnit[currencyCode(toId) ?? ''];
  return from && to ? Math.round((minor * from) / to) : null;
}

export function listingView(world: SteamWorld, listing: SimListing) {
  return {
    listingid: listing.id,
    time_created: Math.floor(listing.createdAt / 1000),
    asset: {
      currency: 0,
      appid: listing.item.appid,
      contextid: listing.item.contextid,
      id: listing.item.assetid,
      classid: listing.item.classid,
      instanceid: listing.item.instanceid,
      amount: '1',
      status: 2,
      market_hash_name: listing.item.market_hash_name,
    },
    steamid_lister: listing.seller,
    price: listing.price,
    original_price: listing.price,
    fee: listing.fee,
    currencyid: 2000 + listing.currency,
    active: listing.status === 'active' ? 1 : 0,
    status: listing.status === 'active' ? 1 : 0,
  };
}

export function buyOrderView(order: SimBuyOrder) {
  return {
    appid: order.appid,
    hash_name: order.hashName,
    wallet_currency: order.currency,
    price: String(order.price),
    quantity: String(order.quantity),
    quantity_remaining: String(order.remaining),
    buy_orderid: order.id,
    description: { market_hash_name: order.hashName, appid: order.appid },
  };
}
