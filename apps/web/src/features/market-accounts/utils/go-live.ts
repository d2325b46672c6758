import type { MarketAccountPatch } from '@toydesk/contract';

import type { MarketAccountRow } from '../api/get-market-accounts';

/** The switches of the trading loops (each starts a loop that may spend money). */
export const LOOP_FIELDS = ['keep_online', 'auto_deliver', 'auto_sell', 'dynamic_orders'] as const;
export type LoopField = (typeof LOOP_FIELDS)[number];

/** What the confirmation names of an account: an existing row, or the one about to be created. */
export type GoLiveSubject = Pick<MarketAccountRow, 'id' | 'label' | 'currency'>;

export interface GoLiveAccount {
  account: GoLiveSubject;
  /** The loops that will run for real after the change and did not before (may be empty: dry run off). */
  loops: LoopField[];
  /** Already translated loop names shown instead of `loops` (a trading loop run now by its own name). */
  loopTitles?: readonly string[];
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

/**
 * A new account created live (issue 12): dry run off at creation, whatever loops are on. Null when it is
 * created in dry run, which needs no confirmation. It has no id, guard or spending yet (id 0).
 */
export function goLiveOnCreate(
  values: Partial<Pick<MarketAccountRow, LoopField | 'dry_run'>>,
  label: string,
  currency: MarketAccountRow['currency'],
): GoLiveAccount | null {
  if (values.dry_run !== false) return null;
  return {
    account: { id: 0, label, currency },
    loops: LOOP_FIELDS.filter((field) => values[field] === true),
  };
}
