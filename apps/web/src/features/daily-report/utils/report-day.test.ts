import { describe, expect, it } from 'vitest';

import { isReportDay, shiftDay, todayUtc } from './report-day';

describe('report days', () => {
  it('moves across months, years and leap days', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2024-03-01', -1)).toBe('2024-02-29');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('accepts real days up to today (UTC) only', () => {
    const now = Date.parse('2026-11-28T23:30:00Z');
    expect(todayUtc(now)).toBe('2026-11-28');
    expect(isReportDay('2026-11-28', todayUtc(now))).toBe(true);
    expect(isReportDay('2026-11-29', todayUtc(now))).toBe(false);
    expect(isReportDay('2026-02-30', todayUtc(now))).toBe(false);
    expect(isReportDay('2026-2-3', todayUtc(now))).toBe(false);
    expect(isReportDay('', todayUtc(now))).toBe(false);
  });
});
