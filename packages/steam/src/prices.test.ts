import { describe, expect, it } from 'vitest';

import { formatSteamPrice, parseSteamCount, parseSteamPrice } from './prices.ts';

describe('Steam price strings', () => {
  it('reads the formats priceoverview answers in', () => {
    expect(parseSteamPrice('$1.23')).toBe(123);
    expect(parseSteamPrice('$1,234.56')).toBe(123456);
    expect(parseSteamPrice('1 234,56 pуб.')).toBe(123456);
    expect(parseSteamPrice('12,--€')).toBe(1200);
    expect(parseSteamPrice('1.234,56€')).toBe(123456);
    expect(parseSteamPrice('1 234 pуб.')).toBe(123400);
    expect(formatSteamPrice(123400, 3)).toBe('1.234,--€');
    expect(formatSteamPrice(123400, 5)).toBe('1 234 pуб.');
    expect(parseSteamPrice('0,5€')).toBe(50);
    expect(parseSteamPrice('¥ 15.20')).toBe(1520);
    expect(parseSteamPrice('1,234')).toBe(123400);
    expect(parseSteamPrice('1\u00a0234,00\u00a0₸')).toBe(123400);
    expect(parseSteamPrice('')).toBeNull();
    expect(parseSteamPrice(undefined)).toBeNull();
    expect(parseSteamCount('1,234')).toBe(1234);
  });

  // Moved from @toydesk/markets (its own parseSteamPrice answered major-unit decimal strings).
  it.each([
    ['$1.23', 123],
    ['$1,234.56', 123456],
    ['$0.03', 3],
    ['$12', 1200],
    ['1,23€', 123],
    ['12,--€', 1200],
    ['1.234,56€', 123456],
    ['€1.23', 123],
    ['1 234,56 pуб.', 123456],
    ['1\u00a0234,56 pуб.', 123456],
    ['1 234 pуб.', 123400],
    ['7,2 pуб.', 720],
    ['123 456 789,99 pуб.', 12345678999],
    ["CHF 1'234.50", 123450],
    ['1,234 USD', 123400],
  ])('%s → %i minor units', (text, expected) => {
    expect(parseSteamPrice(text)).toBe(expected);
  });

  it('gives null for empty or numberless text', () => {
    expect(parseSteamPrice(undefined)).toBeNull();
    expect(parseSteamPrice('')).toBeNull();
    expect(parseSteamPrice('pуб.')).toBeNull();
    expect(parseSteamCount(null)).toBeNull();
  });

  it('formats what it reads back', () => {
    for (const currency of [1, 2, 3, 5, 6, 18, 23, 37]) {
      for (const minor of [1, 99, 100, 123456, 987654321]) {
        expect(parseSteamPrice(formatSteamPrice(minor, currency))).toBe(minor);
      }
    }
  });
});
