import { notFound } from '@toydesk/api-kit';

import { pathId, startJob, type BotHandlers } from '../../http/handler.ts';
import {
  deleteProxy,
  insertProxy,
  listProxies,
  loadProxy,
  proxyExists,
  updateProxy,
  type ProxyColumns,
} from '@toydesk/db';

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
    const { count, rows } = await listProxies(runtime.db, query.status ?? null, page.number, page.size);
    return page.answer(count, rows);
  },

  'bot-proxy.create': async ({ runtime, body, query }) => {
    const row = await runtime.db.transaction((tx) =>
      insertProxy(tx, runtime.vault, BOT_ACTOR, {
        protocol: body.protocol ?? 'http',
        host: body.host,
        port: body.port,
        username: body.username ?? null,
        password: body.password || null,
        comment: body.comment ?? null,
      }),
    );
    if (query.check !== '0') await runtime.queue.enqueue('proxy.check', { proxy: row.id });
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
      const before = await loadProxy(tx, id, { forUpdate: true });
      if (!before) throw notFound();
      // Values equal to the stored ones change nothing (a client may send the whole record back); a
      // password sent is always a change, its stored form being a ciphertext.
      const changed = sent.filter((name) => name === 'password' || before[name] !== body[name]);
      if (changed.length === 0) return { row: before, recheck: false };
      const endpointChanged = changed.some((name) => (ENDPOINT_FIELDS as readonly string[]).includes(name));
      const values: Partial<ProxyColumns> = Object.fromEntries(changed.map((name) => [name, body[name]]));
      const after = await updateProxy(tx, runtime.vault, BOT_ACTOR, before, values, endpointChanged);
      return { row: after, recheck: endpointChanged };
    });
    // Like a new proxy, an edited endpoint is checked at once (the scheduled checks still run with check=0).
    if (recheck && query.check !== '0') await runtime.queue.enqueue('proxy.check', { proxy: id });
    return row;
  },

  'bot-proxy.destroy': async ({ runtime, params }) => {
    const id = pathId(params);
    if (!(await runtime.db.transaction((tx) => deleteProxy(tx, BOT_ACTOR, id)))) throw notFound();
    return null;
  },

  // An operator's "check now": the same job kinds the schedule runs, answered with the job to follow.
  'bot-proxy.check': async (ctx) => {
    const id = pathId(ctx.params);
    if (!(await proxyExists(ctx.runtime.db, id))) throw notFound();
    return startJob(ctx, 'proxy.check', { proxy: id });
  },

  'bot-proxy.check_all': async (ctx) => startJob(ctx, 'proxy.check-all', {}),
};
