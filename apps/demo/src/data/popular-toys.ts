import type { PriceModel } from './price-model.ts';
import type { Random } from './prng.ts';
import type { DemoToy } from './toys.ts';

/**
 * Which toys actually trade: cases and cheap-to-mid skins much more than knives. The pool is ordered
 * from most to least popular, and pickPopular favours its head, as real deal logs do.
 */

function popularityWeight(toy: DemoToy, prices: PriceModel): number {
  if (toy.item.weaponClass === 'Cases') return 40;
  const rub = prices.referenceKopecks(toy.item) / 100;
  if (rub < 50) return 6;
  if (rub < 1_000) return 10;
  if (rub < 10_000) return 4;
  if (rub < 100_000) return 0.6;
  return 0.15;
}

/** A weighted sample without replacement (Efraimidis-Spirakis), most popular first. */
export function popularToys(toys: DemoToy[], prices: PriceModel, rng: Random, count: number): DemoToy[] {
  return toys
    .filter((t) => t.recordStatus === 'normal')
    .map((toy) => ({ toy, key: Math.pow(rng.next(), 1 / popularityWeight(toy, prices)) }))
    .sort((a, b) => b.key - a.key)
    .slice(0, count)
    .map((x) => x.toy);
}

/** Picks from a popularity-ordered list, favouring its head. */
export function pickPopular<T>(pool: readonly T[], rng: Random, skew = 1.8): T {
  return pool[Math.min(pool.length - 1, Math.floor(pool.length * Math.pow(rng.next(), skew)))]!;
}
