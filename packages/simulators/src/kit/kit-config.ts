import { InputError } from '../util/input-error.ts';

/** The config of one simulated non-tm market; every field can be changed via `POST <prefix>/_control/config`. */

export type KitCurrency = 'USD' | 'EUR' | 'RUB';
export const KIT_CURRENCIES: readonly KitCurrency[] = ['USD', 'EUR', 'RUB'];

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface KitConfig {
  /** The market's (or the Steam wallet's) currency; amounts are kept in it. Change it only before use. */
  currency: KitCurrency;
  /** Per bucket (routes name theirs; `default` for the rest): the most calls per window per caller; null = none. */
  rateLimits: Record<string, RateLimitRule | null>;
  /** Share of a sale the market keeps. */
  feeShare: number;
  /** RUB per unit: converts the catalogue's rouble reference prices and Steam/Skinport display currencies. */
  rates: { USD: number; EUR: number };
  /** Simulated sellers keep at least this many offers on every catalogue name. */
  minSimOffers: number;
  /** DMarket: the oldest X-Sign-Date accepted (and the most it may lie in the future), ms of real time. */
  signatureMaxAgeMs: number;
}

export type KitConfigPatch = Partial<Omit<KitConfig, 'rates'>> & { rates?: Partial<KitConfig['rates']> };

export const DEFAULT_KIT_CONFIG: Readonly<KitConfig> = Object.freeze({
  currency: 'USD',
  rateLimits: {},
  feeShare: 0.05,
  rates: { USD: 90, EUR: 100 },
  minSimOffers: 3,
  signatureMaxAgeMs: 120_000,
});

const KEYS = new Set(Object.keys(DEFAULT_KIT_CONFIG));

/** Merges a patch (from code or the control API) into a config, refusing unknown keys and bad values. */
export function mergeKitConfig(base: KitConfig, patch: unknown): KitConfig {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) {
    throw new InputError('config must be an object');
  }
  const input = patch as Record<string, unknown>;
  const unknown = Object.keys(input).filter((key) => !KEYS.has(key));
  if (unknown.length > 0) throw new InputError(`unknown config keys: ${unknown.join(', ')}`);
  const next: KitConfig = { ...base, rates: { ...base.rates }, rateLimits: { ...base.rateLimits } };
  if (input.currency !== undefined) {
    if (!KIT_CURRENCIES.includes(input.currency as KitCurrency))
      throw new InputError('currency: USD, EUR or RUB');
    next.currency = input.currency as KitCurrency;
  }
  if (input.rateLimits !== undefined) {
    if (input.rateLimits === null || typeof input.rateLimits !== 'object') {
      throw new InputError('rateLimits must be an object of {limit, windowMs} or null per bucket');
    }
    for (const [bucket, rule] of Object.entries(input.rateLimits as Record<string, unknown>)) {
      next.rateLimits[bucket] = rateRule(bucket, rule);
    }
  }
  for (const key of ['feeShare', 'minSimOffers', 'signatureMaxAgeMs'] as const) {
    const value = input[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new InputError(`${key} must be a non-negative number`);
    }
    next[key] = value;
  }
  if (next.feeShare >= 1) throw new InputError('feeShare must be below 1');
  if (input.rates !== undefined) {
    const rates = input.rates as Record<string, unknown>;
    for (const currency of ['USD', 'EUR'] as const) {
      const rate = rates?.[currency];
      if (rate === undefined) continue;
      if (typeof rate !== 'number' || !(rate > 0)) throw new InputError(`rates.${currency} must be positive`);
      next.rates[currency] = rate;
    }
  }
  return next;
}

function rateRule(bucket: string, rule: unknown): RateLimitRule | null {
  if (rule === null) return null;
  const { limit, windowMs } = (rule ?? {}) as Record<string, unknown>;
  if (
    typeof limit !== 'number' ||
    !Number.isInteger(limit) ||
    limit < 1 ||
    typeof windowMs !== 'number' ||
    !(windowMs > 0)
  ) {
    throw new InputError(`rateLimits.${bucket} must be {limit: integer >= 1, windowMs: > 0} or null`);
  }
  return { limit, windowMs };
}
