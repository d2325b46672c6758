import { proxyEntity } from '@toydesk/contract';
import { notFound } from '@toydesk/api-kit';

import { pathId, startJob, type BotHandlers } from '../../http/handler.ts';
import { maskSql, writeAudit } from '@toydesk/db';

const COLUMNS = `id, protocol, host, port, username, ${maskSql('password')} AS password, comment, status,
  latency_ms, last_checked_at, created_at`;

/** Who a bot-service change is attributed to in the audit log (the app token names no operator). */
export const BOT_ACTOR = 'bot-service';

/** What an operator edits (the body schema's fields); the health columns are the checks' own. */
const EDITABLE_FIELDS = ['protocol', 'host', 'port', 'username', 'password', 'comment'] as const;
/** Fields whose change makes the last health check meaningless: it checked another endpoint or login. */
const ENDPOINT_FIELDS = ['protocol', 'host', 'port', 'username', 'password'] as const;

export const PROXY_HANDLERS: BotHandlers<
  | 'bot-proxy.list'
  | 'bot-proxy.create'
  | 'bot-proxy.partial_update'
  | 'bot-proxy.destroy'
  | 'bot-proxy.check'
  | 'bot-proxy.check_all'
> = {
  'bot-proxy.list': async ({ runtime, query, page }) => {
    const status = query.status ?? null;
    const [counted] = await runtime.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM proxy WHERE $1::text IS NULL OR status = $1',
      [status],
    );
    const rows = await runtime.db.query(
      `SELECT ${COLUMNS} FROM proxy WHERE $1::text IS NULL OR status = $1 ORDER BY id
       LIMIT ${page.size} OFFSET ${(page.number - 1) * page.size}`,
      [status],
    );
    return page.answer(counted?.count ?? 0, rows);
  },

  'bot-proxy.create': async ({ runtime, body, query }) => {
    const row = await runtime.db.transaction(async (tx) => {
      const [shown] = await tx.query(
        `INSERT INTO proxy (protocol, host, port, username, password, comment, status)
         VALUES ($1, $2, $3, $4, $5, $6, 'unknown') RETURNING ${COLUMNS}`,
        [
          body.protocol ?? 'http',
          body.host,
          body.port,
          body.username ?? null,
          body.password ? runtime.vault.encrypt(body.password) : null,
          body.comment ?? null,
        ],
      );
      await writeAudit(tx, BOT_ACTOR, 'create', proxyEntity.name, [
        { id: shown!.id as number, before: null, after: shown! },
      ]);
      return shown!;
    });
    if (query.check !== '0') await runtime.queue.enqueue('proxy.check', { proxy: row.id as number });
    return row;
  },

  'bot-proxy.partial_update': async ({ runtime, params, body, query }) => {
    const id = pathId(params);
    // The password is write-only: the console's form starts it empty, so "" (like absent) keeps the stored
    // one; only an explicit null removes it.
    const sent = EDITABLE_FIELDS.filter(
      (name) => body[name] !== undefined && !(name === 'password' && body[name] === ''),
    );
    const { row, recheck } = await runtime.db.transaction(async (tx) => {
      const [before] = await tx.query(`SELECT ${COLUMNS} FROM proxy WHERE id = $1 FOR UPDATE`, [id]);
      if (!before) throw notFound();
      // Values equal to the stored ones change nothing (a client may send the whole record back); a
      // password sent is always a change, its stored form being a ciphertext.
      const changed = sent.filter((name) => name === 'password' || before[name] !== body[name]);
      if (changed.length === 0) return { row: before, recheck: false };
      const endpointChanged = changed.some((name) => (ENDPOINT_FIELDS as readonly string[]).includes(name));
      // Column names come from EDITABLE_FIELDS only, never from the request's keys.
      const assignments = changed.map((name, i) => `${name} = $${i + 2}`);
      if (endpointChanged) assignments.push(`status = 'unknown', latency_ms = NULL, last_checked_at = NULL`);
      const values = changed.map((name) => {
        const value = body[name];
        return name === 'password' && typeof value === 'string' ? runtime.vault.encrypt(value) : value;
      });
      const [after] = await tx.query(
        `UPDATE proxy SET ${assignments.join(', ')} WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, ...values],
      );
      await writeAudit(tx, BOT_ACTOR, 'update', proxyEntity.name, [{ id, before, after: after! }]);
      return { row: after!, recheck: endpointChanged };
    });
    // Like a new proxy, an edited endpoint is checked at once (the scheduled checks still run with check=0).
    if (recheck && query.check !== '0') await runtime.queue.enqueue('proxy.check', { proxy: id });
    return row;
  },

  'bot-proxy.destroy': async ({ runtime, params }) => {
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) throw notFound();
    await runtime.db.transaction(async (tx) => {
      const [before] = await tx.query(`SELECT ${COLUMNS} FROM proxy WHERE id = $1`, [id]);
      if (!before) throw notFound();
      await tx.query('DELETE FROM proxy WHERE id = $1', [id]);
      await writeAudit(tx, BOT_ACTOR, 'delete', proxyEntity.name, [{ id, before, after: null }]);
    });
    return null;
  },

  // An operator's "check now": the same job kinds the schedule runs, answered with the job to follow.
  'bot-proxy.check': async (ctx) => {
    const id = Number(ctx.params.id);
    if (!Number.isInteger(id) || id <= 0) throw notFound();
    const [row] = await ctx.runtime.db.query('SELECT 1 FROM proxy WHERE id = $1', [id]);
    if (!row) throw notFound();
    return startJob(ctx, 'proxy.check', { proxy: id });
  },

  'bot-proxy.check_all': async (ctx) => startJob(ctx, 'proxy.check-all', {}),
};
