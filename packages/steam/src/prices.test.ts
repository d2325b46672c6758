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

  it('formats what it reads back', () => {
    for (const currency of [1, 2, 3, 5, 6, 18, 23, 37]) {
      for (const minor of [1, 99, 100, 123456, 987654321]) {
        expect(parseSteamPrice(formatSteamPrice(minor, currency))).toBe(minor);
      }
    }
  });
});
