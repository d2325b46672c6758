import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { formatRatesDate } from './rate-date-hint';

describe('formatRatesDate', () => {
  it('writes the local day the way each language does', () => {
    const value = new Date(2026, 10, 5, 23, 59).toISOString();
    expect(formatRatesDate(value, 'ru')).toBe('05.11.2026');
    expect(formatRatesDate(value, 'en')).toBe('11/05/2026');
  });

  it('keeps text that is not a date as it is', () => {
    expect(formatRatesDate('не дата', 'ru')).toBe('не дата');
  });

  it('gives what Intl.DateTimeFormat gives for any moment (generated)', () => {
    const ru = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' });
    const en = new Intl.DateTimeFormat('en-US', { day: '2-digit', month: '2-digit', year: 'numeric' });
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1971-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (date) => {
          const value = date.toISOString();
          expect(formatRatesDate(value, 'ru')).toBe(ru.format(date));
          expect(formatRatesDate(value, 'en')).toBe(en.format(date));
        },
      ),
    );
  });
});
