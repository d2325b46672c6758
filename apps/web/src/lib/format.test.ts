import { describe, expect, it, vi } from 'vitest';

import { formatAmount, formatConverted, formatDate, formatDateTime, formatNumber } from './format';

const rates = { usd_to_rub_rate: '92.500000', eur_to_rub_rate: '100.200000' };

describe('money display (spec sections 3 and 5)', () => {
  it('rounds to 2 decimals, groups digits and adds the symbol', () => {
    expect(formatAmount('1234567.005', 'RUB', 'ru')).toBe('1\u00a0234\u00a0567.01\u00a0₽');
    expect(formatAmount('1234.5', 'USD', 'en')).toBe('1,234.50\u00a0$');
    expect(formatAmount(-3, 'EUR', 'en')).toBe('-3.00\u00a0€');
    expect(formatAmount(null, 'RUB', 'ru')).toBe('—');
  });

  it("converts with the market record's rates", () => {
    expect(formatConverted('1000', 'RUB', 'USD', rates, 'en')).toBe('10.81\u00a0$');
    expect(formatConverted('10', 'USD', 'RUB', rates, 'en')).toBe('925.00\u00a0₽');
    expect(formatConverted('10', 'EUR', 'USD', rates, 'en')).toBe('10.83\u00a0$');
  });

  it('shows an unknown currency unchanged, with the warning of spec section 5', () => {
    const warn = vi.fn();
    expect(formatConverted('10', 'GBP', 'RUB', rates, 'en', warn)).toBe('10.00\u00a0GBP');
    expect(warn).toHaveBeenCalledWith('Неизвестная валюта для конвертации');
    expect(formatConverted('10', 'USD', 'RUB', {}, 'en', warn)).toBe('10.00\u00a0$');
  });
});

describe('dates and numbers', () => {
  it("formats in each language's own way, also after the other language was used", () => {
    const en = formatNumber(1234567, 'en');
    const ru = formatNumber(1234567, 'ru');
    expect(en).toBe('1,234,567');
    expect(ru.replace(/\s/g, ' ')).toBe('1 234 567');
    expect(formatNumber(1234567, 'en')).toBe(en);
    expect(formatDate('2026-03-05', 'ru')).toBe('05.03.2026');
    expect(formatDate('2026-03-05', 'en')).toBe('05/03/2026');
    expect(formatDate('2026-03-05', 'ru')).toBe('05.03.2026');
    const at = '2026-03-05T14:07:00Z';
    expect(formatDateTime(at, 'ru')).toContain('05.03.2026');
    expect(formatDateTime(at, 'en')).toContain('05/03/2026');
    expect(formatDateTime(null, 'en')).toBe('—');
  });
});
