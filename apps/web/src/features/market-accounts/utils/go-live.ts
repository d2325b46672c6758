import type { MarketAccountPatch } from '@toydesk/contract';

import type { MarketAccountRow } from '../api/get-market-accounts';

/** The switches of the trading loops (each starts a loop that may spend money). */
export const LOOP_FIELDS = ['keep_online', 'auto_deliver', 'auto_sell', 'dynamic_orders'] as const;
export type LoopField = (typeof LOOP_FIELDS)[number];

export interface GoLiveAccount {
  account: MarketAccountRow;
  /** The loops that will run for real after the change and did not before (may be empty: dry run off). */
  loops: LoopField[];
}

function liveLoops(values: Pick<MarketAccountRow, LoopField | 'dry_run'>): Set<LoopField> {
  if (values.dry_run) return new Set();
  return new Set(LOOP_FIELDS.filter((field) => values[field]));
}

/**
 * The accounts a change takes live (issue 12): dry run switched off, or a loop switched on while the
 * account is not in dry run. Those need the operator's confirmation first; any other change does not.
 */
export function goLiveAccounts(
  accounts: readonly MarketAccountRow[],
  fields: MarketAccountPatch,
): GoLiveAccount[] {
  const out: GoLiveAccount[] = [];
  for (const account of accounts) {
    const after = { ...account, ...fields } as MarketAccountRow;
    const before = liveLoops(account);
    const loops = [...liveLoops(after)].filter((loop) => !before.has(loop));
    const dryRunOff = account.dry_run && after.dry_run === false;
    if (loops.length > 0 || dryRunOff) out.push({ account, loops });
  }
  return out;
}
