import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { loadBotConfig, type BotConfig } from '../config.ts';
import { type Database, openPgliteDatabase, openPostgresDatabase } from '@toydesk/db';
import { openStandalone } from '../standalone.ts';
import { SILENT, TEST_ENV } from './bot-test-app.ts';
import { createThrowAwayDatabase, testDbKind } from '@toydesk/db/testing';

export interface KillTestDatabase {
  /** What a worker process opens (`TOYDESK_TEST_WORKER_DB` of testing/worker-process.ts). */
  target: string;
  secretKey: string;
  config: BotConfig;
  open(): Promise<Database>;
  /** The bot services without workers, on this database (the test's own view of it). */
  connect(): ReturnType<typeof openStandalone>;
}

/**
 * A database that worker processes and the test share: a PGlite folder (embedded mode: one process at a
 * time opens it, so the test closes its own connection while a worker runs) or a fresh PostgreSQL database.
 * `cleanups` gets what removes it; `connect` opens the bot services with the test's own job kinds, if any.
 */
export async function killTestDatabase(
  prefix: string,
  cleanups: (() => Promise<void>)[],
  env: Record<string, string> = {},
  kinds: Pick<NonNullable<Parameters<typeof openStandalone>[3]>, 'extraKinds' | 'extraLanes'> = {},
): Promise<KillTestDatabase> {
  const secretKey = randomBytes(32).toString('hex');
  let target: string;
  let open: () => Promise<Database>;
  if (testDbKind() === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), `toydesk-${prefix}-`));
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
    ...env,
    TOYDESK_SECRET_KEY: secretKey,
    TOYDESK_DATA_DIR: '/tmp/unused',
  });
  return {
    target,
    secretKey,
    config,
    open,
    connect: async () => openStandalone(config, 'api', SILENT, { ...kinds, db: await open() }),
  };
}
