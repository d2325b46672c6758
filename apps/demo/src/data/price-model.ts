import { MARKET_CURRENCY, type Currency, type MarketCode } from '@toydesk/contract';

import type { CatalogueItem } from './item-catalogue.ts';
import { rubToUsdMinor, toMinor } from './minor-units.ts';
import { Random } from './prng.ts';

/**
 * The demo's price model. Every catalogue item has a reference price in kopecks (what it sells for on
 * Market CSGO): drawn per finish from a range set by rarity (knives, gloves and the Howl by their own
 * ranges), lowered by wear and raised by StatTrak™. Other markets are priced relative to it.
 */

/** Factory New, non-StatTrak price range of one finish in RUB, by rarity. */
const BASE_RANGE_RUB: Record<string, [number, number]> = {
  'Consumer Grade': [6, 40],
  'Industrial Grade': [8, 90],
  'Mil-Spec Grade': [15, 350],
  Restricted: [60, 2_000],
  Classified: [250, 9_000],
  Covert: [900, 80_000],
  Contraband: [250_000, 450_000],
  'Base Grade': [15, 2_500],
};
/** Famous finishes whose price has little to do with their rarity (collection items, discontinued). */
const PREMIUM_RANGE_RUB: Record<string, [number, number]> = {
  'AWP | Dragon Lore': [250_000, 450_000],
  'AWP | Gungnir': [180_000, 300_000],
  'AWP | Medusa': [90_000, 200_000],
  'AWP | The Prince': [60_000, 150_000],
  'AWP | Desert Hydra': [40_000, 90_000],
  'AK-47 | Wild Lotus': [120_000, 250_000],
  'AK-47 | Gold Arabesque': [70_000, 150_000],
  'AK-47 | Fire Serpent': [40_000, 120_000],
  'M4A4 | Poseidon': [25_000, 60_000],
  'M4A1-S | Knight': [40_000, 90_000],
  'M4A1-S | Welcome to the Jungle': [30_000, 70_000],
};
const KNIFE_RANGE_RUB: [number, number] = [15_000, 300_000];
const GLOVES_RANGE_RUB: [number, number] = [12_000, 400_000];

/** How much of the Factory New price each wear keeps (a range; drawn per finish, never increasing). */
const WEAR_FACTOR: Record<string, [number, number]> = {
  FN: [1, 1],
  MW: [0.62, 0.82],
  FT: [0.38, 0.58],
  WW: [0.3, 0.45],
  BS: [0.24, 0.4],
};

/** A market's price level relative to Market CSGO (Steam's wallet money is worth less, so it is dearer). */
export const MARKET_LEVEL: Record<MarketCode, number> = {
  tm: 1,
  tm_usd: 1,
  cs7: 0.98,
  cs7_proxy: 0.98,
  dmarket: 1.03,
  steam: 1.22,
  lis_skins: 0.96,
  bitskins: 0.99,
  csfloat: 0.97,
  skinport: 1.01,
  waxpeer: 0.98,
};

const MIN_SELL_MINOR: Record<Currency, number> = { RUB: 200, USD: 3 };

export interface MarketQuote {
  priceBuy: number;
  priceSell: number;
}

export class PriceModel {
  private readonly cache = new Map<string, number>();
  private readonly trends = new Map<string, { drift: number; phase: number }>();

  /** usdToRubMicro: RUB per USD in millionths (92.5 -> 92_500_000). */
  constructor(
    private readonly seed: number,
    readonly usdToRubMicro: number,
  ) {}

  /** The reference (Market CSGO sell) price of an item in kopecks; the same for every run. */
  referenceKopecks(item: CatalogueItem): number {
    const known = this.cache.get(item.marketHashName);
    if (known !== undefined) return known;
    const rng = Random.fromLabel(this.seed, `price:${item.finishName}`);
    const range =
      PREMIUM_RANGE_RUB[item.finishName] ??
      (item.weaponClass === 'Knives'
        ? KNIFE_RANGE_RUB
        : item.weaponClass === 'Gloves'
          ? GLOVES_RANGE_RUB
          : (BASE_RANGE_RUB[item.rarity] ?? [10, 500]));
    const base = rng.logBetween(range[0], range[1]);
    // Draw every wear factor (in order) so that a finish's wears keep the same factors whichever exist.
    let previous = 1;
    const factors = new Map<string, number>();
    for (const [short, [min, max]] of Object.entries(WEAR_FACTOR)) {
      previous = Math.min(previous, rng.between(min, max));
      factors.set(short, previous);
    }
    // StatTrak™ doubles or triples a gun's price; on a knife it adds much less.
    const stattrakFactor = item.starred ? rng.between(1.05, 1.4) : rng.between(1.6, 3.2);
    const wearFactor = item.wear ? (factors.get(item.wear.short) ?? 1) : 1;
    const rub = base * wearFactor * (item.stattrak ? stattrakFactor : 1);
    const kopecks = toMinor(rub * 100, MIN_SELL_MINOR.RUB);
    this.cache.set(item.marketHashName, kopecks);
    return kopecks;
  }

  /**
   * An item's price some days ago relative to today's: a slow drift over the 90 days (up to 20% either
   * way, per item) and a small weekly wobble.
   */
  trendFactor(item: CatalogueItem, daysAgo: number): number {
    let trend = this.trends.get(item.marketHashName);
    if (!trend) {
      const rng = Random.fromLabel(this.seed, `trend:${item.marketHashName}`);
      trend = { drift: rng.between(-0.2, 0.2), phase: rng.between(0, 2 * Math.PI) };
      this.trends.set(item.marketHashName, trend);
    }
    const wobble = 0.03 * (Math.sin(trend.phase + (2 * Math.PI * daysAgo) / 7) - Math.sin(trend.phase));
    return 1 - (trend.drift * daysAgo) / 90 + wobble;
  }

  /** A kopeck amount in a currency's minor units. */
  convert(kopecks: number, currency: Currency): number {
    return currency === 'RUB' ? kopecks : rubToUsdMinor(kopecks, this.usdToRubMicro);
  }

  /** An item's price level on a market in the market's currency, in minor units. */
  marketLevel(item: CatalogueItem, market: MarketCode): number {
    const currency = MARKET_CURRENCY[market];
    const level = this.referenceKopecks(item) * MARKET_LEVEL[market];
    return toMinor(this.convert(level, currency), MIN_SELL_MINOR[currency]);
  }

  /** Our buy and sell prices for an item on a market: buy orders below, listings at or above the level. */
  quote(item: CatalogueItem, market: MarketCode, rng: Random): MarketQuote {
    const currency = MARKET_CURRENCY[market];
    const level = this.marketLevel(item, market);
    const priceSell = toMinor(level * rng.between(1, 1.07), MIN_SELL_MINOR[currency]);
    const priceBuy = Math.min(priceSell - 1, toMinor(priceSell * rng.between(0.8, 0.93)));
    return { priceBuy, priceSell };
  }
}
