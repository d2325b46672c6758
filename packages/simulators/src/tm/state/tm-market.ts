import type { SimClock } from '../../clock/sim-clock.ts';
import type { Catalogue } from '../../data/catalogue.ts';
import { convertMinor, type TmCurrency } from '../../util/money-units.ts';
import { hashText, Random } from '../../util/random.ts';
import { DEFAULT_TM_CONFIG, mergeConfig, type TmConfig, type TmConfigPatch } from './config.ts';
import { IdSequence } from './ids.ts';
import type { Account, BuyOrder, Listing, MoneySend, Purchase, SimBid } from './types.ts';

export interface TmMarketOptions {
  /** The market's name (tm, cs7, cs7_proxy): part of the seed, so two markets differ. */
  name: string;
  catalogue: Catalogue;
  clock: SimClock;
  seed: number;
  config?: TmConfigPatch;
}

function newIds() {
  return {
    item: new IdSequence(4_100_000_000),
    asset: new IdSequence(31_000_000_000),
    purchase: new IdSequence(5_200_000_000),
    order: new IdSequence(70_000_000),
    history: new IdSequence(900_000_000),
    tradeoffer: new IdSequence(6_400_000_000),
    user: new IdSequence(1_234_567),
    moneySend: new IdSequence(300_000),
  };
}

/**
 * One simulated tm-family market: its accounts, every listing (ours and the simulated players'), purchases,
 * buy orders, transfers and sale history: the state alone. Its simulator (TmSimulator) seeds the simulated
 * order book (`seedSimBook`) and runs the lazy timers (`runTimers`) before every request, so the state files
 * that act on a market import this class and it imports none of them.
 */
export class TmMarket {
  readonly name: string;
  readonly catalogue: Catalogue;
  readonly clock: SimClock;
  readonly seed: number;
  private readonly initialConfig: TmConfigPatch;
  config: TmConfig;
  random: Random;
  ids = newIds();
  accounts = new Map<string, Account>();
  listings = new Map<string, Listing>();
  purchases = new Map<string, Purchase>();
  /** `${key}\n${custom_id}` → purchase id: buy is idempotent per account and custom_id. */
  purchaseByCustomId = new Map<string, string>();
  orders = new Map<string, BuyOrder>();
  simBids = new Map<string, SimBid[]>();
  moneySends: MoneySend[] = [];
  /** `${key}\n${custom_id}` → the transfer: money-send is idempotent per account and custom_id. */
  moneySendByCustomId = new Map<string, MoneySend>();
  /** Completed sales per market hash name: [unix seconds, price in kopecks]. */
  salesLog = new Map<string, [number, number][]>();
  /** Names whose simulated offers need topping up. */
  dirtyNames = new Set<string>();
  lastTimersAt: number;

  constructor(options: TmMarketOptions) {
    this.name = options.name;
    this.catalogue = options.catalogue;
    this.clock = options.clock;
    this.seed = options.seed;
    this.initialConfig = options.config ?? {};
    this.config = mergeConfig(DEFAULT_TM_CONFIG, this.initialConfig);
    this.random = new Random(options.seed ^ hashText(options.name));
    this.lastTimersAt = this.clock.now();
  }

  /** Back to a fresh market: no accounts, no simulated order book, the creation-time config. */
  reset(): void {
    this.config = mergeConfig(DEFAULT_TM_CONFIG, this.initialConfig);
    this.random = new Random(this.seed ^ hashText(this.name));
    this.ids = newIds();
    this.accounts.clear();
    this.listings.clear();
    this.purchases.clear();
    this.purchaseByCustomId.clear();
    this.orders.clear();
    this.simBids.clear();
    this.moneySends = [];
    this.moneySendByCustomId.clear();
    this.salesLog.clear();
    this.dirtyNames.clear();
    this.lastTimersAt = this.clock.now();
  }

  now(): number {
    return this.clock.now();
  }

  account(key: string | null | undefined): Account | undefined {
    return key ? this.accounts.get(key) : undefined;
  }

  /** Online: pinged within the ping TTL (and not sent offline since). */
  isOnline(account: Account): boolean {
    return account.lastPingAt !== null && this.now() - account.lastPingAt < this.config.pingTtlMs;
  }

  /** A listing buyers can see and buy: on sale, and its seller (if one of ours) online. */
  isBuyable(listing: Listing): boolean {
    if (listing.status !== 1) return false;
    if (listing.ownerKey === null) return true;
    const owner = this.accounts.get(listing.ownerKey);
    return owner !== undefined && this.isOnline(owner);
  }

  convert(minor: number, from: TmCurrency, to: TmCurrency, rounding: 'round' | 'floor' | 'ceil' = 'round') {
    return convertMinor(minor, from, to, this.config.rates, rounding);
  }

  /** Listings of a name on sale and buyable, cheapest first (ties: older first). */
  asksFor(name: string, phase?: string): Listing[] {
    const list: Listing[] = [];
    for (const listing of this.listings.values()) {
      if (listing.market_hash_name !== name || !this.isBuyable(listing)) continue;
      // With a phase: only the offers of that Doppler phase; without: every offer of the name.
      if (phase !== undefined && (listing.phase ?? '') !== phase) continue;
      list.push(listing);
    }
    return list.sort(
      (a, b) =>
        this.convert(a.price, a.currency, 'RUB') - this.convert(b.price, b.currency, 'RUB') ||
        a.placedAt - b.placedAt,
    );
  }

  /** Every bid on a name in kopecks, highest first: simulated players' and our accounts' orders. */
  bidsFor(name: string, phase = ''): { priceKopecks: number; count: number; ownerKey: string | null }[] {
    // One order book per name and Doppler phase ('' is the orders without a phase), as set-order keeps them.
    const bids = (this.simBids.get(name) ?? [])
      .filter((bid) => (bid.phase ?? '') === phase)
      .map((bid) => ({ ...bid, ownerKey: null as string | null }));
    for (const order of this.orders.values()) {
      if (order.market_hash_name !== name || order.phase !== phase) continue;
      bids.push({
        market_hash_name: name,
        priceKopecks: this.convert(order.price, order.currency, 'RUB'),
        count: order.count,
        ownerKey: order.ownerKey,
      });
    }
    return bids.sort((a, b) => b.priceKopecks - a.priceKopecks);
  }

  /** 1-based rank of a listing among the buyable offers of its name (1 = cheapest). */
  positionOf(listing: Listing): number {
    const asks = this.asksFor(listing.market_hash_name);
    const index = asks.findIndex((ask) => ask.item_id === listing.item_id);
    return index === -1 ? asks.length + 1 : index + 1;
  }

  /** Records a finished sale for the price history (MassInfo, public lists). */
  logSale(name: string, priceKopecks: number, at: number): void {
    const log = this.salesLog.get(name) ?? [];
    log.push([Math.floor(at / 1000), priceKopecks]);
    if (log.length > 200) log.splice(0, log.length - 200);
    this.salesLog.set(name, log);
  }
}
