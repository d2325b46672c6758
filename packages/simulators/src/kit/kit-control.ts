import { CLOCK_FAULT_STATS_CALLS, parseControlBody } from '../control/control-api.ts';
import { Router } from '../tm/http/router.ts';
import type { FaultSpec } from '../tm/faults/tm-faults.ts';
import { InputError } from '../util/input-error.ts';
import { mergeKitConfig } from './kit-config.ts';
import type { FaultStore } from '../faults/fault-store.ts';
import type { KitMarketDefinition } from './kit-definition.ts';
import type { KitMarket, NewCredentials, SimAccount } from './kit-market.ts';
import type { KitStats } from './kit-stats.ts';
import { KitReply } from './kit-types.ts';
import { majorToUnits, unitsToDecimal } from './kit-units.ts';

/** The control API of one simulated non-tm market, under `<prefix>/_control/`. JSON in, JSON out. */

/**
 * What the control API acts on: the simulator (KitSimulator) seen through the parts its handlers use, so
 * this file need not import the simulator that mounts it.
 */
export interface ControlledKitSimulator {
  readonly name: string;
  readonly definition: KitMarketDefinition;
  readonly market: KitMarket;
  readonly faults: FaultStore<FaultSpec>;
  readonly stats: KitStats;
  reset(): void;
}

export type KitControlRoute = (
  ctx: { body: string; params: Record<string, string> },
  sim: ControlledKitSimulator,
) => unknown;

type Body = Record<string, unknown>;

function int(body: Body, name: string, fallback: number, max = 10_000): number {
  const value = body[name];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    throw new InputError(`${name} must be an integer 0..${max}`);
  }
  return value;
}

function text(body: Body, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') throw new InputError(`${name} must be a string`);
  return value;
}

function names(body: Body): string[] {
  const value = body.names;
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((name) => typeof name === 'string')) {
    throw new InputError('names must be a list of market hash names');
  }
  return value as string[];
}

function money(sim: ControlledKitSimulator, body: Body, name: string): number | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  const units = majorToUnits(value, sim.market.unitsPerMajor);
  if (units === null)
    throw new InputError(`${name} must be an amount in major units (number or decimal string)`);
  return units;
}

function accountOf(sim: ControlledKitSimulator, id: string | undefined): SimAccount {
  const account = sim.market.accounts.get(id ?? '');
  if (!account) throw new InputError(`no account ${id}`);
  return account;
}

const major = (sim: ControlledKitSimulator, units: number) => unitsToDecimal(units, sim.market.unitsPerMajor);

function itemView(item: {
  assetId: string;
  name: string;
  classid: string;
  instanceid: string;
  tradable: boolean;
}) {
  return {
    asset_id: item.assetId,
    market_hash_name: item.name,
    classid: item.classid,
    instanceid: item.instanceid,
    tradable: item.tradable,
  };
}

function summary(sim: ControlledKitSimulator, account: SimAccount) {
  return {
    id: account.id,
    credential: account.credential,
    ...account.extra,
    steamid: account.steamid,
    currency: sim.market.config.currency,
    balance: major(sim, account.balance),
    balanceUnits: account.balance,
  };
}

function dump(sim: ControlledKitSimulator, account: SimAccount) {
  return {
    ...summary(sim, account),
    items: [...account.items.values()].map(itemView),
    listings: [...account.listings.values()].map((listing) => ({
      listing_id: listing.id,
      ...itemView(listing),
      price: major(sim, listing.price),
      status: listing.status,
      createdAt: listing.createdAt,
    })),
    orders: [...account.orders.values()].map((order) => ({
      order_id: order.id,
      market_hash_name: order.name,
      price: major(sim, order.price),
      quantity: order.quantity,
      remaining: order.remaining,
      createdAt: order.createdAt,
    })),
    purchases: account.purchases.map((purchase) => ({
      purchase_id: purchase.id,
      ref: purchase.ref,
      listing_id: purchase.listingId,
      asset_id: purchase.assetId,
      market_hash_name: purchase.name,
      price: major(sim, purchase.price),
      at: purchase.at,
    })),
    history: account.history.map((entry) => ({
      id: entry.id,
      side: entry.side,
      market_hash_name: entry.name,
      price: major(sim, entry.price),
      at: entry.at,
      listing_id: entry.listingId,
      order_id: entry.orderId,
    })),
  };
}

/** `credential`: the account takes a credential the caller holds (the demo's seeded keys) instead of a new one. */
function givenCredential(sim: ControlledKitSimulator, body: Body): NewCredentials | null {
  const value = body.credential;
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new InputError('credential must be a string');
  if (!sim.definition.givenCredentials)
    throw new InputError(`${sim.definition.name} makes its own credentials: leave credential out`);
  const made = sim.definition.givenCredentials(value);
  if (!made) throw new InputError(`credential is not a ${sim.definition.name} credential`);
  return made;
}

const createAccount: KitControlRoute = (ctx, sim) => {
  const body = parseControlBody(ctx.body);
  const given = givenCredential(sim, body);
  const account = sim.market.createAccount((steamid) => given ?? sim.definition.newCredentials(steamid), {
    balance: money(sim, body, 'money') ?? 0,
    inventory: int(body, 'inventory', 0),
    names: names(body),
  });
  return { ...summary(sim, account), items: [...account.items.values()].map(itemView) };
};

const addItems: KitControlRoute = (ctx, sim) => {
  const account = accountOf(sim, ctx.params.id);
  const body = parseControlBody(ctx.body);
  const tradable = body.tradable;
  if (tradable !== undefined && typeof tradable !== 'boolean')
    throw new InputError('tradable must be true or false');
  const list = names(body);
  const items = sim.market.addItems(account, {
    count: int(body, 'count', list.length > 0 ? 0 : 1),
    names: list,
    tradable: tradable ?? true,
  });
  return { items: items.map(itemView) };
};

const setMoney: KitControlRoute = (ctx, sim) => {
  const account = accountOf(sim, ctx.params.id);
  const body = parseControlBody(ctx.body);
  const set = money(sim, body, 'set');
  const amount = money(sim, body, 'amount');
  if (set === undefined && amount === undefined) throw new InputError('give amount (a delta) or set');
  account.balance = set ?? account.balance + (amount ?? 0);
  if (account.balance < 0) account.balance = 0;
  return { balance: major(sim, account.balance), balanceUnits: account.balance };
};

const sell: KitControlRoute = (ctx, sim) => {
  const account = accountOf(sim, ctx.params.id);
  const body = parseControlBody(ctx.body);
  const listingId = text(body, 'listing_id');
  const ids =
    listingId !== undefined
      ? [listingId]
      : [...account.listings.values()]
          .filter((listing) => listing.status === 'active')
          .sort((a, b) => a.createdAt - b.createdAt)
          .slice(0, int(body, 'count', 1))
          .map((listing) => listing.id);
  if (ids.length === 0) return new KitReply(409, { error: 'nothing on sale' });
  const sold = ids.map((id) => sim.market.sellListing(account, id));
  return {
    sold: sold.map((listing) => ({
      listing_id: listing.id,
      asset_id: listing.assetId,
      market_hash_name: listing.name,
      price: major(sim, listing.price),
    })),
    balance: major(sim, account.balance),
  };
};

const fillOrders: KitControlRoute = (ctx, sim) => {
  const account = accountOf(sim, ctx.params.id);
  const body = parseControlBody(ctx.body);
  const orderId = text(body, 'order_id');
  const result = sim.market.fillOrders(account, {
    ...(orderId !== undefined ? { orderId } : {}),
    count: int(body, 'count', 1),
  });
  return {
    filled: result.filled.map((fill) => ({ ...fill, price: major(sim, fill.price) })),
    skipped: result.skipped,
    balance: major(sim, account.balance),
  };
};

const addHistory: KitControlRoute = (ctx, sim) => {
  const account = accountOf(sim, ctx.params.id);
  const body = parseControlBody(ctx.body);
  const side = text(body, 'side');
  if (side !== 'buy' && side !== 'sell') throw new InputError('side must be buy or sell');
  const name = text(body, 'market_hash_name');
  if (!name) throw new InputError('market_hash_name is required');
  const price = money(sim, body, 'price');
  if (price === undefined || price <= 0) throw new InputError('price must be a positive amount');
  const at = body.at;
  if (at !== undefined && (typeof at !== 'number' || !Number.isFinite(at)))
    throw new InputError('at: epoch ms');
  const entry = sim.market.record(account, side, name, price, at === undefined ? {} : { at });
  return { id: entry.id, side, market_hash_name: name, price: major(sim, price), at: entry.at };
};

const clockView: KitControlRoute = (_ctx, sim) => ({
  now: sim.market.now(),
  iso: new Date(sim.market.now()).toISOString(),
  offsetMs: sim.market.clock.offsetMs(),
});

const CONTROL_INDEX = [
  'POST accounts {money?, inventory?, names?, credential?}',
  'GET accounts',
  'GET accounts/{id}',
  'POST accounts/{id}/items {count?, names?, tradable?}',
  'POST accounts/{id}/money {amount?|set?}',
  'POST accounts/{id}/sell {listing_id?|count?}',
  'POST accounts/{id}/fill-orders {order_id?, count?}',
  'POST accounts/{id}/history {side, market_hash_name, price, at?}',
  ...CLOCK_FAULT_STATS_CALLS,
  'GET config',
  'POST config {currency?, rateLimits?, feeShare?, rates?, minSimOffers?, signatureMaxAgeMs?}',
  'POST reset',
];

export function buildKitControlRouter(): Router<KitControlRoute> {
  const router = new Router<KitControlRoute>();
  router.add(['GET'], '/', (_ctx, sim) => ({ market: sim.name, routes: CONTROL_INDEX }));
  router.add(['POST'], '/accounts', createAccount);
  router.add(['GET'], '/accounts', (_ctx, sim) =>
    [...sim.market.accounts.values()].map((a) => summary(sim, a)),
  );
  router.add(['GET'], '/accounts/:id', (ctx, sim) => dump(sim, accountOf(sim, ctx.params.id)));
  router.add(['POST'], '/accounts/:id/items', addItems);
  router.add(['POST'], '/accounts/:id/money', setMoney);
  router.add(['POST'], '/accounts/:id/sell', sell);
  router.add(['POST'], '/accounts/:id/fill-orders', fillOrders);
  router.add(['POST'], '/accounts/:id/history', addHistory);
  router.add(['GET'], '/clock', clockView);
  router.add(['POST'], '/clock/advance', (ctx, sim) => {
    const ms = parseControlBody(ctx.body).ms;
    if (typeof ms !== 'number' || !(ms >= 0)) throw new InputError('ms must be a non-negative number');
    sim.market.clock.advance(ms);
    return clockView(ctx, sim);
  });
  router.add(['GET'], '/faults', (_ctx, sim) => sim.faults.list());
  router.add(['POST'], '/faults', (ctx, sim) =>
    sim.faults.add(parseControlBody(ctx.body) as unknown as FaultSpec),
  );
  router.add(['DELETE'], '/faults', (_ctx, sim) => {
    sim.faults.clear();
    return { deleted: true };
  });
  router.add(['DELETE'], '/faults/:id', (ctx, sim) =>
    sim.faults.remove(ctx.params.id ?? '')
      ? { deleted: true }
      : new KitReply(404, { error: 'no such fault' }),
  );
  router.add(['GET'], '/stats', (_ctx, sim) => sim.stats.snapshot());
  router.add(['GET'], '/config', (_ctx, sim) => sim.market.config);
  router.add(['POST', 'PATCH'], '/config', (ctx, sim) => {
    sim.market.config = mergeKitConfig(sim.market.config, parseControlBody(ctx.body));
    return sim.market.config;
  });
  router.add(['POST'], '/reset', (_ctx, sim) => {
    sim.reset();
    return { reset: true };
  });
  return router;
}
