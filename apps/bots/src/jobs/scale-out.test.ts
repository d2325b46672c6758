import { describe, expect, it } from 'vitest';

import { openStandalone } from '../standalone.ts';
import { SILENT } from '../testing/bot-test-app.ts';
import { testDbKind } from '@toydesk/db/testing';
import { killTestDatabase, type KillTestDatabase } from '../testing/kill-test-database.ts';
import { useCleanups } from '../testing/kill-test-stage.ts';
import { TEST_KINDS, TEST_LANE } from '../testing/test-kinds.ts';
import { startMarketSim } from '../testing/market-sim.ts';

/** Several workers on one PostgreSQL (as several `npm run start:worker`) share the queue: each job runs once. */
describe.skipIf(testDbKind() !== 'postgres')('workers scale out on PostgreSQL', () => {
  const cleanups = useCleanups();

  /** One worker process's runtime (as `npm run start:worker`), with its own connections to the database. */
  const opener =
    (database: KillTestDatabase, options: Parameters<typeof openStandalone>[3] = {}) =>
    async (name: string) => {
      const opened = await openStandalone(database.config, 'worker', SILENT, {
        ...options,
        workerName: name,
        db: await database.open(),
      });
      cleanups.push(opened.close);
      return opened.runtime;
    };

  it('three workers with their own connections share 60 jobs, each job done exactly once', async () => {
    const database = await killTestDatabase('scale-out', cleanups);
    const open = opener(database, { extraKinds: TEST_KINDS, extraLanes: [{ ...TEST_LANE, batchSize: 2 }] });
    const workers = [await open('worker-a'), await open('worker-b'), await open('worker-c')];
    const ids = await workers[0]!.queue.enqueueMany(
      'test.echo',
      Array.from({ length: 60 }, (_, i) => ({ value: i, sleepMs: 50 })),
    );
    for (const id of ids) expect((await workers[0]!.queue.waitFor(id, 30_000))?.state).toBe('done');

    const rows = await workers[0]!.db.query<{ message: string; attempt: number }>(
      `SELECT message, attempt FROM bot_job_log WHERE job_id = ANY($1::uuid[]) AND message LIKE 'attempt %'`,
      [ids],
    );
    expect(rows).toHaveLength(60);
    expect(rows.every((r) => r.attempt === 1)).toBe(true);
    const byWorker = new Map<string, number>();
    for (const row of rows) {
      const name = /\((.+)\)$/.exec(row.message)![1]!;
      byWorker.set(name, (byWorker.get(name) ?? 0) + 1);
    }
    expect([...byWorker.keys()].sort()).toEqual(['worker-a', 'worker-b', 'worker-c']);
    expect([...byWorker.values()].reduce((a, b) => a + b, 0)).toBe(60);
  });

  it("two workers calling tm with one key stay within tm's 5 requests per second together", async () => {
    const sim = await startMarketSim();
    cleanups.push(() => sim.close());
    // One job per fetch, so that both processes get some.
    const database = await killTestDatabase('scale-out', cleanups, {
      ...sim.env,
      TOYDESK_JOBS_BATCH_SIZE: '1',
    });
    const open = opener(database);
    const [a, b] = [await open('worker-a'), await open('worker-b')];
    await a.db.query(`INSERT INTO market (code, name) VALUES ('tm', 'tm') ON CONFLICT DO NOTHING`);
    const [steam] = await a.db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name) VALUES ('rl') RETURNING id`,
    );
    const key = await sim.account('tm');
    for (const name of sim.names(101))
      await sim.v2('tm', 'set-order', { key, market_hash_name: name, count: 1, price: 100 });
    await a.db.query(`INSERT INTO market_account (market, steam_account, api_key) VALUES ('tm', $1, $2)`, [
      steam!.id,
      a.vault.encrypt(key),
    ]);
    // From here on the simulator holds tm's real limit again, and deletes the key of anyone who goes over it.
    await sim.control('tm', 'POST', 'config', { rateLimitMax: 5 });

    const started = performance.now();
    const ids = await a.queue.enqueueMany(
      'orders.active',
      Array.from({ length: 8 }, () => ({ market: 'tm' })),
    );
    const jobs = await Promise.all(ids.map((id) => b.queue.waitFor(id, 30_000)));
    const seconds = (performance.now() - started) / 1000;
    expect(jobs.map((j) => j?.state)).toEqual(Array(8).fill('done'));
    // 8 loops of 2 pages: 16 calls at 5 per second (plus the limiter's margin) take three seconds at least.
    expect(seconds).toBeGreaterThan(2.5);
    const runners = await a.db.query<{ message: string }>(
      `SELECT DISTINCT substring(message from '\\((worker-[ab])\\)') AS message FROM bot_job_log
       WHERE job_id = ANY($1::uuid[]) AND message LIKE 'attempt %'`,
      [ids],
    );
    expect(runners.map((r) => r.message).sort()).toEqual(['worker-a', 'worker-b']);
    const stats = await sim.control<{ keys?: Record<string, { deleted?: boolean }> }>('tm', 'GET', 'stats');
    expect(JSON.stringify(stats)).not.toMatch(/"keyDeleted":true/);
  });
});
