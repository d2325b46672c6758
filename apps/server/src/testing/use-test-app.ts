import { afterAll, beforeAll } from 'vitest';

import type { BootOptions } from '../boot.ts';
import { startTestApp, type TestApp } from './test-app.ts';

const MEMBERS = [
  'app',
  'services',
  'generatedAdmin',
  'baseUrl',
  'client',
  'logLines',
  'newClient',
  'close',
] as const satisfies readonly (keyof TestApp)[];
// Every member of TestApp is in MEMBERS: a new one fails the typecheck here until it is added.
const everyMember: Exclude<keyof TestApp, (typeof MEMBERS)[number]> extends never ? true : never = true;
void everyMember;

/**
 * The file's test app: started (startTestApp) before its tests, closed after them. Read its members inside
 * hooks and tests; a beforeAll the file adds after this call sees it started (hooks run in order).
 */
export function useTestApp(
  env: Record<string, string> = {},
  extras: Pick<BootOptions, 'prepare' | 'mounts'> = {},
): TestApp {
  let started: TestApp | undefined;
  const app = (): TestApp => {
    if (!started) throw new Error('useTestApp: the app starts in beforeAll');
    return started;
  };
  beforeAll(async () => {
    started = await startTestApp(env, extras);
  });
  afterAll(async () => started?.close());
  // Each member is read from the started app when a hook or test reads it (before: a clear error).
  const late = {} as TestApp; // filled with a getter per member just below
  for (const key of MEMBERS) Object.defineProperty(late, key, { get: () => app()[key], enumerable: true });
  return late;
}
