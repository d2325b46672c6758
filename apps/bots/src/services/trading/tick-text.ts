import type { BotText } from '@toydesk/contract';

import type { LoopTickResult } from './trading-loop.ts';

/** Why a tick or a stop did nothing, as a code the console translates (`trading.skipped.<why>`). */
export function skipText(why: string, params: BotText['params'] = {}): BotText {
  return { code: `trading.skipped.${why}`, params };
}

/**
 * A dry-run tick's actions were only recorded, so the loop's own counts ("0 listed") miss them: the
 * counts by action kind go into the result's text (the console says "50 выставлено (пробно)") and its
 * English summary (for the logs).
 */
export function withDryRunCounts(result: LoopTickResult, counts: Record<string, number>): LoopTickResult {
  const kinds = Object.keys(counts);
  if (kinds.length === 0) return result;
  const english = kinds.map((kind) => `${counts[kind]} ${kind}`).join(', ');
  return {
    ...result,
    summary: `${result.summary} (dry run: ${english})`,
    text: { ...(result.text ?? { code: 'trading.summary', params: {} }), dry_run: { ...counts } },
  };
}
