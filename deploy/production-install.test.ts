import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { createThrowAwayDatabase, testDbKind, type ThrowAwayDatabase } from '@toydesk/db/testing';

import { bundleApps } from './build/bundle-apps.ts';
import { ensureBuilt } from './build/ensure-build.ts';
import { importedPackages, missingProductionDependencies } from './build/production-imports.ts';
import { ensureTestInstall } from './build/stage-install.ts';
import { readWorkspaces } from './build/workspaces.ts';
import {
  get,
  killAll,
  READY_LINE,
  startProcess,
  startUnit,
  stop,
  type Started,
} from './testing/unit-processes.ts';

afterEach(killAll);

describe('the bundles import only production dependencies', () => {
  it('every npm package a bundled file imports is in its workspace`s dependencies', async () => {
    const metafile = await bundleApps({ outdir: path.join(tmpdir(), 'toydesk-bundle-check'), write: false });
    expect(importedPackages(metafile)).toEqual(expect.arrayContaining(['fastify', 'pg', 'pg-boss']));
    expect(missingProductionDependencies(metafile)).toEqual([]);
    // A package only in devDependencies (absent after npm ci --omit=dev) is reported with the file using it.
    const workspaces = readWorkspaces().map((workspace) =>
      workspace.name === '@toydesk/bots'
        ? {
            ...workspace,
            dependencies: new Set([...workspace.dependencies].filter((name) => name !== 'pg-boss')),
          }
        : workspace,
    );
    expect(missingProductionDependencies(metafile, workspaces)).toContainEqual(
      expect.objectContaining({ workspace: '@toydesk/bots', imports: 'pg-boss' }),
    );
  });
});

/** Waits for a started process's ready line, then for /readyz 200 from it. */
async function expectReady(started: Started): Promise<string> {
  const origin = await started.origin;
  const ready = await get(`${origin}/readyz`);
  expect({ process: started.name, status: ready.status, body: ready.body }).toMatchObject({ status: 200 });
  return origin;
}

async function expectCleanStop(started: Started): Promise<void> {
  const stopped = await stop(started);
  expect({ process: started.name, code: stopped.code, signal: stopped.signal }).toEqual({
    process: started.name,
    code: 0,
    signal: null,
  });
}

// A host's install: the build and the manifests copied to a new folder, `npm ci --omit=dev`, and each process
// started there with plain node (no tsx, vite or TypeScript; no source of the workspaces).
describe('an npm ci --omit=dev install of the build', () => {
  let install = '';
  let dataDir = '';
  let database: ThrowAwayDatabase | undefined;

  beforeAll(async () => {
    await ensureBuilt();
    install = await ensureTestInstall();
    dataDir = mkdtempSync(path.join(tmpdir(), 'toydesk-install-data-'));
  }, 300_000);
  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(async () => {
    await killAll();
    await database?.drop();
    database = undefined;
  });

  it('holds no dev tool and no workspace source', () => {
    // (typescript stays: the console's i18next names it as an optional peer.)
    for (const tool of ['tsx', 'vite', 'vitest', 'esbuild']) {
      expect({ tool, installed: existsSync(path.join(install, 'node_modules', tool)) }).toEqual({
        tool,
        installed: false,
      });
    }
    expect(readdirSync(path.join(install, 'apps', 'server'))).toEqual(['package.json']);
  });

  it.skipIf(testDbKind() !== 'postgres')(
    'runs the systemd units (server, bot services, worker) on PostgreSQL',
    { timeout: 120_000 },
    async () => {
      database = await createThrowAwayDatabase({ prefix: 'toydesk_install' });
      const env = {
        DATABASE_URL: database.url,
        TOYDESK_SECRET_KEY: randomBytes(32).toString('hex'),
        HOST: '127.0.0.1',
        PORT: '0',
        TOYDESK_WORKER_PORT: '0',
        TOYDESK_LOG_LEVEL: 'warn',
      };
      const processes = (['toydesk-server', 'toydesk-bots', 'toydesk-worker@'] as const).map((unit) =>
        startUnit(unit, env, install),
      );
      const [server] = await Promise.all(processes.map(expectReady));
      // The console (dist/web) and the API reference (swagger-ui-dist, found at run time) are served.
      const page = await get(`${server}/api/docs/`);
      expect(page.status).toBe(200);
      const script = readdirSync(path.join(install, 'dist', 'web', 'assets')).find((file) =>
        file.endsWith('.js'),
      );
      expect((await get(`${server}/assets/${script}`)).status).toBe(200);
      for (const started of processes) await expectCleanStop(started);
    },
  );

  it.skipIf(testDbKind() !== 'pglite')(
    "runs npm start's launcher (dist/demo.js: demo data and simulators on PGlite)",
    { timeout: 300_000 },
    async () => {
      const demo = startProcess('demo', ['--enable-source-maps', 'dist/demo.js'], {
        cwd: install,
        env: {
          TOYDESK_DATA_DIR: dataDir,
          HOST: '127.0.0.1',
          PORT: '0',
          TOYDESK_LOG_LEVEL: 'warn',
        },
        ready: READY_LINE.demo,
      });
      const origin = await expectReady(demo);
      expect(demo.output.join('')).toMatch(/demo data loaded/);
      // The bot services run in the process: their routes answer (401 without the app token), not 404.
      expect((await get(`${origin}/api-node/jobs/`)).status).toBe(401);
      await expectCleanStop(demo);
    },
  );
});
