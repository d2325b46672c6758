import { longestUncheckedNames, markNamesChecked } from '@toydesk/db';

import type { TradingContext } from '../trading-loop.ts';

/**
 * Per account and loop, when each toy's competitors were last read with a per-toy request (bid-ask, a
 * search). The public list cannot tell a toy whose best price is ours whether the next competitor moved:
 * such toys are confirmed a few per tick, the longest unconfirmed first, so every toy is seen in turn.
 */
export async function longestUnchecked(
  ctx: TradingContext,
  loop: string,
  candidates: readonly string[],
  budget: number,
): Promise<string[]> {
  if (candidates.length === 0 || budget <= 0) return [];
  return longestUncheckedNames(ctx.runtime.db, ctx.account.id, loop, candidates, budget);
}

/** Records that these toys' competitors were just read per toy. */
export async function markChecked(
  ctx: TradingContext,
  loop: string,
  names: readonly string[],
): Promise<void> {
  if (names.length === 0) return;
  await markNamesChecked(ctx.runtime.db, ctx.account.id, loop, names);
}
