import type { MarketAccount, Proxy } from '@toydesk/contract';

import { writeAudit } from '../audit/audit-log.ts';
import type { Database, Queryable } from '../database.ts';
import { sealedPlace } from '../vault/sealed-columns.ts';
import type { Vault, VaultPlace } from '../vault/vault.ts';

/**
 * The market account (table `market_account`): the account joined with its proxy, and its secrets decrypted,
 * are loaded here and nowhere else (the bots' loops and key checks, the console's market proxy).
 */

/** The proxy an account's marketplace calls go through, its password decrypted (never logged). */
export type AccountProxy = Pick<Proxy, 'protocol' | 'host' | 'port' | 'username'> & {
  password: string | null;
};

/** The trading loops' switches of an account (each a column of market_account). */
export type MarketAccountSwitches = Pick<
  MarketAccount,
  'keep_online' | 'auto_deliver' | 'auto_sell' | 'dynamic_orders'
>;

/** A market account as the services that call its marketplace need it: proxy joined, secrets decrypted. */
export interface LoadedMarketAccount {
  id: number;
  market: MarketAccount['market'];
  currency: MarketAccount['currency'];
  status: MarketAccount['status'];
  steamAccount: number;
  /** "market name + Steam account name", as the console shows it. */
  label: string;
  /** Decrypted; null when the account has none. Never logged. */
  apiKey: string | null;
  /** Decrypted tm payment password (money-send), only when asked for; null when none. Never logged. */
  payPassword?: string | null;
  /** Null without a proxy, and when the caller asked for direct calls (demo mode). */
  proxy: AccountProxy | null;
  switches: MarketAccountSwitches;
  /** The account's dry_run switch: record what would be done, change nothing outside. */
  dryRun: boolean;
  /** Why the marketplace rejected the key, while the account is paused for it (migration 016). */
  keyPause: string | null;
}

export interface LoadOptions {
  /**
   * False in demo mode: calls go straight to the marketplace simulators on loopback, never through the
   * account's proxy (one an operator added could be a real host, and one demo proxy is down on purpose).
   */
  useProxy: boolean;
  /** Decrypt the payment password too (the market proxy's money-send); left out otherwise. */
  payPassword?: boolean;
}

type AccountRow = {
  id: number;
  market: MarketAccount['market'];
  currency: MarketAccount['currency'];
  status: MarketAccount['status'];
  steam_account: number;
  label: string;
  api_key: string | null;
  pay_password: string | null;
  keep_online: boolean;
  auto_deliver: boolean;
  auto_sell: boolean;
  dynamic_orders: boolean;
  dry_run: boolean;
  p_id: number | null;
  p_protocol: Proxy['protocol'] | null;
  p_host: string | null;
  p_port: number | null;
  p_username: string | null;
  p_password: string | null;
  key_pause: string | null;
};

const ACCOUNT_COLUMNS = `a.id, a.market, a.currency, a.status, a.steam_account,
       coalesce(m.name, a.market) || ' ' || s.steam_account_name AS label,
       a.api_key, a.pay_password, a.keep_online, a.auto_deliver, a.auto_sell, a.dynamic_orders, a.dry_run,
       p.id AS p_id, p.protocol AS p_protocol, p.host AS p_host, p.port AS p_port, p.username AS p_username,
       p.password AS p_password, kp.reason AS key_pause`;
const ACCOUNT_FROM = `FROM market_account a
     JOIN steam_account s ON s.id = a.steam_account
     LEFT JOIN market m ON m.code = a.market
     LEFT JOIN proxy p ON p.id = a.proxy
     LEFT JOIN bot_market_key_pause kp ON kp.market_account = a.id`;
const ACCOUNT_SELECT = `SELECT ${ACCOUNT_COLUMNS}\n     ${ACCOUNT_FROM}`;

const openOrNull = (vault: Vault, stored: string | null, place: VaultPlace): string | null =>
  stored === null || stored === '' ? null : vault.open(stored, place);

function toLoaded(row: AccountRow, vault: Vault, options: LoadOptions): LoadedMarketAccount {
  return {
    id: row.id,
    market: row.market,
    currency: row.currency,
    status: row.status,
    steamAccount: row.steam_account,
    label: row.label,
    apiKey: openOrNull(vault, row.api_key, sealedPlace('market_account', 'api_key', row.id)),
    ...(options.payPassword
      ? {
          payPassword: openOrNull(
            vault,
            row.pay_password,
            sealedPlace('market_account', 'pay_password', row.id),
          ),
        }
      : {}),
    proxy:
      options.useProxy && row.p_host && row.p_protocol && row.p_port
        ? {
            protocol: row.p_protocol,
            host: row.p_host,
            port: row.p_port,
            username: row.p_username,
            password: openOrNull(vault, row.p_password, sealedPlace('proxy', 'password', row.p_id!)),
          }
        : null,
    switches: {
      keep_online: row.keep_online,
      auto_deliver: row.auto_deliver,
      auto_sell: row.auto_sell,
      dynamic_orders: row.dynamic_orders,
    },
    dryRun: row.dry_run,
    keyPause: row.key_pause,
  };
}

/**
 * Many market accounts in one statement (the trading runner coalesces the reads of ticks starting together),
 * each with its 429 count in a row (bot_trading_rate_limit, 0 without a row), so that a tick resets the count
 * only when there is one; accounts that are gone are missing from the map.
 */
export async function loadMarketAccounts(
  db: Queryable,
  vault: Vault,
  ids: readonly number[],
  options: LoadOptions,
): Promise<Map<number, LoadedMarketAccount & { rateLimitInARow: number }>> {
  const rows = await db.query<AccountRow & { rate_limit_in_a_row: number }>(
    `SELECT ${ACCOUNT_COLUMNS}, coalesce(rl.in_a_row, 0) AS rate_limit_in_a_row
     ${ACCOUNT_FROM}
     LEFT JOIN bot_trading_rate_limit rl ON rl.market_account = a.id
     WHERE a.id = ANY($1::int[])`,
    [[...new Set(ids)]],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      { ...toLoaded(row, vault, options), rateLimitInARow: row.rate_limit_in_a_row },
    ]),
  );
}

/** One market account with its proxy and secrets; null when it is gone. */
export async function loadMarketAccount(
  db: Queryable,
  vault: Vault,
  id: number,
  options: LoadOptions,
): Promise<LoadedMarketAccount | null> {
  const [row] = await db.query<AccountRow>(`${ACCOUNT_SELECT} WHERE a.id = $1`, [id]);
  return row ? toLoaded(row, vault, options) : null;
}

/**
 * The accounts of `markets` that have a key, in id order: the active ones, or (with `ids`) exactly those
 * ids whatever their status (an operator's explicit choice).
 */
export async function loadMarketAccountsWithKey(
  db: Queryable,
  vault: Vault,
  markets: readonly string[],
  ids: readonly number[] | undefined,
  options: LoadOptions,
): Promise<(LoadedMarketAccount & { apiKey: string })[]> {
  const rows = await db.query<AccountRow>(
    `${ACCOUNT_SELECT}
     WHERE a.market = ANY($1::text[]) AND a.api_key IS NOT NULL AND a.api_key <> ''
       AND ($2::int[] IS NULL OR a.id = ANY($2::int[]))
       AND (a.status = 'active' OR $2::int[] IS NOT NULL)
     ORDER BY a.id`,
    [markets, ids && ids.length > 0 ? ids : null],
  );
  // The WHERE keeps only accounts with a key, so apiKey is never null here.
  return rows.map((row) => {
    const account = toLoaded(row, vault, options);
    return { ...account, apiKey: account.apiKey ?? '' };
  });
}

/**
 * Which of `markets` have an active account with a key: the price schedule imports a keyed market's list only
 * then (one cheap read, no key decrypted).
 */
export async function listMarketsWithActiveKey(db: Queryable, markets: readonly string[]): Promise<string[]> {
  const rows = await db.query<{ market: string }>(
    `SELECT DISTINCT market FROM market_account
     WHERE market = ANY($1::text[]) AND status = 'active' AND api_key IS NOT NULL AND api_key <> ''
     ORDER BY market`,
    [markets],
  );
  return rows.map((row) => row.market);
}

/**
 * Every account of `markets` that has a key, whatever its status, with its key decrypted and its balance:
 * the demo start opens each one on the marketplace simulators.
 */
export async function listMarketAccountKeysAndBalances(
  db: Queryable,
  vault: Vault,
  markets: readonly string[],
): Promise<(Pick<MarketAccount, 'market' | 'currency' | 'balance'> & { apiKey: string })[]> {
  const rows = await db.query<
    Pick<MarketAccount, 'market' | 'currency' | 'balance'> & { id: number; api_key: string }
  >(
    `SELECT id, market, currency, balance, api_key FROM market_account
     WHERE market = ANY($1::text[]) AND api_key IS NOT NULL AND api_key <> '' ORDER BY id`,
    [markets],
  );
  return rows.map(({ id, api_key, ...account }) => ({
    ...account,
    apiKey: vault.open(api_key, sealedPlace('market_account', 'api_key', id)),
  }));
}

/** Whether market account `id` exists (on one of `markets` when given): a route's 404 check. */
export async function marketAccountExists(
  db: Queryable,
  id: number,
  markets?: readonly string[],
): Promise<boolean> {
  const rows =
    markets === undefined
      ? await db.query('SELECT 1 FROM market_account WHERE id = $1', [id])
      : await db.query('SELECT 1 FROM market_account WHERE id = $1 AND market = ANY($2::text[])', [
          id,
          markets,
        ]);
  return rows.length > 0;
}

/** The market and currency of account `id` (no secrets decrypted); null when it is gone. */
export async function loadMarketAccountMarket(
  db: Queryable,
  id: number,
): Promise<Pick<MarketAccount, 'market' | 'currency'> | null> {
  const [row] = await db.query<Pick<MarketAccount, 'market' | 'currency'>>(
    'SELECT market, currency FROM market_account WHERE id = $1',
    [id],
  );
  return row ?? null;
}

/** Adds `delta` (exact decimal, may be negative) to the account's balance, audited as `actor`'s update. */
export async function moveMarketAccountBalance(
  tx: Queryable,
  actor: string,
  marketAccount: number,
  delta: string,
): Promise<void> {
  const [moved] = await tx.query<{ before: string; after: string }>(
    `UPDATE market_account a SET balance = a.balance + $2::numeric, updated_at = now()
     FROM (SELECT balance FROM market_account WHERE id = $1) b
     WHERE a.id = $1 RETURNING b.balance AS before, a.balance AS after`,
    [marketAccount, delta],
  );
  if (!moved) return;
  await writeAudit(tx, actor, 'update', 'market_account', [
    { id: marketAccount, before: { balance: moved.before }, after: { balance: moved.after } },
  ]);
}

/** An account's status and loop switches, as the loop runner and the console's loop list read them. */
export type MarketAccountLoopState = Pick<MarketAccount, 'id' | 'status' | 'dry_run'> & MarketAccountSwitches;

/** Every account's (or one account's) status and switches, in id order. */
export function listMarketAccountLoopStates(db: Queryable, id?: number): Promise<MarketAccountLoopState[]> {
  return db.query<MarketAccountLoopState>(
    `SELECT id, status, keep_online, auto_deliver, auto_sell, dynamic_orders, dry_run FROM market_account
     WHERE $1::int IS NULL OR id = $1 ORDER BY id`,
    [id ?? null],
  );
}

/**
 * Turns one loop switch off from the bot side (a ban), audited like an operator's change with the reason;
 * nothing happens when it is already off or the account is gone.
 */
export async function switchMarketAccountLoopOff(
  db: Database,
  actor: string,
  id: number,
  field: keyof MarketAccountSwitches,
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.query<{ id: number } & Record<string, unknown>>(
      `SELECT id, ${field} FROM market_account WHERE id = $1 FOR UPDATE`,
      [id],
    );
    if (!before || before[field] !== true) return;
    await tx.query(`UPDATE market_account SET ${field} = false, updated_at = now() WHERE id = $1`, [id]);
    await writeAudit(tx, actor, 'update', 'market_account', [
      { id, before, after: { id, [field]: false, reason } },
    ]);
  });
}

/** Notes what the marketplace said of the account being online (keep-online); online also stamps the time. */
export async function markMarketAccountOnline(db: Queryable, id: number, online: boolean): Promise<void> {
  await db.query(
    `UPDATE market_account SET online = $2, last_online_at = CASE WHEN $2 THEN now() ELSE last_online_at END
     WHERE id = $1`,
    [id, online],
  );
}

/**
 * SQL of every account's id, status and a digest of its stored (encrypted) API key: the key pauses compare
 * digests to see an edited key without decrypting it. A subquery to splice into FROM with an alias, so a
 * claim on another table stays one statement; never given a request value.
 */
export const MARKET_ACCOUNT_KEY_DIGESTS_SQL =
  '(SELECT id, status, md5(api_key) AS key_digest FROM market_account)';

/** An account's market, Steam account and label (market name, or its code, plus the Steam account's name). */
export type MarketAccountLabel = Pick<MarketAccount, 'market' | 'steam_account'> & { label: string };

/** The label of account `id` and what it names; null when it is gone. */
export async function loadMarketAccountLabel(db: Queryable, id: number): Promise<MarketAccountLabel | null> {
  const [row] = await db.query<MarketAccountLabel>(
    `SELECT a.market, a.steam_account, COALESCE(m.name, a.market) || ' ' || s.steam_account_name AS label
     FROM market_account a JOIN steam_account s ON s.id = a.steam_account LEFT JOIN market m ON m.code = a.market
     WHERE a.id = $1`,
    [id],
  );
  return row ?? null;
}

/** When account `id` was added (timestamp text); null when it is gone. */
export async function loadMarketAccountAddedAt(db: Queryable, id: number): Promise<string | null> {
  const [row] = await db.query<{ created_at: string }>(
    'SELECT created_at::text AS created_at FROM market_account WHERE id = $1',
    [id],
  );
  return row?.created_at ?? null;
}
