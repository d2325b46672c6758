import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { loadBotConfig } from '../config.ts';
import { type Database, openPgliteDatabase, openPostgresDatabase } from '@toydesk/db';
import { openStandalone } from '../standalone.ts';
import { SILENT, TEST_ENV } from '../testing/bot-test-app.ts';
import { createThrowAwayDatabase, testDbKind } from '@toydesk/db/testing';
import { EFFECT_TABLE_SQL, TEST_KINDS, TEST_LANE } from '../testing/test-kinds.ts';
import { startWorker } from '../testing/worker-process.ts';

describe('a worker killed with SIGKILL in the middle of a job', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('loses nothing: another worker runs the job again, and its once-guarded INSERT happens exactly once', async () => {
    const secretKey = randomBytes(32).toString('hex');
    const kind = testDbKind();
    let target: string;
    let open: () => Promise<Database>;
    if (kind === 'pglite') {
      // Embedded mode: the database is a folder that one process at a time opens, as npm start does.
      const dir = mkdtempSync(path.join(tmpdir(), 'toydesk-bots-kill-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      target = `pglite:${dir}`;
      open = () => openPgliteDatabase(dir);
    } else {
      const created = await createThrowAwayDatabase({ prefix: 'toydesk_bots_test' });
      cleanups.push(created.drop);
      target = `postgres:${created.url}`;
      open = () => openPostgresDatabase(created.url, 4);
    }
    const config = loadBotConfig({
      ...TEST_ENV,
      TOYDESK_SECRET_KEY: secretKey,
      TOYDESK_DATA_DIR: '/tmp/unused',
    });
    const connect = async () =>
      openStandalone(config, 'api', SILENT, {
        db: await open(),
        extraKinds: TEST_KINDS,
        extraLanes: [TEST_LANE],
      });

    // Queue the job; PGlite's folder is then handed to the worker processes.
    let api = await connect();
    await api.runtime.db.exec(EFFECT_TABLE_SQL);
    const key = `kill-${randomBytes(4).toString('hex')}`;
    const job = await api.runtime.queue.enqueue('test.once-insert', { key, holdMs: 120_000 });
    expect(job?.state).toBe('queued');
    if (kind === 'pglite') await api.close();

    const env = { TOYDESK_TEST_WORKER_DB: target, TOYDESK_SECRET_KEY: secretKey };
    const first = startWorker(env);
    cleanups.push(async () => void first.child.kill('SIGKILL'));
    // The effect exists, the act is still "waiting for the marketplace's answer": kill the worker now.
    await first.waitFor(new RegExp(`^EFFECT ${key}`), 45_000);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe(null);

    const second = startWorker({ ...env, TOYDESK_TEST_EXIT_WHEN_DONE: job!.id });
    cleanups.push(async () => void second.child.kill('SIGKILL'));
    const finished = await second.waitFor(/^FINISHED /, 45_000);
    expect(finished).toBe('FINISHED done');
    expect(await second.exited).toBe(0);
    expect(second.output.some((line) => line.startsWith('EFFECT'))).toBe(false);

    if (kind === 'pglite') api = await connect();
    try {
      const found = await api.runtime.queue.store.get(job!.id, true);
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
