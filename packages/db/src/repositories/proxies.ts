import { proxyEntity, type Proxy } from '@toydesk/contract';

import { writeAudit } from '../audit/audit-log.ts';
import type { Queryable } from '../database.ts';
import { reserveRowId } from '../vault/reserve-row-id.ts';
import { sealedPlace } from '../vault/sealed-columns.ts';
import { maskSql, type Vault } from '../vault/vault.ts';

/**
 * The proxies (table `proxy`) the bot services list, edit and health-check. Rows are answered with the
 * password masked in SQL, so its ciphertext never leaves the database; every change has its audit entry in
 * the same transaction.
 */

const SHOWN = `id, protocol, host, port, username, ${maskSql('password')} AS password, comment, status,
  latency_ms, last_checked_at, created_at`;

/** A proxy's endpoint and login as stored: the password is the vault's ciphertext (or null). */
export type StoredProxyEndpoint = Pick<Proxy, 'id' | 'protocol' | 'host' | 'port' | 'username'> & {
  password: string | null;
};

/** The columns an operator edits; `password` in plain text, sealed here for its row. */
export type ProxyColumns = Pick<Proxy, 'protocol' | 'host' | 'port' | 'username' | 'comment'> & {
  password: string | null;
};

/** The column names an UPDATE may set: they are spliced into the statement, never taken from a request. */
const EDITABLE_COLUMNS: readonly string[] = ['protocol', 'host', 'port', 'username', 'password', 'comment'];

/** One page of the proxies (of one status when given), in id order, and how many there are. */
export async function listProxies(
  db: Queryable,
  status: string | null,
  page: number,
  pageSize: number,
): Promise<{ count: number; rows: Proxy[] }> {
  const [counted] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM proxy WHERE $1::text IS NULL OR status = $1',
    [status],
  );
  const rows = await db.query<Proxy>(
    `SELECT ${SHOWN} FROM proxy WHERE $1::text IS NULL OR status = $1 ORDER BY id
     LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    [status],
  );
  return { count: counted?.count ?? 0, rows };
}

/** Every proxy's id, in id order (the scheduled health checks). */
export async function listProxyIds(db: Queryable): Promise<number[]> {
  const rows = await db.query<{ id: number }>('SELECT id FROM proxy ORDER BY id');
  return rows.map((row) => row.id);
}

/** Whether proxy `id` exists. */
export async function proxyExists(db: Queryable, id: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM proxy WHERE id = $1', [id])).length > 0;
}

/** A proxy as answered (password masked); with `forUpdate` its row is locked until the transaction ends. */
export async function loadProxy(
  db: Queryable,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<Proxy | null> {
  const [row] = await db.query<Proxy>(
    `SELECT ${SHOWN} FROM proxy WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return row ?? null;
}

/** A proxy's endpoint with its stored (encrypted) password, for a health check; null when it is gone. */
export async function loadProxyEndpoint(db: Queryable, id: number): Promise<StoredProxyEndpoint | null> {
  const [row] = await db.query<StoredProxyEndpoint>(
    'SELECT id, protocol, host, port, username, password FROM proxy WHERE id = $1',
    [id],
  );
  return row ?? null;
}

/** Adds a proxy (status unknown until its first check), with the audit entry of `actor`. */
export async function insertProxy(
  tx: Queryable,
  vault: Vault,
  actor: string,
  columns: ProxyColumns,
): Promise<Proxy> {
  // The password is sealed for its row: the id is taken first (sealed-columns.ts).
  const id = await reserveRowId(tx, 'proxy');
  const password = columns.password
    ? vault.seal(columns.password, sealedPlace('proxy', 'password', id))
    : null;
  const [shown] = await tx.query<Proxy>(
    `INSERT INTO proxy (id, protocol, host, port, username, password, comment, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'unknown') RETURNING ${SHOWN}`,
    [id, columns.protocol, columns.host, columns.port, columns.username, password, columns.comment],
  );
  await writeAudit(tx, actor, 'create', proxyEntity.name, [{ id: shown!.id, before: null, after: shown! }]);
  return shown!;
}

/**
 * Stores the changed columns of proxy `before` (`resetHealth`: its last check no longer says anything, the
 * endpoint changed), with the audit entry of `actor`.
 */
export async function updateProxy(
  tx: Queryable,
  vault: Vault,
  actor: string,
  before: Proxy,
  changed: Partial<ProxyColumns>,
  resetHealth: boolean,
): Promise<Proxy> {
  const names = Object.keys(changed) as (keyof ProxyColumns)[];
  const unknown = names.find((name) => !EDITABLE_COLUMNS.includes(name));
  if (unknown !== undefined) throw new Error(`updateProxy: ${unknown} is not an editable column`);
  const assignments = names.map((name, i) => `${name} = $${i + 2}`);
  if (resetHealth) assignments.push(`status = 'unknown', latency_ms = NULL, last_checked_at = NULL`);
  const [after] = await tx.query<Proxy>(
    `UPDATE proxy SET ${assignments.join(', ')} WHERE id = $1 RETURNING ${SHOWN}`,
    [
      before.id,
      ...names.map((name) =>
        name === 'password' && changed.password
          ? vault.seal(changed.password, sealedPlace('proxy', 'password', before.id))
          : changed[name],
      ),
    ],
  );
  await writeAudit(tx, actor, 'update', proxyEntity.name, [{ id: before.id, before, after: after! }]);
  return after!;
}

/** Deletes proxy `id` with the audit entry of `actor`; false when it is gone. */
export async function deleteProxy(tx: Queryable, actor: string, id: number): Promise<boolean> {
  const before = await loadProxy(tx, id);
  if (!before) return false;
  await tx.query('DELETE FROM proxy WHERE id = $1', [id]);
  await writeAudit(tx, actor, 'delete', proxyEntity.name, [{ id, before, after: null }]);
  return true;
}

/** Records a health check's outcome; the status before it (null when the proxy is gone). */
export async function recordProxyCheck(
  db: Queryable,
  id: number,
  status: 'up' | 'down',
  latencyMs: number | null,
): Promise<{ previous: Proxy['status'] } | null> {
  const [updated] = await db.query<{ previous: Proxy['status'] }>(
    `UPDATE proxy p SET status = $2, latency_ms = $3, last_checked_at = now()
     FROM (SELECT id, status FROM proxy WHERE id = $1) old
     WHERE p.id = old.id RETURNING old.status AS previous`,
    [id, status, latencyMs],
  );
  return updated ?? null;
}
