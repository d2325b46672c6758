import type { TFunction } from 'i18next';

/** A price's age as the board shows it: minutes under two hours, hours under two days, then days. */
export function priceAge(seconds: number, t: TFunction): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 120) return t('priceBoard.ageMinutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('priceBoard.ageHours', { count: hours });
  return t('priceBoard.ageDays', { count: Math.floor(hours / 24) });
}
