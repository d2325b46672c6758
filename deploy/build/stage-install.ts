import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import { withBuildLock } from './build-lock.ts';
import { BUILD_STAMP, DIST, ROOT } from './layout.ts';
import { readWorkspaces } from './workspaces.ts';

/**
 * What a host needs from a checkout besides `npm ci --omit=dev`: the build and the manifests npm installs
 * from (every workspace's package.json, since the lock file names them; no source).
 */
export function installFiles(): string[] {
  const manifests = readWorkspaces().map((workspace) => `${workspace.dir}/package.json`);
  return ['dist', 'package.json', 'package-lock.json', '.npmrc', ...manifests].filter((file) =>
    existsSync(path.join(ROOT, file)),
  );
}

/** Copies installFiles() into target, as an operator copies them to /opt/toydesk. */
export function stageInstall(target: string): void {
  if (!existsSync(DIST)) throw new Error('no build: run npm run build first');
  for (const file of installFiles()) {
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(target, file), { recursive: true, preserveTimestamps: true });
  }
}

/**
 * `npm ci --omit=dev` in an install folder, from npm's cache where it can (after `npm install` in the checkout
 * the cache holds every package). Install scripts are skipped: no production dependency needs one.
 */
export async function installProductionDependencies(target: string): Promise<void> {
  // npm's own variables of an `npm test` around this call (npm_config_*, the workspace it runs in) would
  // reach the inner npm: it gets the environment without them.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  await promisify(execFile)(
    'npm',
    ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'],
    { cwd: target, env, maxBuffer: 16 * 1024 * 1024 },
  );
}

/** Where the tests keep one install of the current build (both database projects start processes from it). */
const TEST_INSTALL = path.join(ROOT, 'node_modules', '.cache', 'toydesk-install');

/** What an install was made from: the build's time and the lock file's content. */
function installKey(): string {
  const lock = createHash('sha256')
    .update(readFileSync(path.join(ROOT, 'package-lock.json')))
    .digest('hex');
  return `${statSync(BUILD_STAMP).mtimeMs} ${lock}\n`;
}

/**
 * An install folder of the current build (stageInstall, then npm ci --omit=dev), made once per build and
 * lock file and reused: npm ci takes 20 s alone and over a minute beside the other tests. Processes started
 * from it must write elsewhere (TOYDESK_DATA_DIR).
 */
export function ensureTestInstall(): Promise<string> {
  return withBuildLock(async () => {
    const keyFile = path.join(TEST_INSTALL, '.install-key');
    const key = installKey();
    if (existsSync(keyFile) && readFileSync(keyFile, 'utf8') === key) return TEST_INSTALL;
    rmSync(TEST_INSTALL, { recursive: true, force: true });
    stageInstall(TEST_INSTALL);
    await installProductionDependencies(TEST_INSTALL);
    writeFileSync(keyFile, key);
    return TEST_INSTALL;
  });
}
