import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  amountTimes,
  checkDailyCap,
  checkMaxPrice,
  maxAllowedPrice,
  spendGuardInputSchema,
} from './spend-guard.ts';

const guard = (dailyCap: string | null, maxPricePercent: number | null) => ({
  dailyCap,
  currency: 'RUB',
  maxPricePercent,
});

describe('the spend guard rules', () => {
  it('refuses a price above the share of the reference, exactly at the limit it passes', () => {
    expect(maxAllowedPrice(130, '100')).toBe('130');
    expect(maxAllowedPrice(130, '0.333')).toBe('0.432');
    expect(checkMaxPrice(guard(null, 130), '130', '100')).toBeNull();
    expect(checkMaxPrice(guard(null, 130), '130.01', '100')).toMatchObject({
      guard: 'max-price',
      limit: '130',
    });
    // No reference: the guard cannot judge and refuses.
    expect(checkMaxPrice(guard(null, 130), '1', null)).toMatchObject({ guard: 'max-price' });
    expect(checkMaxPrice(guard(null, null), '1000000', null)).toBeNull();
    expect(checkMaxPrice(null, '1000000', null)).toBeNull();
  });

  it('refuses a spend that takes the day above the cap, or in another currency', () => {
    expect(checkDailyCap(guard('100', null), '40', 'RUB', '60')).toBeNull();
    expect(checkDailyCap(guard('100', null), '40.01', 'RUB', '60')).toMatchObject({
      guard: 'daily-cap',
      limit: '40',
    });
    expect(checkDailyCap(guard('100', null), '1', 'USD', '0')).toMatchObject({ guard: 'daily-cap' });
    expect(checkDailyCap(guard(null, 130), '1000000', 'RUB', '0')).toBeNull();
    expect(amountTimes('0.015', 3)).toBe('0.045');
  });

  it('holds the cap for any sequence of spends (never above it in total)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 100_000 }), { maxLength: 30 }), (cents) => {
        let spentCents = 0;
        for (const c of cents) {
          const refused = checkDailyCap(
            guard('500', null),
            (c / 100).toFixed(2),
            'RUB',
            (spentCents / 100).toFixed(2),
          );
          if (refused === null) spentCents += c;
        }
        expect(spentCents).toBeLessThanOrEqual(50_000);
      }),
    );
  });

  it('accepts only sane guard values', () => {
    expect(spendGuardInputSchema.safeParse({ daily_cap: '10.5', max_price_percent: 130 }).success).toBe(true);
    expect(spendGuardInputSchema.safeParse({ daily_cap: null, max_price_percent: null }).success).toBe(true);
    for (const bad of [
      { daily_cap: '-1', max_price_percent: null },
      { daily_cap: '1.2345', max_price_percent: null },
      { daily_cap: 10, max_price_percent: null },
      { daily_cap: null, max_price_percent: 0 },
      { daily_cap: null, max_price_percent: 12.5 },
      { daily_cap: null },
    ])
      expect(spendGuardInputSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
