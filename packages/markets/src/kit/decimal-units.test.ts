import { describe, expect, it } from 'vitest';

import { fromMajor, fromUnits, isZero, parseAmount, toMajorNumber, toUnits } from './decimal-units.ts';

describe('toUnits', () => {
  it('scales exactly and rounds as the side needs', () => {
    expect(toUnits('12.345', 1000, 'up')).toBe(12_345);
    expect(toUnits('0.1', 100, 'up')).toBe(10);
    expect(toUnits('1.0001', 1000, 'up')).toBe(1001);
    expect(toUnits('1.0009', 1000, 'down')).toBe(1000);
    expect(toUnits('1.005', 100, 'half-up')).toBe(101);
    // A binary float would give 1.1499999… × 100 → 114.99999999999999.
    expect(toUnits('1.15', 100, 'down')).toBe(115);
    expect(toUnits('19.999', 1000, 'up')).toBe(19_999);
  });

  it('refuses what is not a plain non-negative amount', () => {
    expect(() => toUnits('-1', 100, 'up')).toThrow(/not a money amount/);
    expect(() => toUnits('1e3', 100, 'up')).toThrow(/not a money amount/);
    expect(() => toUnits('', 100, 'up')).toThrow(/not a money amount/);
    expect(() => parseAmount('1,5')).toThrow(/not a money amount/);
  });
});

describe('fromUnits', () => {
  it('gives major units with at least 2 decimals and a third only when it counts', () => {
    expect(fromUnits(12_345, 1000)).toBe('12.345');
    expect(fromUnits(12_340, 1000)).toBe('12.34');
    expect(fromUnits(12_000, 1000)).toBe('12.00');
    expect(fromUnits(5, 100)).toBe('0.05');
    expect(fromUnits('4242', 100)).toBe('42.42');
    expect(fromUnits(0, 1000)).toBe('0.00');
    expect(() => fromUnits('12.5', 100)).toThrow(/integer/);
  });
});

describe('fromMajor', () => {
  it('reads wire floats through their text', () => {
    expect(fromMajor(12.5)).toBe('12.50');
    expect(fromMajor(0.07)).toBe('0.07');
    expect(fromMajor(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(fromMajor('1.230')).toBe('1.23');
    expect(fromMajor(1e-7)).toBe('0.0000001');
    expect(() => fromMajor('abc')).toThrow(/not a decimal/);
  });

  it('turns amounts into wire floats rounded to the cent', () => {
    expect(toMajorNumber('12.341', 2, 'up')).toBe(12.35);
    expect(toMajorNumber('12.349', 2, 'down')).toBe(12.34);
    expect(isZero('0.00')).toBe(true);
    expect(isZero('0.01')).toBe(false);
  });
});
