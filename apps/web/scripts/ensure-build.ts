import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The console's folder and its built page. */
export const WEB_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const WEB_INDEX = path.join(WEB_ROOT, 'dist', 'index.html');

/** What the build is made from: the console's sources and config, and the contract it bundles. */
const BUILD_INPUTS = [
  path.join(WEB_ROOT, 'src'),
  path.join(WEB_ROOT, 'index.html'),
  path.join(WEB_ROOT, 'vite.config.ts'),
  path.join(WEB_ROOT, 'scripts'),
  path.join(WEB_ROOT, 'package.json'),
  path.join(WEB_ROOT, '..', '..', 'packages', 'contract', 'src'),
];

/** The newest modification time of a file or of anything in a folder (0 when it does not exist). */
export function newestChange(target: string): number {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

/** True when dist/index.html exists and no input changed after it was built. */
export function consoleBuildIsCurrent(): boolean {
  if (!existsSync(WEB_INDEX)) return false;
  const builtAt = statSync(WEB_INDEX).mtimeMs;
  return BUILD_INPUTS.every((input) => newestChange(input) <= builtAt);
}

/**
 * Builds the console (vite build) when apps/web/dist is missing or older than its sources. `npm start`
 * runs this first, so a fresh clone serves the console; the browser test calls it too. Returns whether
 * it built.
 */
export async function ensureConsoleBuilt(log: (line: string) => void = () => undefined): Promise<boolean> {
  if (consoleBuildIsCurrent()) return false;
  log('[toydesk] building the console (apps/web/dist)...');
  const { build } = await import('vite');
  // Vite builds for whatever NODE_ENV says when it is set, and Vitest sets it to 'test': a build started
  // from the browser tests then bundled React's development build (twice the size, several times slower).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: WEB_ROOT, configFile: path.join(WEB_ROOT, 'vite.config.ts'), logLevel: 'warn' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    await ensureConsoleBuilt((line) => process.stdout.write(`${line}\n`));
  } catch (error) {
    // The server still starts: without a build it redirects / to the login page and the API reference.
    process.stderr.write(
      `[toydesk] could not build the console: ${error instanceof Error ? error.message : String(error)}\n`,
    );
  }
}
