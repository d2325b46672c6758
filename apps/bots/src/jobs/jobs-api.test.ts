import type { BotJob } from '@toydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startBotTestApp, type BotTestApp } from '../testing/bot-test-app.ts';
import { EFFECT_TABLE_SQL, TEST_KINDS, TEST_LANE } from '../testing/test-kinds.ts';
import { OnceBusyError, runOnce } from './once.ts';

interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

describe('jobs: queue, states, attempts, logs and the jobs API', () => {
  let t: BotTestApp;
  beforeAll(async () => {
    t = await startBotTestApp({ extraKinds: TEST_KINDS, extraLanes: [TEST_LANE] });
    await t.db.exec(EFFECT_TABLE_SQL);
  });
  afterAll(() => t?.close());

  const run = async (params: Record<string, unknown>) => {
    const job = await t.runtime.queue.enqueue('test.echo', params);
    // A local worker is woken at once: the job may already be running when enqueue reads it back.
    expect(job).toMatchObject({ kind: 'test.echo', result: null, error: null });
    expect(['queued', 'running']).toContain(job!.state);
    return (await t.runtime.queue.waitFor(job!.id, 20_000))!;
  };

  it('runs a job: done, one attempt, its result and its own log lines at /api-node/jobs/{id}/', async () => {
    const done = await run({ value: { a: 1 }, account: 7 });
    expect(done).toMatchObject({
      state: 'done',
      attempts: 1,
      max_attempts: 3,
      account: 7,
      result: { value: { a: 1 }, attempt: 1 },
    });
    const detail = await t.request<BotJob>('GET', `/api-node/jobs/${done.id}/`);
    expect(detail.status).toBe(200);
    expect(detail.body.logs!.map((l) => l.message)).toEqual([
      expect.stringMatching(/^attempt 1 of 3 started/),
      'echo {"a":1}',
      expect.stringMatching(/^done in \d+ ms$/),
    ]);
    expect(detail.body.finished_at).not.toBeNull();
  });

  it('retries a transient failure and records each attempt', async () => {
    const done = await run({ fail: 'transient', failTimes: 1 });
    expect(done).toMatchObject({ state: 'done', attempts: 2, result: { attempt: 2 } });
    const detail = await t.request<BotJob>('GET', `/api-node/jobs/${done.id}/`);
    const lines = detail.body.logs!.map((l) => `${l.attempt} ${l.level} ${l.message}`);
    expect(lines.some((l) => /^1 error failed after \d+ ms: transient failure on attempt 1$/.test(l))).toBe(
      true,
    );
    expect(lines.some((l) => l.startsWith('2 info attempt 2 of 3 started'))).toBe(true);
  });

  it('fails for good after the last attempt, with the error', async () => {
    const failed = await run({ fail: 'transient', failTimes: 5 });
    expect(failed).toMatchObject({
      state: 'failed',
      attempts: 3,
      error: { message: 'transient failure on attempt 3', retryable: true },
    });
  });

  it('does not retry a permanent failure, and still says it had 3 attempts (1 of 3, as its log does)', async () => {
    const failed = await run({ fail: 'permanent' });
    expect(failed).toMatchObject({
      state: 'failed',
      attempts: 1,
      max_attempts: 3,
      error: { message: 'refused for good', name: 'PermanentJobError', retryable: false, reason: 'test' },
    });
  });

  it('lists jobs newest first with state, kind and account filters and DRF pages', async () => {
    const all = await t.request<Page<BotJob>>('GET', '/api-node/jobs/', { query: { kind: 'test.echo' } });
    expect(all.status).toBe(200);
    expect(all.body.count).toBeGreaterThanOrEqual(4);
    const times = all.body.results.map((j) => j.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    const failed = await t.request<Page<BotJob>>('GET', '/api-node/jobs/', { query: { state: 'failed' } });
    expect(failed.body.results.every((j) => j.state === 'failed')).toBe(true);
    expect(failed.body.count).toBe(2);

    const both = await t.request<Page<BotJob>>('GET', '/api-node/jobs/', {
      query: { state: ['failed', 'done'], kind: 'test.echo' },
    });
    expect(both.body.count).toBe(all.body.count);

    // The routine kinds' done jobs left out; their failures stay.
    const quiet = await t.request<Page<BotJob>>('GET', '/api-node/jobs/', {
      query: { kind: 'test.echo', hide_done_kind: 'test.echo' },
    });
    expect(quiet.body.results.length).toBeGreaterThan(0);
    expect(quiet.body.results.every((j) => j.state !== 'done')).toBe(true);
    expect(quiet.body.count).toBe(all.body.results.filter((j) => j.state !== 'done').length);

    const mine = await t.request<Page<BotJob>>('GET', '/api-node/jobs/', { query: { account: 7 } });
    expect(mine.body.results.map((j) => j.account)).toEqual([7]);

    const first = await t.request<Page<BotJob>>('GET', '/api-node/jobs/', {
      query: { kind: 'test.echo', page_size: 1 },
    });
    expect(first.body.results).toHaveLength(1);
    expect(first.body.next).toMatch(/[?&]page=2/);
    expect(first.body.previous).toBeNull();
    const second = await t.request<Page<BotJob>>(
      'GET',
      new URL(first.body.next!).pathname + new URL(first.body.next!).search,
    );
    expect(second.body.results[0]!.id).not.toBe(first.body.results[0]!.id);
    expect(second.body.previous).not.toBeNull();

    expect((await t.request('GET', '/api-node/jobs/', { query: { page: 999 } })).status).toBe(404);
    expect((await t.request('GET', '/api-node/jobs/', { query: { state: 'sleeping' } })).status).toBe(400);
  });

  it('answers 404 for an unknown or malformed job id', async () => {
    expect((await t.request('GET', '/api-node/jobs/00000000-0000-0000-0000-000000000000/')).status).toBe(404);
    expect((await t.request('GET', '/api-node/jobs/not-a-uuid/')).status).toBe(404);
  });

  it("writes a job's end line after its end: the line is what the console's live stream announces", async () => {
    // Records, for every log line, the job's state that the line's own statement saw.
    await t.db.exec(`
      CREATE TABLE test_line_state (message text, state text);
      CREATE FUNCTION test_line_state() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        INSERT INTO test_line_state
          SELECT NEW.message, (SELECT state::text FROM pgboss.job WHERE id = NEW.job_id);
        RETURN NULL;
      END $fn$;
      CREATE TRIGGER test_line_state AFTER INSERT ON bot_job_log FOR EACH ROW EXECUTE FUNCTION test_line_state();`);
    try {
      const job = await t.runtime.queue.enqueue('test.echo', { value: 'slow', sleepMs: 300 });
      for (let i = 0; i < 200 && (await t.runtime.queue.store.get(job!.id))?.job.state !== 'running'; i++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      // The job's row is held while the attempt ends (on PostgreSQL its completion waits for it; PGlite's
      // one connection serialises everything): a line written beside the completion would see "active".
      await t.db.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM pgboss.job WHERE id = $1::uuid FOR UPDATE', [job!.id]);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      });
      expect((await t.runtime.queue.waitFor(job!.id, 20_000))?.state).toBe('done');
      // The line follows the completion, so it may land just after the job reads as done.
      await expect
        .poll(
          () =>
            t.db.query<{ message: string; state: string }>(
              "SELECT message, state FROM test_line_state WHERE message LIKE 'done in %'",
            ),
          { timeout: 10_000 },
        )
        .toEqual([{ message: expect.stringMatching(/^done in/), state: 'completed' }]);

      const later = await t.runtime.queue.enqueue('test.echo', { value: 'x' }, { startAfterSeconds: 3600 });
      await t.request('POST', `/api-node/jobs/${later!.id}/cancel/`);
      await expect
        .poll(
          () =>
            t.db.query<{ message: string; state: string }>(
              "SELECT message, state FROM test_line_state WHERE message = 'cancelled'",
            ),
          { timeout: 10_000 },
        )
        .toEqual([{ message: 'cancelled', state: 'cancelled' }]);
    } finally {
      await t.db.exec(`DROP TRIGGER test_line_state ON bot_job_log; DROP FUNCTION test_line_state();
        DROP TABLE test_line_state;`);
    }
  });

  it('cancels a queued job', async () => {
    const job = await t.runtime.queue.enqueue('test.echo', { value: 'later' }, { startAfterSeconds: 3600 });
    const cancelled = await t.request<BotJob>('POST', `/api-node/jobs/${job!.id}/cancel/`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: job!.id, state: 'cancelled' });
    expect(cancelled.body.finished_at).not.toBeNull();
  });

  it('once: acts once, returns the recorded result after, checks before acting again after a failed act', async () => {
    const owner = (attempt: number) => ({
      jobId: '11111111-1111-1111-1111-111111111111',
      attempt,
      leaseSeconds: 60,
    });
    let acted = 0;
    const act = async () => ({ n: (acted += 1) });
    expect(await runOnce(t.db, owner(1), 'unit:a', async () => null, act)).toEqual({ n: 1 });
    expect(await runOnce(t.db, owner(2), 'unit:a', async () => null, act)).toEqual({ n: 1 });
    expect(acted).toBe(1);

    // The act fails (an unclear answer): the next attempt asks first, and the effect turns out to exist.
    await expect(
      runOnce(
        t.db,
        owner(1),
        'unit:b',
        async () => null,
        async () => Promise.reject(new Error('timeout')),
      ),
    ).rejects.toThrow('timeout');
    let checked = 0;
    const found = await runOnce(t.db, owner(2), 'unit:b', async () => ({ n: (checked += 1) * 10 }), act);
    expect(found).toEqual({ n: 10 });
    expect(acted).toBe(1);
    const [marker] = await t.db.query('SELECT state, outcome FROM bot_once WHERE step_key = $1', ['unit:b']);
    expect(marker).toEqual({ state: 'done', outcome: 'checked' });
  });

  it('once: another attempt holding the lease makes a concurrent one wait (busy), never act twice', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let acted = 0;
    const holder = runOnce(
      t.db,
      { jobId: '22222222-2222-2222-2222-222222222222', attempt: 1, leaseSeconds: 60 },
      'unit:c',
      async () => null,
      async () => {
        acted += 1;
        await gate;
        return 'done';
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(
      runOnce(
        t.db,
        { jobId: '33333333-3333-3333-3333-333333333333', attempt: 1, leaseSeconds: 60 },
        'unit:c',
        async () => null,
        async () => {
          acted += 1;
          return 'twice';
        },
      ),
    ).rejects.toBeInstanceOf(OnceBusyError);
    release();
    expect(await holder).toBe('done');
    expect(acted).toBe(1);
  });
});
