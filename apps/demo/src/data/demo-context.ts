import type { Queryable, Vault } from '@toydesk/db';
import type { PriceModel } from './price-model.ts';
import { Random } from './prng.ts';

/** Everything the demo generators share: the open transaction, the vault, the clock and the seed. */
export interface DemoContext {
  tx: Queryable;
  vault: Vault;
  prices: PriceModel;
  /** The load's "now" in epoch milliseconds; every date is relative to it. */
  now: number;
  /** A deterministic random stream of its own for each label. */
  rng(label: string): Random;
}

/** The fixed seed: the same seed gives the same demo data on every run. */
export const DEMO_SEED = 0x7d_e5_0d_a7;

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function createRandomSource(seed: number): (label: string) => Random {
  return (label) => Random.fromLabel(seed, label);
}

/** An ISO timestamp at an offset (in milliseconds) before now. */
export function isoBefore(ctx: Pick<DemoContext, 'now'>, millis: number): string {
  return new Date(ctx.now - Math.round(millis)).toISOString();
}

/** An ISO timestamp at an offset (in milliseconds) after now. */
export function isoAfter(ctx: Pick<DemoContext, 'now'>, millis: number): string {
  return new Date(ctx.now + Math.round(millis)).toISOString();
}

/** The UTC calendar date (YYYY-MM-DD) a number of days before now. */
export function dateBefore(ctx: Pick<DemoContext, 'now'>, days: number): string {
  return new Date(ctx.now - days * DAY).toISOString().slice(0, 10);
}
