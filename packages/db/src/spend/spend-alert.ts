import type { Queryable } from '../database.ts';

export type SpendAlertKind = 'spend-guard' | 'spend-unknown' | 'spend-settled';

/**
 * Raises (or counts up) a bot_alert for a market account from the server side, with the same dedupe key as
 * the bots' raiseAlert (kind, market account, its Steam account, no proxy), so the console's alert list
 * shows the proxy's spending alerts beside the loops' ones.
 */
export async function raiseSpendAlert(
  db: Queryable,
  input: {
    kind: SpendAlertKind;
    severity: 'error' | 'warning' | 'info';
    marketAccount: number;
    message: string;
    details: Record<string, unknown>;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO bot_alert (kind, severity, message, market_account, steam_account, proxy, details)
     SELECT $1, $2, $3, id, steam_account, NULL, $5::jsonb FROM market_account WHERE id = $4
     ON CONFLICT (kind, COALESCE(market_account, 0), COALESCE(steam_account, 0), COALESCE(proxy, 0))
       WHERE acknowledged_at IS NULL
     DO UPDATE SET count = bot_alert.count + 1, last_at = now(), message = excluded.message,
       severity = excluded.severity, details = excluded.details`,
    [
      input.kind,
      input.severity,
      input.message.slice(0, 2000),
      input.marketAccount,
      JSON.stringify(input.details),
    ],
  );
}
