import type { BotJob, BotTradingStatus } from '@toydesk/contract';
import { HttpStatusError } from '@toydesk/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PGBOSS_SCHEMA,
  readLoopRows,
  recordLoopAction,
  RECENT_ACTIONS,
  startQueuedBotJobsNow,
  holdQueuedBotJobs,
} from '@toydesk/db';

import type { LaneDef } from '../../jobs/job-kind.ts';
import type { BotRuntime } from '../../bot-runtime.ts';
import { startBotRuntime } from '../../runtime.ts';
import { SILENT, startBotTestApp, type BotTestApp } from '../../testing/bot-test-app.ts';
import { TRADING_RUNNER, TradingRunner } from './loop-runner.ts';
import { defineTradingLoop, type TradingContext } from './trading-loop.ts';
import { eventually } from '../../testing/eventually.ts';

/**
 * The runner on loops of the test's own (kind prefix "test-trading", a lane of their own), so every
 * behaviour (a slow tick, a hanging one, a 429, the end of the loop) is scripted per market account.
 */
type Behaviour = 'ok' | 'hang' | 'end' | '429' | 'idle' | 'fail' | 'same';

const behaviour = new Map<number, Behaviour>();
const ticks = new Map<number, number>();
const pokes = new Map<number, number>();
const stops = new Map<number, number>();
const inFlight = new Map<number, number>();
const maxInFlight = new Map<number, number>();
let releaseHang: () => void = () => undefined;
const hang = new Promise<void>((resolve) => {
  releaseHang = resolve;
});

const bump = (map: Map<number, number>, id: number, by = 1) => map.set(id, (map.get(id) ?? 0) + by);

const TEST_LOOP = defineTradingLoop({
  name: 'deliver',
  switchField: 'auto_deliver',
  markets: ['tm'],
  intervalSeconds: () => 1,
  async tick(ctx: TradingContext) {
    const id = ctx.account.id;
    const mode = behaviour.get(id) ?? 'ok';
    if (mode === 'hang') {
      // Only the first tick hangs (like a worker killed in the middle of it); the next ones are fine.
      behaviour.set(id, 'ok');
      await hang;
      return { summary: 'released' };
    }
    if (mode === 'idle') {
      bump(ticks, id);
      return { summary: 'nothing to do' };
    }
    if (mode === 'same') {
      // A dry-run loop in a world that stands still: the same would-be action every tick.
      bump(ticks, id);
      await ctx.act({ kind: 'poke', detail: { price: '10.00' } }, async () => {
        bump(pokes, id);
      });
      return { summary: 'the same as last time' };
    }
    if (mode === 'fail') {
      bump(ticks, id);
      throw new Error('the test tick fails');
    }
    bump(inFlight, id);
    maxInFlight.set(id, Math.max(maxInFlight.get(id) ?? 0, inFlight.get(id)!));
    try {
      bump(ticks, id);
      if (mode === '429') {
        throw new HttpStatusError({
          code: 'ERR_STATUS',
          call: 'tm.test',
          method: 'GET',
          url: 'http://127.0.0.1:9/api',
          status: 429,
          statusText: 'Too Many Requests',
          attempts: 1,
        });
      }
      await ctx.act({ kind: 'poke', detail: { n: ticks.get(id) } }, async () => {
        bump(pokes, id);
      });
      // Long enough for a second tick to overlap if the runner let it.
      await new Promise((resolve) => setTimeout(resolve, 150));
      if (mode === 'end') {
        await ctx.alert({ kind: 'delivery-failed', severity: 'error', message: 'the test loop ends' });
        return { summary: 'ended by the test', continue: false };
      }
      return { summary: `tick ${ticks.get(id)}` };
    } finally {
      bump(inFlight, id, -1);
    }
  },
  async stop(ctx) {
    bump(stops, ctx.account.id);
  },
});

const LANE: LaneDef = {
  name: 'test-trading',
  concurrency: 2,
  batchSize: 5,
  pollingIntervalSeconds: 0.5,
  policy: 'short',
};
const runner = new TradingRunner([TEST_LOOP], 'test-trading', () => LANE.name, LANE.name, LANE.name);

describe('trading loop runner', () => {
  let t: BotTestApp;
  let second: BotRuntime;
  let counter = 0;

  beforeAll(async () => {
    t = await startBotTestApp({
      env: { TOYDESK_TRADING_TICK_TIMEOUT_SECONDS: '5' },
      extraKinds: runner.kinds(),
      extraLanes: [LANE],
    });
    // A second worker process on the same database (same queue, same tables).
    second = await startBotRuntime({
      config: t.runtime.config,
      db: t.db,
      vault: t.runtime.vault,
      markets: t.runtime.markets,
      logger: SILENT,
      role: 'worker',
      extraKinds: runner.kinds(),
      extraLanes: [LANE],
      workerName: 'second-worker',
    });
  });
  afterAll(async () => {
    releaseHang();
    await second?.shutdown(2_000);
    await t?.close();
  });

  async function newAccount(options: { on?: boolean; dryRun?: boolean; mode?: Behaviour } = {}) {
    counter += 1;
    // A market account is unique per (market, Steam account): each gets a Steam account of its own.
    const [steam] = await t.db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name) VALUES ($1) RETURNING id`,
      [`runner-${counter}`],
    );
    const [row] = await t.db.query<{ id: number }>(
      `INSERT INTO market_account (market, steam_account, api_key, auto_deliver, dry_run)
       VALUES ('tm', $1, $2, $3, $4) RETURNING id`,
      [steam!.id, t.runtime.vault.encrypt('k'.repeat(32)), options.on ?? true, options.dryRun ?? false],
    );
    if (options.mode) behaviour.set(row!.id, options.mode);
    return row!.id;
  }

  const queuedTicks = async (id: number) =>
    (
      await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${PGBOSS_SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state = 'created'`,
        [LANE.name, runner.tickKey(id, 'deliver')],
      )
    )[0]!.n;
  const aliveTicks = async (id: number) =>
    (
      await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${PGBOSS_SCHEMA}.job
         WHERE name = $1 AND singleton_key = $2 AND state IN ('created', 'retry', 'active')`,
        [LANE.name, runner.tickKey(id, 'deliver')],
      )
    )[0]!.n;
  const row = async (id: number) => (await readLoopRows(t.db, id)).find((r) => r.loop === 'deliver')!;

  it('a switched-on loop ticks on its interval, one queued tick at most; off: no more ticks, stop once', async () => {
    const id = await newAccount();
    expect(await runner.dispatch(t.runtime)).toMatchObject({ started: 1 });
    let mostQueued = 0;
    await eventually(
      async () => {
        mostQueued = Math.max(mostQueued, await queuedTicks(id));
        return ticks.get(id) ?? 0;
      },
      (n) => n >= 3,
    );
    expect(ticks.get(id)).toBeGreaterThanOrEqual(3);
    expect(mostQueued).toBeLessThanOrEqual(1);
    // The chain is alive: the dispatcher starts nothing more.
    expect(await runner.dispatch(t.runtime)).toMatchObject({ started: 0 });
    const state = await row(id);
    expect(state.last_run_at).not.toBeNull();
    expect(state.last_summary).toMatch(/^tick \d+/);
    expect(state.next_run_at).not.toBeNull();
    expect(state.recent_actions[0]).toMatchObject({ kind: 'poke', dry_run: false });
    expect(pokes.get(id)).toBe(state.recent_actions.length);

    await t.db.query('UPDATE market_account SET auto_deliver = false WHERE id = $1', [id]);
    // Both processes notice at once: exactly one of them wins the stop.
    const both = await Promise.all([runner.dispatch(t.runtime), runner.dispatch(second)]);
    expect(both[0].stopped + both[1].stopped).toBe(1);
    await eventually(
      () => stops.get(id) ?? 0,
      (n) => n >= 1,
    );
    await eventually(
      () => aliveTicks(id),
      (n) => n === 0,
    );
    const after = ticks.get(id);
    // Longer than two intervals: a tick that was still due would have run.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await runner.dispatch(t.runtime);
    expect(ticks.get(id)).toBe(after);
    expect(stops.get(id)).toBe(1);
    expect(await aliveTicks(id)).toBe(0);
    expect(await row(id)).toMatchObject({ state: 'stopped', stop_pending: false, next_run_at: null });
  });

  it('a loop with nothing to do ticks less and less often, at once when asked, and at its pace with work again', async () => {
    const id = await newAccount({ mode: 'idle' });
    // The queued next tick: its idle count and how far ahead it was queued (start_after - created_on, both
    // set by the one INSERT).
    const queued = async () =>
      (
        await t.db.query<{ idle: number | null; ahead: number }>(
          `SELECT (data->'params'->>'idle')::int AS idle,
                  round(extract(epoch FROM start_after - created_on))::int AS ahead
           FROM ${PGBOSS_SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state = 'created'`,
          [LANE.name, runner.tickKey(id, 'deliver')],
        )
      )[0];
    await runner.dispatch(t.runtime);
    const seen: { idle: number | null; ahead: number }[] = [];
    for (let round = 1; round <= 3; round += 1) {
      const next = await eventually(queued, (q) => q?.idle === round);
      seen.push(next!);
      // An operator's "run now" wakes the waiting tick at once.
      await runner.runNow(t.runtime, id, 'deliver');
    }
    // Interval 1 s: 2, 4, 8 s after one, two, three idle ticks in a row.
    expect(seen).toEqual([
      { idle: 1, ahead: 2 },
      { idle: 2, ahead: 4 },
      { idle: 3, ahead: 8 },
    ]);
    // Work again: the next tick comes at the loop's interval.
    behaviour.set(id, 'ok');
    await runner.runNow(t.runtime, id, 'deliver');
    expect(await eventually(queued, (q) => q !== undefined && q.idle === null)).toEqual({
      idle: null,
      ahead: 1,
    });
    await t.db.query('UPDATE market_account SET auto_deliver = false WHERE id = $1', [id]);
    await runner.dispatch(t.runtime);
  });

  it("a dry-run loop recording the previous tick's actions again backs off; a wake starts it at once, idle count forgotten", async () => {
    const id = await newAccount({ mode: 'same', dryRun: true });
    const queued = async () =>
      (
        await t.db.query<{ idle: number | null; seen: string | null; ahead: number }>(
          `SELECT (data->'params'->>'idle')::int AS idle, data->'params'->>'seen' AS seen,
                  round(extract(epoch FROM start_after - created_on))::int AS ahead
           FROM ${PGBOSS_SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state = 'created'`,
          [LANE.name, runner.tickKey(id, 'deliver')],
        )
      )[0];
    await runner.dispatch(t.runtime);
    // The first tick's actions are new (no previous tick): the next comes at the interval, with the digest.
    const first = await eventually(queued, (q) => q !== undefined && q.seen !== null);
    expect(first).toMatchObject({ idle: null, ahead: 1 });
    // The same actions again: nothing new, 2 then 4 s ahead.
    const second = await eventually(queued, (q) => q?.idle === 1);
    expect(second).toEqual({ idle: 1, seen: first!.seen, ahead: 2 });
    const third = await eventually(queued, (q) => q?.idle === 2);
    expect(third).toEqual({ idle: 2, seen: first!.seen, ahead: 4 });
    // Dry run: recorded, never done.
    expect(pokes.get(id)).toBeUndefined();
    // The demo's world paused: the waiting tick is held for the hour; a second check moves nothing more.
    expect(await holdQueuedBotJobs(t.db, [LANE.name], 3600)).toBeGreaterThanOrEqual(1);
    const [held] = await t.db.query<{ wait: number }>(
      `SELECT extract(epoch FROM start_after - now())::int AS wait FROM ${PGBOSS_SCHEMA}.job
       WHERE name = $1 AND singleton_key = $2 AND state = 'created'`,
      [LANE.name, runner.tickKey(id, 'deliver')],
    );
    expect(held!.wait).toBeGreaterThan(3500);
    expect(await holdQueuedBotJobs(t.db, [LANE.name], 3600)).toBe(0);
    // The demo's wake (its world resumed): the waiting tick starts now and the back-off starts over.
    expect(await startQueuedBotJobsNow(t.db, [LANE.name])).toBeGreaterThanOrEqual(1);
    const ticked = ticks.get(id)!;
    await eventually(
      () => ticks.get(id) ?? 0,
      (n) => n > ticked,
    );
    // The woken tick started with no idle count: identical again, it counts 1 (not 3).
    expect(await eventually(queued, (q) => q !== undefined && q.idle === 1)).toMatchObject({
      idle: 1,
      ahead: 2,
    });
    await t.db.query('UPDATE market_account SET auto_deliver = false WHERE id = $1', [id]);
    await runner.dispatch(t.runtime);
  });

  it('two processes dispatching and running at once never double a tick', async () => {
    const id = await newAccount();
    let mostQueued = 0;
    for (let round = 0; round < 5; round += 1) {
      await Promise.all([
        runner.dispatch(t.runtime),
        runner.dispatch(second),
        runner.runNow(t.runtime, id, 'deliver'),
        runner.runNow(second, id, 'deliver'),
      ]);
      mostQueued = Math.max(mostQueued, await queuedTicks(id));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await eventually(
      () => ticks.get(id) ?? 0,
      (n) => n >= 4,
    );
    expect(mostQueued).toBeLessThanOrEqual(1);
    expect(maxInFlight.get(id)).toBe(1);
    // Both processes did ticks of the chain.
    const workers = await t.db.query<{ message: string }>(
      `SELECT DISTINCT l.message FROM bot_job_log l JOIN ${PGBOSS_SCHEMA}.job j ON j.id = l.job_id
       WHERE j.name = $1 AND j.singleton_key = $2 AND l.message LIKE 'attempt 1 of%'`,
      [LANE.name, runner.tickKey(id, 'deliver')],
    );
    expect(workers.some((w) => w.message.includes('second-worker'))).toBe(true);
    expect(workers.some((w) => !w.message.includes('second-worker'))).toBe(true);
    await t.db.query('UPDATE market_account SET auto_deliver = false WHERE id = $1', [id]);
    await runner.dispatch(t.runtime);
  });

  it('a tick abandoned in the middle (killed worker) leaves no dead chain: the dispatcher revives it', async () => {
    const id = await newAccount({ mode: 'hang' });
    await runner.dispatch(t.runtime);
    // The hanging attempt runs out of time like a killed worker's, and its lease runs out after it.
    const first = (
      await eventually(
        () => row(id),
        (r) => r.last_job !== null,
      )
    ).last_job!;
    await eventually(
      async () => (await t.runtime.queue.store.get(first))?.job.state,
      (state) => state === 'failed',
    );
    expect((await t.runtime.queue.store.get(first))?.job.state).toBe('failed');
    expect(ticks.get(id) ?? 0).toBe(0);
    await eventually(
      async () => {
        await runner.dispatch(t.runtime);
        return ticks.get(id) ?? 0;
      },
      (n) => n >= 2,
    );
    expect(ticks.get(id)).toBeGreaterThanOrEqual(2);
    await t.db.query('UPDATE market_account SET auto_deliver = false WHERE id = $1', [id]);
    await runner.dispatch(t.runtime);
  });

  it('a crash of PostgreSQL that loses the relaxed commits of a tick only makes that tick run again', async () => {
    // relaxed-commit.ts: what such a crash loses is a tail of the WAL, so the database comes back as it was
    // before the tick's fetch (the job queued, no lease, no next tick). Put it back in that state and see the
    // same tick run again and its chain go on, one queued tick at most.
    const id = await newAccount();
    await runner.dispatch(t.runtime);
    const key = runner.tickKey(id, 'deliver');
    const lost = await eventually(
      () =>
        t.db.transaction(async (tx) => {
          // Only while nothing of the chain runs (between two ticks): the last finished tick and the next.
          const [done] = await tx.query<{ id: string }>(
            `SELECT id::text AS id FROM ${PGBOSS_SCHEMA}.job WHERE name = $1 AND singleton_key = $2
               AND state = 'completed' ORDER BY completed_on DESC LIMIT 1`,
            [LANE.name, key],
          );
          if (!done) return null;
          const next = await tx.query(
            `DELETE FROM ${PGBOSS_SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state = 'created'
               AND NOT EXISTS (SELECT 1 FROM ${PGBOSS_SCHEMA}.job WHERE name = $1 AND singleton_key = $2
                                 AND state = 'active')
             RETURNING 1`,
            [LANE.name, key],
          );
          if (next.length === 0) return null;
          await tx.query(
            `UPDATE ${PGBOSS_SCHEMA}.job SET state = 'created', started_on = NULL, completed_on = NULL,
               output = NULL, start_after = now() WHERE name = $1 AND id = $2::uuid`,
            [LANE.name, done.id],
          );
          await tx.query(
            `UPDATE bot_trading_loop SET running_job = NULL, lease_until = NULL
             WHERE market_account = $1 AND loop = 'deliver'`,
            [id],
          );
          return { job: done.id, ticks: ticks.get(id) ?? 0 };
        }),
      (r) => r !== null,
    );
    t.runtime.queue.wakeLane(LANE.name);
    const again = await eventually(
      async () => (await t.runtime.queue.store.get(lost!.job))?.job,
      (job) => job?.state === 'done',
    );
    expect(again?.state).toBe('done');
    expect(ticks.get(id)).toBeGreaterThan(lost!.ticks);
    expect((await row(id)).last_error).toBeNull();
    await eventually(
      () => aliveTicks(id),
      (n) => n >= 1,
    );
    expect(await queuedTicks(id)).toBeLessThanOrEqual(1);
    await t.db.query('UPDATE market_account SET auto_deliver = false WHERE id = $1', [id]);
    await runner.dispatch(t.runtime);
  });

  it('a paused account stops its loops like a switch turned off, and starts them again when active', async () => {
    const id = await newAccount();
    await runner.dispatch(t.runtime);
    await eventually(
      () => ticks.get(id) ?? 0,
      (n) => n >= 1,
    );
    await t.db.query(`UPDATE market_account SET status = 'paused' WHERE id = $1`, [id]);
    expect(await runner.dispatch(t.runtime)).toMatchObject({ stopped: 1 });
    await eventually(
      () => stops.get(id) ?? 0,
      (n) => n >= 1,
    );
    expect(await row(id)).toMatchObject({ state: 'stopped' });
    // A tick of the old chain that was already running when the stop came may still be finishing (a loaded
    // machine): while it is alive the dispatcher rightly starts no second chain, so wait for it to end.
    await eventually(
      () => aliveTicks(id),
      (n) => n === 0,
    );
    await t.db.query(`UPDATE market_account SET status = 'active' WHERE id = $1`, [id]);
    const before = ticks.get(id)!;
    expect(await runner.dispatch(t.runtime)).toMatchObject({ started: 1 });
    await eventually(
      () => ticks.get(id) ?? 0,
      (n) => n > before,
    );
    expect(ticks.get(id)).toBeGreaterThan(before);
    expect(stops.get(id)).toBe(1);
    await t.db.query('UPDATE market_account SET auto_deliver = false WHERE id = $1', [id]);
    await runner.dispatch(t.runtime);
  });

  it('dry run: ctx.act records the action with dry_run=true and does not act', async () => {
    const id = await newAccount({ on: false, dryRun: true });
    const job = await runner.runNow(t.runtime, id, 'deliver');
    expect((await t.runtime.queue.waitFor(job.id, 30_000))?.state).toBe('done');
    expect(ticks.get(id)).toBe(1);
    expect(pokes.get(id) ?? 0).toBe(0);
    const state = await row(id);
    expect(state.recent_actions).toEqual([
      { at: expect.any(String), kind: 'poke', dry_run: true, detail: { n: 1 } },
    ]);
    // A manual tick with the switch off starts no chain, leaves the loop "off" and calls no stop.
    expect(state.state).toBe('off');
    expect(await runner.dispatch(t.runtime)).toEqual({ started: 0, stopped: 0 });
    expect(await aliveTicks(id)).toBe(0);
    expect(stops.get(id) ?? 0).toBe(0);
  });

  it('a tick that ends the loop turns the switch off (audited), keeps its alert and stops once', async () => {
    const id = await newAccount({ mode: 'end' });
    const job = await runner.runNow(t.runtime, id, 'deliver');
    const done = await t.runtime.queue.waitFor(job.id, 30_000);
    expect(done?.state).toBe('done');
    const [account] = await t.db.query<{ auto_deliver: boolean }>(
      'SELECT auto_deliver FROM market_account WHERE id = $1',
      [id],
    );
    expect(account!.auto_deliver).toBe(false);
    const audit = await t.db.query(
      `SELECT operator, action FROM audit_entry WHERE entity = 'market_account' AND entity_id = $1`,
      [id],
    );
    expect(audit).toEqual([{ operator: 'bot-service', action: 'update' }]);
    const alerts = await t.db.query('SELECT kind FROM bot_alert WHERE market_account = $1', [id]);
    expect(alerts).toEqual([{ kind: 'delivery-failed' }]);
    await eventually(
      () => stops.get(id) ?? 0,
      (n) => n >= 1,
    );
    await runner.dispatch(t.runtime);
    await runner.dispatch(second);
    expect(stops.get(id)).toBe(1);
    expect(ticks.get(id)).toBe(1);
    expect(await aliveTicks(id)).toBe(0);
  });

  it('429 answers three times in a row raise one rate-limited alert; the failed ticks show their error', async () => {
    const id = await newAccount({ mode: '429' });
    await runner.dispatch(t.runtime);
    const alert = await eventually(
      () =>
        t.db.query<{ kind: string; count: number }>(
          'SELECT kind, count FROM bot_alert WHERE market_account = $1',
          [id],
        ),
      (rows) => rows.length > 0,
    );
    expect(alert).toEqual([{ kind: 'rate-limited', count: 1 }]);
    expect(ticks.get(id)).toBeGreaterThanOrEqual(3);
    const state = await row(id);
    expect(state.last_error).toMatch(/429/);
    await t.db.query('UPDATE market_account SET auto_deliver = false WHERE id = $1', [id]);
    await runner.dispatch(t.runtime);
  });

  it('a batch where one tick fails: the others complete with their result and every chain goes on', async () => {
    // The lane takes up to 5 ticks per batch: these three are fetched and finished together (their
    // completions and log lines share statements), each chain queueing its own next tick.
    const ids = [await newAccount(), await newAccount({ mode: 'fail' }), await newAccount()];
    await runner.dispatch(t.runtime);
    await eventually(
      async () => ids.map((id) => ticks.get(id) ?? 0),
      (counts) => counts.every((n) => n >= 3),
    );
    const jobs = await t.db.query<{ key: string; state: string; output: Record<string, unknown> | null }>(
      `SELECT singleton_key AS key, state::text AS state, output FROM ${PGBOSS_SCHEMA}.job
       WHERE name = $1 AND singleton_key = ANY($2::text[]) AND state IN ('completed', 'failed')`,
      [LANE.name, ids.map((id) => runner.tickKey(id, 'deliver'))],
    );
    const [ok1, failing, ok2] = ids.map((id) => jobs.filter((j) => j.key === runner.tickKey(id, 'deliver')));
    for (const done of [ok1!, ok2!]) {
      expect(done.length).toBeGreaterThanOrEqual(2);
      expect(done.every((j) => j.state === 'completed')).toBe(true);
      expect(done.map((j) => (j.output?.result as { summary?: string } | undefined)?.summary)).toContain(
        'tick 1',
      );
    }
    expect(failing!.length).toBeGreaterThanOrEqual(2);
    expect(failing!.every((j) => j.state === 'failed')).toBe(true);
    expect(JSON.stringify(failing![0]!.output)).toContain('the test tick fails');
    for (const id of ids) {
      expect(await aliveTicks(id)).toBeGreaterThanOrEqual(1);
      expect(await queuedTicks(id)).toBeLessThanOrEqual(1);
    }
    expect((await row(ids[1]!)).last_error).toBe('the test tick fails');
    for (const id of ids)
      await t.db.query('UPDATE market_account SET auto_deliver = false WHERE id = $1', [id]);
    await runner.dispatch(t.runtime);
  });

  it('queues a stop again whose job was lost (stop still pending, no stop job)', async () => {
    const id = await newAccount({ on: false });
    await t.db.query(
      `INSERT INTO bot_trading_loop (market_account, loop, state, stop_pending) VALUES ($1, 'deliver', 'stopped', true)`,
      [id],
    );
    await runner.dispatch(t.runtime);
    await eventually(
      () => stops.get(id) ?? 0,
      (n) => n >= 1,
    );
    expect(
      await eventually(
        () => row(id),
        (r) => !r.stop_pending,
      ),
    ).toMatchObject({ stop_pending: false });
    await runner.dispatch(t.runtime);
    await runner.dispatch(second);
    expect(stops.get(id)).toBe(1);
  });

  it('keeps the newest 50 actions, newest first', async () => {
    const id = await newAccount({ on: false });
    for (let n = 1; n <= 55; n += 1) {
      await recordLoopAction(t.db, id, 'deliver', { kind: 'poke', detail: { n } }, false);
    }
    const actions = (await row(id)).recent_actions;
    expect(actions).toHaveLength(RECENT_ACTIONS);
    expect(actions[0]!.detail).toEqual({ n: 55 });
    expect(actions[RECENT_ACTIONS - 1]!.detail).toEqual({ n: 6 });
  });

  it('bot-trading routes: list every loop, run now, bad input 400, unknown account 404', async () => {
    const id = await newAccount({ on: false });
    const list = await t.request<{ results: BotTradingStatus[] }>('GET', '/api-node/trading/', {
      query: { market_account: id },
    });
    expect(list.status, list.text).toBe(200);
    expect(list.body.results.map((r) => r.loop).sort()).toEqual(
      TRADING_RUNNER.loops.map((l) => l.name).sort(),
    );
    expect(list.body.results.find((r) => r.loop === 'keep-online')).toMatchObject({
      market_account: id,
      enabled: false,
      state: 'off',
      recent_actions: [],
    });
    expect((await t.request('GET', '/api-node/trading/', { query: { market_account: 'abc' } })).status).toBe(
      400,
    );
    expect((await t.request('GET', '/api-node/trading/', { token: null })).status).toBe(401);

    const bad = await t.request<Record<string, string[]>>(
      'POST',
      `/api-node/trading/${id}/sell-everything/run`,
    );
    expect(bad.status, bad.text).toBe(400);
    expect(bad.body.loop).toEqual([expect.any(String)]);
    expect((await t.request('POST', '/api-node/trading/999999/keep-online/run')).status).toBe(404);
    expect((await t.request('POST', `/api-node/trading/${id}/keep-online/run`, { token: null })).status).toBe(
      401,
    );

    const run = await t.request<BotJob>('POST', `/api-node/trading/${id}/keep-online/run`);
    expect(run.status, run.text).toBe(202);
    expect(run.body).toMatchObject({
      kind: 'trading.keep-online',
      account: id,
      params: { loop: 'keep-online', manual: true },
    });
    // A second run while the first is still queued moves that one instead of queueing another.
    const again = await t.request<BotJob>('POST', `/api-node/trading/${id}/keep-online/run`);
    expect(again.status).toBe(202);
    const queued = await t.db.query(
      `SELECT 1 FROM ${PGBOSS_SCHEMA}.job WHERE name = 'bots-trading-keep-online' AND singleton_key = $1 AND state = 'created'`,
      [TRADING_RUNNER.tickKey(id, 'keep-online')],
    );
    expect(queued.length).toBeLessThanOrEqual(1);
    for (const job of [run.body, again.body]) {
      expect((await t.runtime.queue.waitFor(job.id, 30_000))?.state).toMatch(/done|failed/);
    }
  });
});
