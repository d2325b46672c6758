import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  formatThousandths,
  parseThousandths,
  priceLot,
  totalsByCurrency,
  type PricingLot,
  type PricingMode,
} from './mass-pricing';

const cents = (max = 10_000_000) =>
  fc.integer({ min: 1, max }).map((n) => formatThousandths(BigInt(n) * 10n));
const mils = fc.integer({ min: 1, max: 10_000_000 }).map((n) => formatThousandths(BigInt(n), 3));
const currency = fc.constantFrom('RUB', 'USD', 'EUR');

const lotArb: fc.Arbitrary<PricingLot> = fc.record({
  currency,
  price: cents(),
  priceBuy: fc.option(cents(), { nil: null }),
  priceSell: fc.option(cents(), { nil: null }),
  competitor: fc.option(mils, { nil: null }),
});

const modeArb: fc.Arbitrary<PricingMode> = fc.oneof(
  fc
    .record({ RUB: cents(), USD: cents(), EUR: cents() })
    .map((prices) => ({ kind: 'absolute' as const, prices })),
  fc
    .integer({ min: -9999, max: 50000 })
    .map((n) => ({ kind: 'percent' as const, percent: (n / 100).toFixed(2) })),
  fc.integer({ min: 0, max: 1000 }).map((steps) => ({ kind: 'undercut' as const, steps })),
);

const thousandths = (text: string) => parseThousandths(text)!;

describe('priceLot', () => {
  it('a new price is always a positive 2-decimal amount inside the band, never NaN', () => {
    fc.assert(
      fc.property(lotArb, modeArb, (lot, mode) => {
        const priced = priceLot(lot, mode);
        if (priced.to === null) {
          expect(priced.problem).not.toBeNull();
          return;
        }
        expect(priced.to).toMatch(/^\d+\.\d\d$/);
        expect(Number.isNaN(Number(priced.to))).toBe(false);
        const to = thousandths(priced.to);
        expect(to > 0n).toBe(true);
        const sell = lot.priceSell === null ? null : thousandths(lot.priceSell);
        const buy = lot.priceBuy === null ? null : thousandths(lot.priceBuy);
        if (sell !== null) expect(to <= sell).toBe(true);
        if (buy !== null) expect(to >= (sell !== null && buy > sell ? sell : buy)).toBe(true);
        expect(priced.noBand).toBe(buy === null && sell === null);
      }),
    );
  });

  it('an absolute price is the one typed for the lot currency, other currencies untouched', () => {
    fc.assert(
      fc.property(cents(), cents(), (rub, usd) => {
        const mode: PricingMode = { kind: 'absolute', prices: { RUB: rub, USD: usd } };
        const free = { priceBuy: null, priceSell: null, price: '1.00' };
        expect(priceLot({ ...free, currency: 'RUB' }, mode).to).toBe(rub);
        expect(priceLot({ ...free, currency: 'USD' }, mode).to).toBe(usd);
        expect(priceLot({ ...free, currency: 'EUR' }, mode)).toMatchObject({ to: null, problem: 'no-input' });
      }),
    );
  });

  it('percent and undercut land on the currency step (0.01)', () => {
    fc.assert(
      fc.property(lotArb, modeArb, (lot, mode) => {
        const priced = priceLot({ ...lot, priceBuy: null, priceSell: null }, mode);
        if (priced.to !== null) expect(thousandths(priced.to) % 10n).toBe(0n);
      }),
    );
  });

  it('percent rounds half up once, on the exact product', () => {
    const lot = { currency: 'RUB', price: '100.00', priceBuy: null, priceSell: null };
    expect(priceLot(lot, { kind: 'percent', percent: '+5' }).to).toBe('105.00');
    expect(priceLot(lot, { kind: 'percent', percent: '-12,5' }).to).toBe('87.50');
    expect(priceLot({ ...lot, price: '12.35' }, { kind: 'percent', percent: '-0.04' }).to).toBe('12.35');
    expect(priceLot({ ...lot, price: '0.05' }, { kind: 'percent', percent: '-100' }).to).toBe('0.01');
    expect(priceLot(lot, { kind: 'percent', percent: 'abc' }).problem).toBe('bad-input');
  });

  it('undercut goes N steps under the cheapest competitor, rounded down, and needs one', () => {
    const lot = { currency: 'USD', price: '12.11', priceBuy: '10.00', priceSell: '20.00' };
    expect(priceLot({ ...lot, competitor: '12.345' }, { kind: 'undercut', steps: 1 }).to).toBe('12.33');
    expect(priceLot({ ...lot, competitor: '12.50' }, { kind: 'undercut', steps: 3 }).to).toBe('12.47');
    expect(priceLot({ ...lot, competitor: '9.00' }, { kind: 'undercut', steps: 1 })).toMatchObject({
      to: '10.00',
      clamped: 'floor',
    });
    expect(priceLot({ ...lot, competitor: null }, { kind: 'undercut', steps: 1 }).problem).toBe(
      'no-competitor',
    );
  });

  it('says when the band moved the price and when nothing changed', () => {
    const lot = { currency: 'RUB', price: '275.59', priceBuy: '200.00', priceSell: '300.00' };
    expect(priceLot(lot, { kind: 'absolute', prices: { RUB: '500' } })).toMatchObject({
      to: '300.00',
      clamped: 'ceiling',
    });
    expect(priceLot(lot, { kind: 'absolute', prices: { RUB: '275.59' } })).toMatchObject({
      unchanged: true,
      clamped: null,
    });
    expect(
      priceLot({ ...lot, priceBuy: null, priceSell: null }, { kind: 'percent', percent: '1' }).noBand,
    ).toBe(true);
  });
});

describe('totalsByCurrency', () => {
  it('sums exactly per currency', () => {
    expect(
      totalsByCurrency([
        { currency: 'RUB', amount: '0.10' },
        { currency: 'USD', amount: '12.11' },
        { currency: 'RUB', amount: '0.20' },
        { currency: 'USD', amount: null },
        { currency: 'USD', amount: '0.005' },
      ]),
    ).toEqual([
      { currency: 'RUB', total: '0.30' },
      { currency: 'USD', total: '12.115' },
    ]);
  });
});
