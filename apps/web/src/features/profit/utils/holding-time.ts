import type { TFunction } from 'i18next';

/** A holding time in its largest unit: days from one day up, then hours, then minutes. */
export function holdingTime(seconds: number | null | undefined, t: TFunction): string {
  if (seconds === null || seconds === undefined) return '—';
  const s = Math.max(0, seconds);
  if (s >= 86_400) return t('profit.days', { count: Math.floor(s / 86_400) });
  if (s >= 3600) return t('profit.hours', { count: Math.floor(s / 3600) });
  return t('profit.minutes', { count: Math.floor(s / 60) });
}
