import type { SimClock } from '../clock/sim-clock.ts';
import { loadCatalogue, type Catalogue, type CatalogueItem } from '../data/catalogue.ts';
import { IdSequence, steamid64Of } from '../tm/state/ids.ts';
import { hashText, Random } from '../util/random.ts';
import {
  DEFAULT_KIT_CONFIG,
  mergeKitConfig,
  type KitConfig,
  type KitConfigPatch,
  type KitCurrency,
} from './kit-config.ts';
import { KitError } from './kit-error.ts';

export interface NewCredentials {
  /** What the client stores (e.g. DMarket "publicHex:secretHex", a Steam cookie string). */
  credential: string;
  /** What the server sees and looks the account up by (the key, the public key, the session cookie). */
  authKey: string;
  /** Extra fields the control API returns (publicKey, secretKey, sessionid, ...). */
  extra: Record<string, string>;
}

/**
 * The state of one simulated non-tm market: accounts (balance, inventory, listings, buy orders, purchases,
 * history) and a book of simulated sellers' offers around the catalogue's reference prices. Every amount is
 * an integer count of the market's unit (`unitsPerMajor` per major unit of `config.currency`); each
 * market's routes convert to what its wire carries.
 */

export interface SimItem {
  assetId: string;
  name: string;
  classid: string;
  instanceid: string;
  tradable: boolean;
}

export interface SimListing extends SimItem {
  id: string;
  price: number;
  createdAt: number;
  /** Every kit listing is on sale at once (Steam's confirmations live in the Steam simulator). */
  status: 'active';
  /** The account selling it; null for a simulated seller. */
  sellerId: string | null;
}

export interface SimOrder {
  id: string;
  name: string;
  /** Per unit. */
  price: number;
  quantity: number;
  remaining: number;
  createdAt: number;
}

export interface SimPurchase {
  id: string;
  /** The client's own id for the purchase (Waxpeer project_id, Lis-skins custom_id), if it gave one. */
  ref: string | null;
  /** Purchases made by one call of a market that buys several items at once (Lis-skins). */
  group: string | null;
  listingId: string;
  name: string;
  price: number;
  assetId: string;
  at: number;
  sellerId: string | null;
}

export interface SimHistoryEntry {
  id: string;
  side: 'buy' | 'sell';
  name: string;
  price: number;
  at: number;
  listingId: string | null;
  assetId: string | null;
  orderId: string | null;
  ref: string | null;
}

export interface SimAccount {
  /** The control API's handle of the account. */
  id: string;
  credential: string;
  authKey: string;
  extra: Record<string, string>;
  steamid: string;
  createdAt: number;
  balance: number;
  /** Items the account can list (not listed). */
  items: Map<string, SimItem>;
  listings: Map<string, SimListing>;
  orders: Map<string, SimOrder>;
  purchases: SimPurchase[];
  history: SimHistoryEntry[];
}

export interface KitMarketOptions {
  name: string;
  unitsPerMajor: number;
  clock: SimClock;
  seed?: number;
  config?: KitConfigPatch;
  catalogue?: Catalogue;
}

/** The price a simulated buyer bids, as a share of the reference price. */
const SIM_BID_SHARE = 0.85;

export class KitMarket {
  readonly name: string;
  readonly unitsPerMajor: number;
  readonly clock: SimClock;
  readonly catalogue: Catalogue;
  config: KitConfig;
  readonly accounts = new Map<string, SimAccount>();
  private readonly byAuthKey = new Map<string, SimAccount>();
  /** Simulated sellers' offers per market hash name, built on first use. */
  private book = new Map<string, SimListing[]>();
  private readonly initialConfig: KitConfig;
  private readonly seed: number;
  private random: Random;
  private ids = newIds();

  constructor(options: KitMarketOptions) {
    this.name = options.name;
    this.unitsPerMajor = options.unitsPerMajor;
    this.clock = options.clock;
    this.catalogue = options.catalogue ?? loadCatalogue();
    this.config = options.config
      ? mergeKitConfig({ ...DEFAULT_KIT_CONFIG }, options.config)
      : { ...DEFAULT_KIT_CONFIG };
    this.initialConfig = this.config;
    this.seed = (options.seed ?? 730) ^ hashText(options.name);
    this.random = new Random(this.seed);
  }

  now(): number {
    return this.clock.now();
  }

  /** Forgets accounts and rebuilds the book; the config goes back to what it was at creation. */
  reset(): void {
    this.accounts.clear();
    this.byAuthKey.clear();
    this.book = new Map();
    this.ids = newIds();
    this.random = new Random(this.seed);
    this.config = this.initialConfig;
  }

  accountByAuthKey(authKey: string | null | undefined): SimAccount | undefined {
    return authKey ? this.byAuthKey.get(authKey) : undefined;
  }

  /** A new account; `credentials` makes its credentials from its steamid64. */
  createAccount(
    credentials: (steamid: string) => NewCredentials,
    options: { balance: number; inventory: number; names: string[] },
  ) {
    const number = this.ids.account.takeNumber();
    const steamid = steamid64Of(100_000_000 + number);
    const made = credentials(steamid);
    if (this.byAuthKey.has(made.authKey))
      throw new KitError('duplicate_credentials', 'credentials taken', 409);
    const account: SimAccount = {
      id: String(number),
      credential: made.credential,
      authKey: made.authKey,
      extra: made.extra,
      steamid,
      createdAt: this.now(),
      balance: options.balance,
      items: new Map(),
      listings: new Map(),
      orders: new Map(),
      purchases: [],
      history: [],
    };
    this.accounts.set(account.id, account);
    this.byAuthKey.set(account.authKey, account);
    this.addItems(account, { count: options.inventory, names: options.names, tradable: true });
    return account;
  }

  /** Gives an account items: `names` in turn (count defaults to their number), else random catalogue names. */
  addItems(account: SimAccount, options: { count: number; names: string[]; tradable: boolean }): SimItem[] {
    for (const name of options.names) {
      if (!this.catalogue.byHashName(name)) throw new KitError('unknown_item', `unknown item ${name}`);
    }
    const count = options.names.length > 0 && options.count === 0 ? options.names.length : options.count;
    const added: SimItem[] = [];
    for (let i = 0; i < count; i++) {
      const entry =
        options.names.length > 0
          ? this.catalogue.byHashName(options.names[i % options.names.length]!)!
          : this.random.pick(this.catalogue.items);
      const item = this.newItem(entry, options.tradable);
      account.items.set(item.assetId, item);
      added.push(item);
    }
    return added;
  }

  /** The reference price of a catalogue item in this market's units. */
  refUnits(entry: CatalogueItem): number {
    const { currency, rates } = this.config;
    const perUnit = currency === 'RUB' ? 1 : rates[currency];
    return Math.max(1, Math.round((entry.refPriceKopecks / 100 / perUnit) * this.unitsPerMajor));
  }

  /** An amount in this market's units converted to another currency (display only), rounded to the unit. */
  convertTo(units: number, currency: KitCurrency): number {
    const from = this.config.currency;
    if (from === currency) return units;
    const rub = (c: KitCurrency) => (c === 'RUB' ? 1 : this.config.rates[c]);
    return Math.round((units * rub(from)) / rub(currency));
  }

  /** Every buyable offer of a name (simulated sellers and accounts' active listings), cheapest first. */
  offersFor(name: string): SimListing[] {
    const offers = [...this.simOffers(name)];
    for (const account of this.accounts.values()) {
      for (const listing of account.listings.values()) {
        if (listing.name === name && listing.status === 'active') offers.push(listing);
      }
    }
    return offers.sort((a, b) => a.price - b.price || a.createdAt - b.createdAt);
  }

  /** The best standing buy order of a name: simulated buyers' bid or an account's order, whichever is higher. */
  bestBid(name: string): number | null {
    const entry = this.catalogue.byHashName(name);
    let best = entry ? Math.max(1, Math.round(this.refUnits(entry) * SIM_BID_SHARE)) : null;
    for (const account of this.accounts.values()) {
      for (const order of account.orders.values()) {
        if (order.name === name && order.remaining > 0 && (best === null || order.price > best))
          best = order.price;
      }
    }
    return best;
  }

  findListing(listingId: string): { listing: SimListing; owner: SimAccount | null } | null {
    for (const offers of this.book.values()) {
      const listing = offers.find((offer) => offer.id === listingId);
      if (listing) return { listing, owner: null };
    }
    for (const account of this.accounts.values()) {
      const listing = account.listings.get(listingId);
      if (listing) return { listing, owner: account };
    }
    return null;
  }

  list(account: SimAccount, assetId: string, price: number): SimListing {
    const item = account.items.get(assetId);
    if (!item) throw new KitError('item_not_in_inventory', `item ${assetId} is not in the inventory`);
    if (!item.tradable) throw new KitError('item_not_tradable', `item ${assetId} is not tradable`);
    if (!Number.isSafeInteger(price) || price <= 0) throw new KitError('bad_price', 'price must be positive');
    account.items.delete(assetId);
    const listing: SimListing = {
      ...item,
      id: this.ids.listing.take(),
      price,
      createdAt: this.now(),
      status: 'active',
      sellerId: account.id,
    };
    account.listings.set(listing.id, listing);
    return listing;
  }

  reprice(account: SimAccount, listingId: string, price: number): SimListing {
    const listing = this.ownListing(account, listingId);
    if (!Number.isSafeInteger(price) || price <= 0) throw new KitError('bad_price', 'price must be positive');
    listing.price = price;
    return listing;
  }

  /** Takes a listing off sale; the item goes back to the inventory. */
  delist(account: SimAccount, listingId: string): SimItem {
    const listing = this.ownListing(account, listingId);
    account.listings.delete(listingId);
    const item = itemOf(listing);
    account.items.set(item.assetId, item);
    return item;
  }

  /** A simulated buyer buys an active listing: the seller is paid the price less the fee. */
  sellListing(account: SimAccount, listingId: string): SimListing {
    const listing = this.ownListing(account, listingId);
    if (listing.status !== 'active')
      throw new KitError('not_on_sale', `listing ${listingId} is not on sale`, 409);
    this.completeSale(account, listing, null);
    return listing;
  }

  /**
   * Buys one offer: a given listing, or the cheapest offer of a name that is not the buyer's own, at most
   * `maxPrice`. Spends money: the caller counts it in the stats.
   */
  buy(
    account: SimAccount,
    target: { listingId?: string; name?: string; maxPrice: number; ref?: string | null },
  ) {
    let offer: SimListing | undefined;
    let seller: SimAccount | null = null;
    if (target.listingId !== undefined) {
      const found = this.findListing(target.listingId);
      if (!found || found.listing.status !== 'active')
        throw new KitError('item_not_found', 'item not found', 404);
      offer = found.listing;
      seller = found.owner;
    } else {
      offer = this.offersFor(target.name ?? '').find((candidate) => candidate.sellerId !== account.id);
      if (!offer) throw new KitError('item_not_found', 'no offer of that item', 404);
      seller = offer.sellerId === null ? null : (this.accounts.get(offer.sellerId) ?? null);
    }
    if (offer.sellerId === account.id) throw new KitError('cannot_buy_own_item', 'cannot buy your own item');
    if (offer.price > target.maxPrice)
      throw new KitError('price_too_high', 'the item costs more than max price');
    if (account.balance < offer.price) throw new KitError('insufficient_funds', 'not enough money', 402);

    account.balance -= offer.price;
    if (seller) this.completeSale(seller, offer, account.id);
    else this.takeSimOffer(offer);
    const item = this.newItem(this.catalogue.byHashName(offer.name) ?? null, false, offer);
    account.items.set(item.assetId, item);
    const purchase: SimPurchase = {
      id: this.ids.purchase.take(),
      ref: target.ref ?? null,
      group: null,
      listingId: offer.id,
      name: offer.name,
      price: offer.price,
      assetId: item.assetId,
      at: this.now(),
      sellerId: offer.sellerId,
    };
    account.purchases.push(purchase);
    this.record(account, 'buy', offer.name, offer.price, {
      listingId: offer.id,
      assetId: item.assetId,
      ref: purchase.ref,
    });
    return purchase;
  }

  placeOrder(account: SimAccount, name: string, price: number, quantity: number): SimOrder {
    if (!this.catalogue.byHashName(name)) throw new KitError('unknown_item', `unknown item ${name}`);
    if (!Number.isSafeInteger(price) || price <= 0) throw new KitError('bad_price', 'price must be positive');
    if (!Number.isSafeInteger(quantity) || quantity < 1)
      throw new KitError('bad_quantity', 'quantity must be >= 1');
    const order: SimOrder = {
      id: this.ids.order.take(),
      name,
      price,
      quantity,
      remaining: quantity,
      createdAt: this.now(),
    };
    account.orders.set(order.id, order);
    return order;
  }

  updateOrder(account: SimAccount, orderId: string, change: { price?: number; quantity?: number }): SimOrder {
    const order = account.orders.get(orderId);
    if (!order) throw new KitError('order_not_found', `no order ${orderId}`, 404);
    if (change.price !== undefined) {
      if (!Number.isSafeInteger(change.price) || change.price <= 0)
        throw new KitError('bad_price', 'bad price');
      order.price = change.price;
    }
    if (change.quantity !== undefined) {
      if (!Number.isSafeInteger(change.quantity) || change.quantity < 1)
        throw new KitError('bad_quantity', 'bad quantity');
      order.remaining = Math.max(0, change.quantity - (order.quantity - order.remaining));
      order.quantity = change.quantity;
    }
    return order;
  }

  cancelOrder(account: SimAccount, orderId: string): boolean {
    return account.orders.delete(orderId);
  }

  /** Simulated sellers fill an account's orders at the order price while the money lasts. */
  fillOrders(account: SimAccount, options: { orderId?: string; count: number }) {
    const filled: { order_id: string; market_hash_name: string; price: number; asset_id: string }[] = [];
    const skipped: { order_id: string; reason: string }[] = [];
    const orders = [...account.orders.values()].filter(
      (order) => options.orderId === undefined || order.id === options.orderId,
    );
    for (const order of orders) {
      for (let i = 0; i < options.count && order.remaining > 0; i++) {
        if (account.balance < order.price) {
          skipped.push({ order_id: order.id, reason: 'insufficient_funds' });
          break;
        }
        account.balance -= order.price;
        order.remaining--;
        const item = this.newItem(this.catalogue.byHashName(order.name) ?? null, false);
        account.items.set(item.assetId, item);
        this.record(account, 'buy', order.name, order.price, { assetId: item.assetId, orderId: order.id });
        filled.push({
          order_id: order.id,
          market_hash_name: order.name,
          price: order.price,
          asset_id: item.assetId,
        });
      }
      if (order.remaining === 0) account.orders.delete(order.id);
    }
    return { filled, skipped };
  }

  /** A history entry made by the control API (markets whose API cannot trade, e.g. Skinport). */
  record(
    account: SimAccount,
    side: 'buy' | 'sell',
    name: string,
    price: number,
    links: { listingId?: string; assetId?: string; orderId?: string; ref?: string | null; at?: number } = {},
  ): SimHistoryEntry {
    const entry: SimHistoryEntry = {
      id: this.ids.history.take(),
      side,
      name,
      price,
      at: links.at ?? this.now(),
      listingId: links.listingId ?? null,
      assetId: links.assetId ?? null,
      orderId: links.orderId ?? null,
      ref: links.ref ?? null,
    };
    account.history.push(entry);
    return entry;
  }

  /** What a sale earns the seller: the price less the fee, rounded down to the unit. */
  sellerProceeds(price: number): number {
    return Math.floor(price * (1 - this.config.feeShare) + 1e-9);
  }

  private completeSale(seller: SimAccount, listing: SimListing, buyerId: string | null): void {
    seller.listings.delete(listing.id);
    seller.balance += this.sellerProceeds(listing.price);
    this.record(seller, 'sell', listing.name, listing.price, {
      listingId: listing.id,
      assetId: listing.assetId,
      ref: buyerId,
    });
  }

  private ownListing(account: SimAccount, listingId: string): SimListing {
    const listing = account.listings.get(listingId);
    if (!listing) throw new KitError('listing_not_found', `no listing ${listingId}`, 404);
    return listing;
  }

  /** The simulated sellers' offers of a name, topped up to `minSimOffers` above the cheapest left. */
  private simOffers(name: string): SimListing[] {
    const entry = this.catalogue.byHashName(name);
    if (!entry) return [];
    let offers = this.book.get(name);
    if (!offers) {
      offers = [];
      this.book.set(name, offers);
    }
    const ref = this.refUnits(entry);
    const nameRandom = new Random(this.seed ^ hashText(name) ^ offers.length);
    while (offers.length < this.config.minSimOffers) {
      const highest = offers.reduce((max, offer) => Math.max(max, offer.price), 0);
      const step = 1 + 0.01 * offers.length + nameRandom.between(0, 0.04);
      const price = Math.max(highest + 1, Math.round(ref * step));
      const item = this.newItem(entry, true);
      offers.push({
        ...item,
        id: this.ids.listing.take(),
        price,
        createdAt: this.now(),
        status: 'active',
        sellerId: null,
      });
    }
    return offers;
  }

  private takeSimOffer(offer: SimListing): void {
    const offers = this.book.get(offer.name);
    if (offers)
      this.book.set(
        offer.name,
        offers.filter((candidate) => candidate.id !== offer.id),
      );
  }

  private newItem(entry: CatalogueItem | null, tradable: boolean, from?: SimItem): SimItem {
    return {
      assetId: this.ids.asset.take(),
      name: entry?.marketHashName ?? from?.name ?? 'Unknown',
      classid: entry?.classid ?? from?.classid ?? '0',
      instanceid: entry?.instanceid ?? from?.instanceid ?? '0',
      tradable,
    };
  }
}

function itemOf(listing: SimListing): SimItem {
  return {
    assetId: listing.assetId,
    name: listing.name,
    classid: listing.classid,
    instanceid: listing.instanceid,
    tradable: listing.tradable,
  };
}

function newIds() {
  return {
    account: new IdSequence(1),
    asset: new IdSequence(31_000_000_001),
    listing: new IdSequence(5_100_000_001),
    order: new IdSequence(9_000_001),
    purchase: new IdSequence(700_001),
    history: new IdSequence(1),
  };
}
