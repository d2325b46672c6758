import { describe, expect, test } from 'vitest';

import { parseSemicolonCsv } from './item-db-csv.ts';
import { fromTmMajor, fromTmUnits, isZeroAmount, toTmUnits } from './tm-units.ts';

describe('tm units', () => {
  test('major units to tm integers: RUB ×100, USD and EUR ×1000, rounded the safe way', () => {
    expect(toTmUnits('12.34', 'RUB', 'up')).toBe(1234);
    expect(toTmUnits('1.5', 'USD', 'up')).toBe(1500);
    expect(toTmUnits('2.001', 'EUR', 'up')).toBe(2001);
    expect(toTmUnits('0.501', 'RUB', 'up')).toBe(51); // a listing never below the typed price
    expect(toTmUnits('0.509', 'RUB', 'down')).toBe(50); // a bid never above it
    expect(toTmUnits(' 1000 ', 'RUB', 'down')).toBe(100_000);
    // 0.1 + 0.2 style noise cannot appear: the text goes into big.js, never through a float product.
    expect(toTmUnits('1.005', 'RUB', 'up')).toBe(101);
    expect(toTmUnits('4.35', 'RUB', 'up')).toBe(435);
    for (const bad of ['1,5', '-1', '', 'abc', '1e3', '.5']) {
      expect(() => toTmUnits(bad, 'RUB', 'up')).toThrow(TypeError);
    }
  });

  test('tm integers and floats back to decimal strings', () => {
    expect(fromTmUnits(1234, 'RUB')).toBe('12.34');
    expect(fromTmUnits(1234, 'USD')).toBe('1.234');
    expect(fromTmUnits(1500, 'USD')).toBe('1.50');
    expect(fromTmMajor(123.45, 'RUB')).toBe('123.45');
    expect(fromTmMajor(0.1 + 0.2, 'RUB')).toBe('0.30');
    expect(fromTmMajor(12.345, 'USD')).toBe('12.345');
    expect(fromTmMajor('0.50', 'RUB')).toBe('0.50');
    expect(fromTmMajor('13.754', 'USD')).toBe('13.754');
    expect(fromTmMajor(1e-7, 'RUB')).toBe('0.00');
  });

  test('zero amounts', () => {
    expect([null, undefined, '0', '0.00', ' 0 '].map(isZeroAmount)).toEqual([true, true, true, true, true]);
    expect(['0.01', '1', 'x'].map(isZeroAmount)).toEqual([false, false, false]);
  });
});

describe('item database CSV', () => {
  test('BOM, semicolons, a header, quoted fields, CRLF', () => {
    const text =
      '\uFEFFc_classid;c_instanceid;c_price;c_market_name_en\r\n1;0;1234;"AK-47 | ""Red"";line"\r\n2;3;50;Case\n';
    expect(parseSemicolonCsv(text)).toEqual([
      { c_classid: '1', c_instanceid: '0', c_price: '1234', c_market_name_en: 'AK-47 | "Red";line' },
      { c_classid: '2', c_instanceid: '3', c_price: '50', c_market_name_en: 'Case' },
    ]);
    expect(parseSemicolonCsv('')).toEqual([]);
  });
});
