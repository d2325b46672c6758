import { TmUnconfirmedError } from '@toydesk/markets';

import type { TradingContext } from '../trading-loop.ts';

/**
 * A spending call of a loop whose outcome tm could not confirm (the client already looked it up and tried
 * once more: TmUnconfirmedError): raised as a spend-unknown alert naming the toy and the call, never
 * reported as a plain failure. The loop goes on with its other toys; dynamic-orders' next tick reads
 * get-orders again and so settles a set-order either way. Returns false for any other error.
 */
export async function reportLostAnswer(
  ctx: TradingContext,
  subject: string,
  error: unknown,
): Promise<boolean> {
  if (!(error instanceof TmUnconfirmedError)) return false;
  await ctx.alert({
    kind: 'spend-unknown',
    severity: 'error',
    message:
      `${ctx.account.label}: ${error.call} for ${subject}: the outcome is unknown, being checked ` +
      `(${error.message})`,
    details: { call: error.call, subject, custom_id: error.customId, dry_run: ctx.account.dryRun },
  });
  return true;
}
