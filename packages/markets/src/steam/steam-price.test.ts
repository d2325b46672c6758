import { describe, expect, it } from 'vitest';

import { parseSteamCount, parseSteamPrice, steamCurrencyOf, STEAM_CURRENCY_ID } from './steam-price.ts';

describe('parseSteamPrice', () => {
  it.each([
    ['$1.23', '1.23'],
    ['$1,234.56', '1234.56'],
    ['$0.03', '0.03'],
    ['$12', '12.00'],
    ['1,23€', '1.23'],
    ['12,--€', '12.00'],
    ['1.234,56€', '1234.56'],
    ['€1.23', '1.23'],
    ['1 234,56 pуб.', '1234.56'],
    ['1\u00a0234,56 pуб.', '1234.56'],
    ['1 234 pуб.', '1234.00'],
    ['7,2 pуб.', '7.20'],
    ['123 456 789,99 pуб.', '123456789.99'],
    ["CHF 1'234.50", '1234.50'],
    ['1,234 USD', '1234.00'],
  ])('%s → %s', (text, expected) => {
    expect(parseSteamPrice(text)).toBe(expected);
  });

  it('gives null for empty or numberless text', () => {
    expect(parseSteamPrice(undefined)).toBeNull();
    expect(parseSteamPrice('')).toBeNull();
    expect(parseSteamPrice('pуб.')).toBeNull();
  });

  it('reads volumes and currency ids (1 USD, 3 EUR, 5 RUB)', () => {
    expect(parseSteamCount('1,234')).toBe(1234);
    expect(parseSteamCount(null)).toBeNull();
    expect(STEAM_CURRENCY_ID).toEqual({ USD: 1, EUR: 3, RUB: 5 });
    expect(steamCurrencyOf(5)).toBe('RUB');
    expect(steamCurrencyOf(6)).toBeNull();
  });
});
