import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  addMoney,
  compareMoney,
  convertCurrency,
  convertToRub,
  convertToUsd,
  formatMoney,
  fromMarketUnits,
  MONEY_PATTERN,
  multiplyMoney,
  roundMoney,
  subtractMoney,
  sumMoney,
  toMarketUnits,
  UNKNOWN_CURRENCY_WARNING,
} from './money.ts';

/** Reference formatting of an integer number of hundredths, done with BigInt so no float is involved. */
function centsToString(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const frac = (abs % 100n).toString().padStart(2, '0');
  return `${negative && abs !== 0n ? '-' : ''}${whole}.${frac}`;
}

/** Reference half-away-from-zero division of integers. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (2n * n + d) / (2n * d);
  return negative ? -q : q;
}

const cents = fc.bigInt({ min: -(10n ** 14n) + 1n, max: 10n ** 14n - 1n });
const positiveCents = fc.bigInt({ min: 0n, max: 10n ** 12n });
const rateCents = fc.bigInt({ min: 1n, max: 1_000_000n });

const RATES = { usd_to_rub_rate: '90.50', eur_to_rub_rate: '100.25' };

describe('roundMoney', () => {
  it('pads and rounds to exactly 2 decimals', () => {
    expect(roundMoney('12.3')).toBe('12.30');
    expect(roundMoney('12')).toBe('12.00');
    expect(roundMoney(12.345)).toBe('12.35');
    expect(roundMoney('1.005')).toBe('1.01');
    expect(roundMoney('1.00499999')).toBe('1.00');
    expect(roundMoney(new Big('7.125'))).toBe('7.13');
  });

  it('rounds halves away from zero and never answers a negative zero', () => {
    expect(roundMoney('-1.005')).toBe('-1.01');
    expect(roundMoney('-0.004')).toBe('0.00');
    expect(roundMoney(-0)).toBe('0.00');
  });

  it('does not suffer from binary float sums', () => {
    expect(addMoney(0.1, 0.2)).toBe('0.30');
    expect(roundMoney(0.1 + 0.2)).toBe('0.30');
    expect(sumMoney(Array.from({ length: 10 }, () => '0.10'))).toBe('1.00');
  });

  it('rejects what is not a number', () => {
    expect(() => roundMoney('abc')).toThrow();
    expect(() => roundMoney(Number.NaN)).toThrow();
  });

  it('agrees with an integer reference for any thousandth', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (mils) => {
        const abs = mils < 0n ? -mils : mils;
        const text = `${mils < 0n ? '-' : ''}${abs / 1000n}.${(abs % 1000n).toString().padStart(3, '0')}`;
        expect(roundMoney(text)).toBe(centsToString(divideHalfUp(mils, 10n)));
      }),
    );
  });
});

describe('arithmetic', () => {
  it('adds, subtracts, multiplies and sums into 2-decimal strings', () => {
    expect(addMoney('1.10', '2.205')).toBe('3.31');
    expect(subtractMoney('10', '0.01')).toBe('9.99');
    expect(subtractMoney('1.00', '2.50')).toBe('-1.50');
    expect(multiplyMoney('19.99', '0.95')).toBe('18.99');
    expect(multiplyMoney('100', 3)).toBe('300.00');
    expect(sumMoney([])).toBe('0.00');
    expect(sumMoney(['1.005', '1.005'])).toBe('2.01');
  });

  it('compares exact values', () => {
    expect(compareMoney('1.00', '1')).toBe(0);
    expect(compareMoney('1.004', '1.00')).toBe(1);
    expect(compareMoney('-2', '1')).toBe(-1);
    expect(compareMoney(new Big('10'), '9.99')).toBe(1);
  });

  it('adds and subtracts like integer cents', () => {
    fc.assert(
      fc.property(cents, cents, (a, b) => {
        expect(addMoney(centsToString(a), centsToString(b))).toBe(centsToString(a + b));
        expect(subtractMoney(centsToString(a), centsToString(b))).toBe(centsToString(a - b));
        expect(compareMoney(centsToString(a), centsToString(b))).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
    );
  });

  it('sums like integer cents', () => {
    fc.assert(
      fc.property(fc.array(cents, { maxLength: 50 }), (list) => {
        const expected = list.reduce((total, c) => total + c, 0n);
        expect(sumMoney(list.map(centsToString))).toBe(centsToString(expected));
      }),
    );
  });

  it('multiplies like integers rounded half-up', () => {
    fc.assert(
      fc.property(cents, fc.bigInt({ min: -100_000n, max: 100_000n }), (a, factorHundredths) => {
        const expected = divideHalfUp(a * factorHundredths, 100n);
        expect(multiplyMoney(centsToString(a), centsToString(factorHundredths))).toBe(
          centsToString(expected),
        );
      }),
    );
  });

  it('always answers a valid money string for valid money input', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }),
        fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }),
        (a, b) => {
          expect(addMoney(centsToString(a), centsToString(b))).toMatch(MONEY_PATTERN);
        },
      ),
    );
  });
});

describe('MONEY_PATTERN', () => {
  it('accepts decimal money strings', () => {
    for (const ok of ['0', '123.45', '-1.5', '999999999999.99', '-0.01']) {
      expect(MONEY_PATTERN.test(ok)).toBe(true);
    }
  });

  it('rejects other text', () => {
    for (const bad of ['', '10.', '1.234', '1e5', '+1', '1,50', '1000000000000', ' 1', '.5', 'NaN']) {
      expect(MONEY_PATTERN.test(bad)).toBe(false);
    }
  });
});

describe('convertCurrency', () => {
  it('converts through RUB with the market rates', () => {
    expect(convertCurrency('10', 'USD', 'RUB', RATES)).toBe('905.00');
    expect(convertCurrency('905', 'RUB', 'USD', RATES)).toBe('10.00');
    expect(convertCurrency('100', 'RUB', 'USD', RATES)).toBe('1.10');
    expect(convertCurrency('10', 'EUR', 'USD', RATES)).toBe('11.08');
    expect(convertCurrency('10', 'USD', 'EUR', RATES)).toBe('9.03');
    expect(convertCurrency(1.5, 'EUR', 'RUB', { usd_to_rub_rate: null, eur_to_rub_rate: 100 })).toBe(
      '150.00',
    );
  });

  it('only rounds when both currencies are the same, needing no rate', () => {
    const warnings: string[] = [];
    const rates = { usd_to_rub_rate: null, eur_to_rub_rate: null };
    expect(convertCurrency('1.005', 'USD', 'USD', rates, (m) => warnings.push(m))).toBe('1.01');
    expect(warnings).toEqual([]);
  });

  it('warns and returns the amount unchanged for an unknown currency', () => {
    const warnings: string[] = [];
    const warn = (message: string) => warnings.push(message);
    expect(convertCurrency('12.345', 'GBP', 'RUB', RATES, warn)).toBe('12.345');
    expect(convertCurrency(7, 'RUB', 'usd', RATES, warn)).toBe('7');
    expect(warnings).toEqual([UNKNOWN_CURRENCY_WARNING, UNKNOWN_CURRENCY_WARNING]);
    expect(UNKNOWN_CURRENCY_WARNING).toBe('Неизвестная валюта для конвертации');
  });

  it('warns and returns the amount unchanged when a needed rate is missing, zero or invalid', () => {
    const warnings: string[] = [];
    const warn = (message: string) => warnings.push(message);
    expect(convertCurrency('5', 'USD', 'RUB', { usd_to_rub_rate: null, eur_to_rub_rate: '100' }, warn)).toBe(
      '5',
    );
    expect(convertCurrency('5', 'RUB', 'USD', { usd_to_rub_rate: '0', eur_to_rub_rate: '100' }, warn)).toBe(
      '5',
    );
    expect(convertCurrency('5', 'RUB', 'EUR', { usd_to_rub_rate: '90', eur_to_rub_rate: 'x' }, warn)).toBe(
      '5',
    );
    expect(convertCurrency('5', 'RUB', 'EUR', { usd_to_rub_rate: '90', eur_to_rub_rate: -3 }, warn)).toBe(
      '5',
    );
    expect(warnings).toHaveLength(4);
  });

  it('warns through console.warn by default', () => {
    const original = console.warn;
    const seen: unknown[] = [];
    console.warn = (...args: unknown[]) => {
      seen.push(...args);
    };
    try {
      expect(convertToRub('3', 'JPY', RATES)).toBe('3');
    } finally {
      console.warn = original;
    }
    expect(seen).toEqual([UNKNOWN_CURRENCY_WARNING]);
  });

  it('has RUB and USD wrappers', () => {
    expect(convertToRub('2', 'USD', RATES)).toBe('181.00');
    expect(convertToUsd('181', 'RUB', RATES)).toBe('2.00');
    expect(convertToUsd('100.25', 'EUR', RATES)).toBe('111.05');
  });

  it('matches an exact integer reference for USD to RUB', () => {
    fc.assert(
      fc.property(positiveCents, rateCents, (usd, rate) => {
        const rates = { usd_to_rub_rate: centsToString(rate), eur_to_rub_rate: null };
        expect(convertCurrency(centsToString(usd), 'USD', 'RUB', rates)).toBe(
          centsToString(divideHalfUp(usd * rate, 100n)),
        );
      }),
    );
  });

  it('matches an exact integer reference for RUB to USD, including half-cent ties', () => {
    fc.assert(
      fc.property(positiveCents, rateCents, (rub, rate) => {
        const rates = { usd_to_rub_rate: centsToString(rate), eur_to_rub_rate: null };
        expect(convertCurrency(centsToString(rub), 'RUB', 'USD', rates)).toBe(
          centsToString(divideHalfUp(rub * 100n, rate)),
        );
      }),
    );
    // 0.01 RUB at 2 RUB per USD is exactly half a cent, which must round up.
    expect(convertCurrency('0.01', 'RUB', 'USD', { usd_to_rub_rate: '2', eur_to_rub_rate: null })).toBe(
      '0.01',
    );
  });

  it('matches an exact integer reference between USD and EUR', () => {
    fc.assert(
      fc.property(positiveCents, rateCents, rateCents, (eur, eurRate, usdRate) => {
        const rates = { usd_to_rub_rate: centsToString(usdRate), eur_to_rub_rate: centsToString(eurRate) };
        expect(convertCurrency(centsToString(eur), 'EUR', 'USD', rates)).toBe(
          centsToString(divideHalfUp(eur * eurRate, usdRate)),
        );
      }),
    );
  });
});

describe('market units', () => {
  it('scales RUB by 100 and USD/EUR by 1000', () => {
    expect(toMarketUnits('12.34', 'RUB')).toBe(1234);
    expect(toMarketUnits('12', 'RUB')).toBe(1200);
    expect(toMarketUnits('1.234', 'USD')).toBe(1234);
    expect(toMarketUnits('1.5', 'EUR')).toBe(1500);
    expect(toMarketUnits('0', 'USD')).toBe(0);
  });

  it('rounds a fraction of a unit up, never down', () => {
    expect(toMarketUnits('0.001', 'RUB')).toBe(1);
    expect(toMarketUnits('12.341', 'RUB')).toBe(1235);
    expect(toMarketUnits('1.2341', 'USD')).toBe(1235);
    expect(toMarketUnits('-1.005', 'RUB')).toBe(-100);
    expect(Object.is(toMarketUnits('-0.001', 'RUB'), 0)).toBe(true);
  });

  it('is exact where a float would not be', () => {
    // 1.1 * 1000 is 1100.0000000000002 in binary floats, which a float ceil would turn into 1101.
    expect(toMarketUnits('1.1', 'USD')).toBe(1100);
    expect(toMarketUnits('0.29', 'RUB')).toBe(29);
  });

  it('converts units back to exact decimal strings', () => {
    expect(fromMarketUnits(1234, 'RUB')).toBe('12.34');
    expect(fromMarketUnits(1200, 'RUB')).toBe('12.00');
    expect(fromMarketUnits(1234, 'USD')).toBe('1.234');
    expect(fromMarketUnits(1230, 'USD')).toBe('1.23');
    expect(fromMarketUnits(1000, 'EUR')).toBe('1.00');
    expect(fromMarketUnits(5, 'USD')).toBe('0.005');
    expect(fromMarketUnits(0, 'USD')).toBe('0.00');
    expect(fromMarketUnits(-1, 'RUB')).toBe('-0.01');
    expect(() => fromMarketUnits(1.5, 'RUB')).toThrow(RangeError);
  });

  it('round-trips any integer number of units', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
        fc.constantFrom('RUB' as const, 'USD' as const, 'EUR' as const),
        (units, currency) => {
          expect(toMarketUnits(fromMarketUnits(units, currency), currency)).toBe(units);
        },
      ),
    );
  });

  it('refuses amounts that do not fit a safe integer', () => {
    expect(() => toMarketUnits('1e20', 'USD')).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('writes the rounded amount and the currency symbol', () => {
    expect(formatMoney('1234.5', 'RUB')).toBe('1234.50 ₽');
    expect(formatMoney('10', 'USD')).toBe('10.00 $');
    expect(formatMoney(0.1, 'EUR')).toBe('0.10 €');
  });
});
