import type { TFunction } from 'i18next';

/** A status list (the contract's STEAM_ACCOUNT_STATUSES, MARKET_ACCOUNT_STATUSES, ...) as select options. */
export function statusOptions(
  statuses: readonly string[],
  t: TFunction,
): Array<{ value: string; label: string }> {
  return statuses.map((status) => ({ value: status, label: t(`enums.status.${status}`) }));
}
