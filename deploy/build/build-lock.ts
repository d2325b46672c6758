import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { ROOT } from './layout.ts';

/** Beside the installed packages: every checkout has one, and it is never committed. */
const LOCK_FILE = path.join(ROOT, 'node_modules', '.cache', 'toydesk-build.lock');

function holderIsAlive(): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(LOCK_FILE, 'utf8'));
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs `work` while no other process of this checkout builds: Vitest's workers (and an `npm start` beside
 * them) each ask for a current build, and two builds writing dist/ at once would mix their files. A lock
 * left by a killed process (its pid gone) is taken over.
 */
export async function withBuildLock<T>(work: () => Promise<T>): Promise<T> {
  mkdirSync(path.dirname(LOCK_FILE), { recursive: true });
  for (;;) {
    try {
      writeFileSync(LOCK_FILE, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!holderIsAlive()) rmSync(LOCK_FILE, { force: true });
      else await sleep(250);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(LOCK_FILE, { force: true });
  }
}
