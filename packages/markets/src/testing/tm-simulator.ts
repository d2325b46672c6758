import {
  createSimulatorServer,
  type FaultSpec,
  type KeyRateBySecond,
  type KeyStats,
  type SimulatorServer,
  type StatsSnapshot,
  type TmConfigPatch,
  type TmFamilyMarket,
} from '@toydesk/simulators';

/**
 * Test helpers for the tm clients: a real simulator server on 127.0.0.1 and a free port (as stripe-node's
 * tests start a throw-away server), reached over HTTP, with its control API wrapped. The market's own rate
 * limit stays at tm's real 5 per second: the clients must hold it themselves.
 */

export interface SimAccount {
  key: string;
  userId: number;
  steamid32: number;
  currency: 'RUB' | 'USD' | 'EUR';
  money: number;
  moneyMinor: number;
  tradeToken: string;
  payPassword: string | null;
  items: SimItem[];
}

export interface SimItem {
  assetid: string;
  classid: string;
  instanceid: string;
  market_hash_name: string;
}

export interface SimAccountOptions {
  currency?: 'RUB' | 'USD' | 'EUR';
  /** Major units. */
  money?: number;
  inventory?: number;
  names?: string[];
  online?: boolean;
  inventoryLoaded?: boolean;
  payPassword?: string;
  key?: string;
}

export interface SimItemsOptions {
  count?: number;
  names?: string[];
  tradable?: boolean;
  visible?: boolean;
  addToSaleError?: 'item_not_recieved' | 'no_description_found' | 'item_not_inserted';
  errorTimes?: number;
}

/** A simulator server's control API over HTTP, wherever the server runs (this thread, a worker, another process). */
export class TmSimControl {
  constructor(
    /** `http://127.0.0.1:<port>` */
    readonly origin: string,
  ) {}

  /** The market root a client takes as baseUrl: `<origin>/tm`. */
  baseUrl(market: TmFamilyMarket = 'tm'): string {
    return `${this.origin}/${market}`;
  }

  /** A control-API call (never rate-limited or faulted); throws unless it answers 2xx. */
  async control<T>(method: string, path: string, body?: unknown, market: TmFamilyMarket = 'tm'): Promise<T> {
    const response = await fetch(`${this.baseUrl(market)}/_control/${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`simulator control ${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }

  createAccount(options: SimAccountOptions = {}, market: TmFamilyMarket = 'tm'): Promise<SimAccount> {
    return this.control<SimAccount>('POST', 'accounts', options, market);
  }

  async addItems(key: string, options: SimItemsOptions, market: TmFamilyMarket = 'tm'): Promise<SimItem[]> {
    return (await this.control<{ items: SimItem[] }>('POST', `accounts/${key}/items`, options, market)).items;
  }

  /** The account's whole state (listings, purchases, orders, transfers). */
  accountState<T = Record<string, unknown>>(key: string, market: TmFamilyMarket = 'tm'): Promise<T> {
    return this.control<T>('GET', `accounts/${key}`, undefined, market);
  }

  addFault(spec: FaultSpec, market: TmFamilyMarket = 'tm'): Promise<{ id: string }> {
    return this.control('POST', 'faults', spec, market);
  }

  async clearFaults(market: TmFamilyMarket = 'tm'): Promise<void> {
    await this.control('DELETE', 'faults', undefined, market);
  }

  stats(market: TmFamilyMarket = 'tm'): Promise<StatsSnapshot> {
    return this.control<StatsSnapshot>('GET', 'stats', undefined, market);
  }

  async keyStats(key: string, market: TmFamilyMarket = 'tm'): Promise<KeyStats> {
    const stats = (await this.stats(market)).keys[key];
    if (stats === undefined) throw new Error(`no requests seen for key ${key.slice(0, 6)}…`);
    return stats;
  }

  /** A key's requests per second as the simulator counted them (seconds over tm's 5 and the worst one). */
  rateBySecond(key: string, limit = 5, market: TmFamilyMarket = 'tm'): Promise<KeyRateBySecond> {
    return this.control('GET', `stats/rate/${encodeURIComponent(key)}?limit=${limit}`, undefined, market);
  }

  async advance(ms: number, market: TmFamilyMarket = 'tm'): Promise<void> {
    await this.control('POST', 'clock/advance', { ms }, market);
  }

  async setConfig(patch: TmConfigPatch, market: TmFamilyMarket = 'tm'): Promise<void> {
    await this.control('POST', 'config', patch, market);
  }
}

/** A simulator server running in this thread: the control API plus direct access to its state. */
export class TmSimHarness extends TmSimControl {
  constructor(
    readonly server: SimulatorServer,
    origin: string,
  ) {
    super(origin);
  }

  /**
   * Gives an account `count` buy orders at once, straight into the in-process market state (the control
   * API has no call for it, and set-order at 5 per second would take count / 5 seconds). One order per
   * catalogue name, phases added past the catalogue's size; prices from 1.00 up.
   */
  seedOrders(key: string, count: number, market: TmFamilyMarket = 'tm'): void {
    const state = this.server.state[market].market;
    const account = state.account(key);
    if (account === undefined) throw new Error('seedOrders: no such account');
    const items = state.catalogue.items;
    for (let i = 0; i < count; i += 1) {
      const item = items[i % items.length]!;
      const id = state.ids.order.take();
      state.orders.set(id, {
        id,
        ownerKey: key,
        market_hash_name: item.marketHashName,
        classid: item.classid,
        instanceid: item.instanceid,
        phase: i < items.length ? '' : `phase${Math.floor(i / items.length)}`,
        price: 100 + i,
        currency: account.currency,
        count: 1,
        partner: null,
        token: null,
        createdAt: state.now(),
      });
    }
  }

  /**
   * Gives an account `count` new Steam items and lists them at `priceMinor` (its currency's minor units),
   * straight into the in-process market state, as add-to-sale would. Returns the listings' item ids.
   */
  async seedListings(
    key: string,
    count: number,
    priceMinor: number,
    market: TmFamilyMarket = 'tm',
  ): Promise<string[]> {
    const items = await this.addItems(key, { count }, market);
    const state = this.server.state[market].market;
    const account = state.account(key);
    if (account === undefined) throw new Error('seedListings: no such account');
    return items.map((item) => {
      const itemId = state.ids.item.take();
      state.listings.set(itemId, {
        item_id: itemId,
        ownerKey: key,
        assetid: item.assetid,
        classid: item.classid,
        instanceid: item.instanceid,
        market_hash_name: item.market_hash_name,
        price: priceMinor,
        currency: account.currency,
        placedAt: state.now(),
        status: 1,
        sale: null,
      });
      return itemId;
    });
  }

  close(): Promise<void> {
    return this.server.close();
  }
}

/** A simulator server with tm, cs7 and cs7_proxy on a free local port. */
export async function startTmSimulator(
  options: { config?: TmConfigPatch; seed?: number } = {},
): Promise<TmSimHarness> {
  const server = await createSimulatorServer({
    ...(options.config ? { config: options.config } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
  });
  const origin = await server.listen({ port: 0 });
  return new TmSimHarness(server, origin);
}
