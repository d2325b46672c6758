import { describe, expect, it } from 'vitest';

import { formatSpendAmount } from './format-spend-amount';

describe('formatSpendAmount', () => {
  it('shows the currency symbol of the account, not its code', () => {
    expect(formatSpendAmount('1000.000', 'RUB', 'ru')).toBe('1\u00a0000.00\u00a0₽');
    expect(formatSpendAmount('1000.000', 'USD', 'en')).toBe('1,000.00\u00a0$');
    expect(formatSpendAmount('0', 'USD', 'en')).toBe('0.00\u00a0$');
  });

  it('keeps a third decimal instead of rounding it', () => {
    expect(formatSpendAmount('0.005', 'USD', 'en')).toBe('0.005\u00a0$');
    expect(formatSpendAmount('12.345', 'USD', 'ru')).toBe('12.345\u00a0$');
    expect(formatSpendAmount('2500.120', 'RUB', 'ru')).toBe('2\u00a0500.12\u00a0₽');
  });
});
