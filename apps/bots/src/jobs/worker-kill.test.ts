import { randomBytes } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { testDbKind } from '@toydesk/db/testing';
import { killTestDatabase } from '../testing/kill-test-database.ts';
import { killHard, useCleanups, workerProcessEnv } from '../testing/kill-test-stage.ts';
import { EFFECT_TABLE_SQL, TEST_KINDS, TEST_LANE } from '../testing/test-kinds.ts';
import { startWorker } from '../testing/worker-process.ts';

describe('a worker killed with SIGKILL in the middle of a job', () => {
  const cleanups = useCleanups();

  it('loses nothing: another worker runs the job again, and its once-guarded INSERT happens exactly once', async () => {
    const kind = testDbKind();
    // PGlite: a folder that one process at a time opens, as npm start does.
    const kinds = { extraKinds: TEST_KINDS, extraLanes: [TEST_LANE] };
    const database = await killTestDatabase('bots-kill', cleanups, {}, kinds);
    const { connect } = database;

    // Queue the job; PGlite's folder is then handed to the worker processes.
    let api = await connect();
    await api.runtime.db.exec(EFFECT_TABLE_SQL);
    const key = `kill-${randomBytes(4).toString('hex')}`;
    const job = await api.runtime.queue.enqueue('test.once-insert', { key, holdMs: 120_000 });
    expect(job?.state).toBe('queued');
    if (kind === 'pglite') await api.close();

    const env = workerProcessEnv(database, {});
    const first = startWorker(env);
    cleanups.push(async () => void first.child.kill('SIGKILL'));
    // The effect exists, the act is still "waiting for the marketplace's answer": kill the worker now.
    await first.waitFor(new RegExp(`^EFFECT ${key}`), 45_000);
    await killHard(first);

    const second = startWorker({ ...env, TOYDESK_TEST_EXIT_WHEN_DONE: job!.id });
    cleanups.push(async () => void second.child.kill('SIGKILL'));
    const finished = await second.waitFor(/^FINISHED /, 45_000);
    expect(finished).toBe('FINISHED done');
    expect(await second.exited).toBe(0);
    expect(second.output.some((line) => line.startsWith('EFFECT'))).toBe(false);

    if (kind === 'pglite') api = await connect();
    try {
      const found = await api.runtime.queue.store.get(job!.id, { withLogs: true });
      expect(found?.job).toMatchObject({ state: 'done', attempts: 2, error: null });
      const effects = await api.runtime.db.query<{ id: number; attempt: number }>(
        'SELECT id, attempt FROM bot_test_effect WHERE key = $1',
        [key],
      );
      expect(effects).toHaveLength(1);
      expect(effects[0]!.attempt).toBe(1);
      expect(found?.job.result).toEqual({ id: effects[0]!.id });
      const [marker] = await api.runtime.db.query<{ state: string; outcome: string; attempts: number }>(
        'SELECT state, outcome, attempts FROM bot_once WHERE step_key = $1',
        [`test-insert:${key}`],
      );
      // The second attempt asked (check) instead of acting again.
      expect(marker).toEqual({ state: 'done', outcome: 'checked', attempts: 1 });
      const messages = found!.job.logs!.map((l) => `${l.attempt}: ${l.message}`);
      expect(messages.some((m) => m.startsWith('1: attempt 1 of 4 started'))).toBe(true);
      expect(messages.some((m) => m.startsWith('2: attempt 2 of 4 started'))).toBe(true);
    } finally {
      await api.close();
    }
  }, 90_000);
});
