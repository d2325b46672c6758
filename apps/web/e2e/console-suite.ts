import { afterAll, beforeAll, describe } from 'vitest';

import {
  apiRequest,
  hasChromium,
  openConsole,
  type ConsoleSession,
  type OpenConsoleOptions,
} from './harness.ts';

/**
 * The logged-in console of the suite running now (an ES live binding: each test file has its own), set
 * before the suite's own beforeAll hooks run and closed after its own afterAll hooks.
 */
export let session: ConsoleSession;

export interface ConsoleSuiteOptions extends OpenConsoleOptions {
  /** The console's language, chosen as an operator does (saved, then the page reloaded); default Russian. */
  uiLang?: 'ru' | 'en';
}

/**
 * A test file's suite in one Chromium logged in to the shared demo server (README.md), skipped where there
 * is no Chromium. The console opens in a hook registered before the suite's own and closes in one that
 * runs after theirs (the web-e2e project runs after-hooks in reverse order, `sequence.hooks: 'stack'`), so
 * the suite's set-up and clean-up both have `session`.
 */
export function describeInConsole(title: string, options: ConsoleSuiteOptions, tests: () => void): void {
  describe.skipIf(!hasChromium)(title, () => {
    beforeAll(async () => {
      session = await openConsole(options);
      if (options.uiLang === 'en') {
        await session.page.evaluate(() => localStorage.setItem('toydesk.lang', 'en'));
        await session.page.reload();
      }
    });
    afterAll(async () => {
      await session?.close();
    });
    tests();
  });
}

/** A back-end call in the current session (`apiRequest`), its body typed as the test reads it. */
export async function api<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return (await apiRequest(session, method, path, body)) as { status: number; body: T };
}
