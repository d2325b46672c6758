import { InputError } from '../../util/input-error.ts';
import { fromMajor, type TmCurrency } from '../../util/money-units.ts';
import { newApiKey, newHex, newTradeToken, steamid64Of } from './ids.ts';
import type { TmMarket } from './tm-market.ts';
import type { Account, AddToSaleItemError, SteamItem } from './types.ts';

/** Creating accounts and giving them Steam items (the control API's account calls). */

export interface NewItemsOptions {
  /** How many random catalogue items (ignored when `names` is given). */
  count?: number;
  /** Exact market hash names from the catalogue (one item each). */
  names?: string[];
  /** Default true. */
  tradable?: boolean;
  /** Visible in my-inventory at once (default true); false = only after update-inventory plus its delay. */
  visible?: boolean;
  /** Make add-to-sale fail on these items with this error (see SteamItem.addError). */
  addToSaleError?: AddToSaleItemError;
  /** For no_description_found and item_not_inserted: how many attempts fail (default 1). */
  errorTimes?: number;
  /**
   * The items' Steam asset ids, one per name (default: new ones): a test mirrors an account of the
   * simulated Steam, so that the offers the bot sends there carry the assets this market sold.
   */
  assetids?: string[];
}

export interface NewAccountOptions {
  currency?: TmCurrency;
  /** Starting balance in major units (1500.5 = 1500.50 RUB). */
  money?: number;
  /** Number of random Steam items to start with. */
  inventory?: number;
  /** Specific items to start with (market hash names). */
  names?: string[];
  /** Start as if pinged just now (default false: the bot must call ping-new to go online). */
  online?: boolean;
  /** Default true; false: my-inventory and add-to-sale answer inventory_not_loaded until update-inventory. */
  inventoryLoaded?: boolean;
  /** A pay password already set (default none: money-send answers wrong_payment_password). */
  payPassword?: string | null;
  tradeToken?: string;
  /** Use this API key instead of a random one (32 hex characters recommended). */
  key?: string;
}

const ADD_ERRORS: readonly AddToSaleItemError[] = [
  'item_not_recieved',
  'no_description_found',
  'item_not_inserted',
];

export function createAccount(market: TmMarket, options: NewAccountOptions = {}): Account {
  const currency = options.currency ?? 'RUB';
  if (!['RUB', 'USD', 'EUR'].includes(currency)) throw new InputError('currency must be RUB, USD or EUR');
  if (options.money !== undefined && (!Number.isFinite(options.money) || options.money < 0)) {
    throw new InputError('money must be a non-negative number of major units');
  }
  const key = options.key ?? newApiKey();
  if (market.accounts.has(key)) throw new InputError('an account with that key exists');
  const steamid32 = market.random.int(100_000_000, 1_199_999_999);
  const now = market.now();
  const account: Account = {
    key,
    userId: market.ids.user.takeNumber(),
    steamid32,
    steamid64: steamid64Of(steamid32),
    nick: `toydesk_bot_${steamid32 % 10_000}`,
    currency,
    money: fromMajor(options.money ?? 0, currency),
    settlement: 0,
    tradeToken: options.tradeToken ?? newTradeToken(market.random),
    payPassword: options.payPassword ?? null,
    inventory: new Map(),
    inventoryLoaded: options.inventoryLoaded ?? true,
    inventoryLoadsAt: null,
    lastPingAt: options.online ? now : null,
    tradeBanUntil: null,
    pendingWithdrawal: false,
    currencyChangingUntil: null,
    keyDeleted: false,
    wsToken: newHex(market.random, 32),
    profileHash: newHex(market.random, 32),
    history: [],
    createdAt: now,
  };
  market.accounts.set(key, account);
  if (options.names?.length) addItems(market, account, { names: options.names });
  if (options.inventory) addItems(market, account, { count: options.inventory });
  return account;
}

export function addItems(market: TmMarket, account: Account, options: NewItemsOptions): SteamItem[] {
  if (options.addToSaleError !== undefined && !ADD_ERRORS.includes(options.addToSaleError)) {
    throw new InputError(`addToSaleError must be one of ${ADD_ERRORS.join(', ')}`);
  }
  const names = options.names?.length
    ? options.names
    : Array.from({ length: Math.max(0, Math.floor(options.count ?? 1)) }, () => {
        return market.random.pick(market.catalogue.items).marketHashName;
      });
  if (names.length > 10_000) throw new InputError('at most 10000 items per call');
  const assetids = options.assetids;
  if (assetids !== undefined) {
    if (assetids.length !== names.length || !options.names?.length)
      throw new InputError('assetids needs names, one asset id per name');
    for (const id of assetids) {
      if (!/^\d{1,20}$/.test(id)) throw new InputError(`assetid must be digits: ${id}`);
      if (account.inventory.has(id)) throw new InputError(`the account already holds asset ${id}`);
    }
  }
  const now = market.now();
  return names.map((name, index) => {
    const entry = market.catalogue.byHashName(name);
    if (!entry) throw new InputError(`unknown market_hash_name: ${name}`);
    const item: SteamItem = {
      assetid: assetids?.[index] ?? market.ids.asset.take(),
      classid: entry.classid,
      instanceid: entry.instanceid,
      market_hash_name: entry.marketHashName,
      tradable: options.tradable ?? true,
      tradableAt: null,
      seenAt: options.visible === false ? null : now,
      addError: options.addToSaleError
        ? { error: options.addToSaleError, remaining: Math.max(1, options.errorTimes ?? 1), clearsAt: null }
        : null,
    };
    account.inventory.set(item.assetid, item);
    return item;
  });
}

/** Steam items the market sees and that are not listed: what my-inventory shows. */
export function marketInventory(market: TmMarket, account: Account): SteamItem[] {
  const listed = new Set<string>();
  for (const listing of market.listings.values()) {
    if (listing.ownerKey === account.key) listed.add(listing.assetid);
  }
  const now = market.now();
  return [...account.inventory.values()].filter(
    (item) => item.seenAt !== null && item.seenAt <= now && !listed.has(item.assetid),
  );
}
