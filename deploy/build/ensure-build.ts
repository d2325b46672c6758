import { cpSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import {
  consoleBuildIsCurrent,
  ensureConsoleBuilt,
  newestChange,
} from '../../apps/web/scripts/ensure-build.ts';
import { withBuildLock } from './build-lock.ts';
import { bundleApps } from './bundle-apps.ts';
import { BUILD_INPUTS, BUILD_STAMP, DIST, ENTRY_POINTS, ROOT, RUNTIME_FILES } from './layout.ts';

type Log = (line: string) => void;

/** The console's build, as the build copies it (`dist/web`). */
const CONSOLE_COPY = RUNTIME_FILES.find((file) => file.to === 'web')!;

/** True when dist/ holds a finished build newer than every input (the console's included). */
export function buildIsCurrent(): boolean {
  if (!existsSync(BUILD_STAMP) || !consoleBuildIsCurrent()) return false;
  const builtAt = statSync(BUILD_STAMP).mtimeMs;
  const inputs = [...BUILD_INPUTS, path.join(ROOT, CONSOLE_COPY.from)];
  return inputs.every((input) => newestChange(input) <= builtAt);
}

export interface BuildOptions {
  log?: Log;
  /**
   * `npm start`: a console that fails to build is reported and left out (the server then redirects / to the
   * login page and the API reference), as before the build step. `npm run build` fails instead.
   */
  consoleOptional?: boolean;
}

async function buildConsole(options: BuildOptions): Promise<void> {
  try {
    await ensureConsoleBuilt(options.log);
  } catch (error) {
    if (!options.consoleOptional) throw error;
    options.log?.(
      `[toydesk] could not build the console: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** Builds dist/ from scratch: the console (when stale), the bundles, the files they read at run time. */
async function buildAll(options: BuildOptions): Promise<void> {
  await buildConsole(options);
  options.log?.('[toydesk] building the processes (dist/)...');
  rmSync(DIST, { recursive: true, force: true });
  mkdirSync(DIST, { recursive: true });
  await bundleApps();
  for (const file of RUNTIME_FILES) {
    const from = path.join(ROOT, file.from);
    if (!existsSync(from)) continue;
    // Timestamps kept: the server serves a precompressed sibling only when it is not older than its file.
    cpSync(from, path.join(DIST, file.to), { recursive: true, preserveTimestamps: true });
  }
  const info = { builtAt: new Date().toISOString(), node: process.version, entryPoints: ENTRY_POINTS };
  writeFileSync(BUILD_STAMP, `${JSON.stringify(info, null, 2)}\n`);
}

/** `npm run build`: builds dist/ whatever its state. */
export function build(options: BuildOptions = {}): Promise<void> {
  return withBuildLock(() => buildAll(options));
}

/**
 * Builds dist/ when it is missing or older than its sources (`npm start`, and the tests that start the built
 * processes). Returns whether it built.
 */
export function ensureBuilt(options: BuildOptions = {}): Promise<boolean> {
  if (buildIsCurrent()) return Promise.resolve(false);
  return withBuildLock(async () => {
    // Another process may have built while this one waited for the lock.
    if (buildIsCurrent()) return false;
    await buildAll(options);
    return true;
  });
}
