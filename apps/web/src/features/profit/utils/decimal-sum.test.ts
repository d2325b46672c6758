import { describe, expect, it } from 'vitest';

import { addDecimals, percentOf } from './decimal-sum';

describe('decimal sums', () => {
  it('adds exactly, in hundredths', () => {
    expect(addDecimals('0.10', '0.20')).toBe('0.30');
    expect(addDecimals('579832.89', '0.00', '1.1')).toBe('579833.99');
    expect(addDecimals('-5.05', '2.00')).toBe('-3.05');
    expect(addDecimals('-0.50')).toBe('-0.50');
    expect(addDecimals()).toBe('0.00');
  });

  it('a margin in percent with one decimal, none over zero sales', () => {
    expect(percentOf('642242.00', '10521183.88')).toBe(6.1);
    expect(percentOf('-10.00', '40.00')).toBe(-25);
    expect(percentOf('1.00', '0.00')).toBeNull();
  });
});
