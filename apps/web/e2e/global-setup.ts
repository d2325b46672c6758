import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { TestProject } from 'vitest/node';

import { boot } from '../../server/src/boot.ts';
import { loadConfig } from '../../server/src/config.ts';
import { ensureConsoleBuilt } from '../scripts/ensure-build.ts';
import { CHROMIUM, E2E_ADMIN } from './e2e-constants.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The booted server's origin (http://127.0.0.1:<port>), '' when Chromium is missing. */
    e2eBaseUrl: string;
    /** The operator the server was booted with. */
    e2eAdmin: { username: string; password: string };
  }
}

/**
 * The web-e2e project's global setup: one server with demo data (PGlite in a temporary folder, the demo
 * simulators, the embedded bot services) serving the current console build, booted once for every
 * e2e file. Files run one after another against it, so a file must not rely on data another file changes.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM)) {
    // The files skip themselves; booting a server nobody drives would only cost time.
    project.provide('e2eBaseUrl', '');
    project.provide('e2eAdmin', E2E_ADMIN);
    return async () => undefined;
  }
  await ensureConsoleBuilt((line) => process.stdout.write(`${line}\n`));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'toydesk-e2e-'));
  const config = loadConfig({
    TOYDESK_DEMO: '1',
    TOYDESK_DATA_DIR: dataDir,
    TOYDESK_ADMIN_USER: E2E_ADMIN.username,
    TOYDESK_ADMIN_PASSWORD: E2E_ADMIN.password,
    TOYDESK_LOG_LEVEL: 'warn',
  });
  const booted = await boot(config);
  await booted.app.listen({ port: 0, host: '127.0.0.1' });
  const address = booted.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('the e2e server has no address');
  project.provide('e2eBaseUrl', `http://127.0.0.1:${address.port}`);
  project.provide('e2eAdmin', E2E_ADMIN);
  return async () => {
    await booted.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
