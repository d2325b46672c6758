import { afterAll, beforeAll } from 'vitest';

import type { BootOptions } from '../boot.ts';
import { startTestApp, type TestApp } from './test-app.ts';

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
  return {
    get app() {
      return app().app;
    },
    get services() {
      return app().services;
    },
    get generatedAdmin() {
      return app().generatedAdmin;
    },
    get baseUrl() {
      return app().baseUrl;
    },
    get client() {
      return app().client;
    },
    get logLines() {
      return app().logLines;
    },
    newClient: () => app().newClient(),
    close: () => app().close(),
  };
}
