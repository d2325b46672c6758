import { afterAll, beforeAll } from 'vitest';

/**
 * What a test file (or a describe block) starts before its tests and stops after them, handed out at once:
 * each property read goes to the started value, so a test reads `bed.market` while the file is defined
 * before anything has started. Reading before `beforeAll` has run throws.
 */
export function startedBeforeAll<T extends object>(
  start: () => Promise<T>,
  stop: (started: T) => Promise<void>,
): T {
  let started: T | undefined;
  const current = (): T => {
    if (started === undefined) throw new Error('read before beforeAll has started it');
    return started;
  };
  beforeAll(async () => {
    started = await start();
  });
  afterAll(() => stop(current()));
  // The empty target is never read: every property comes from the started value.
  return new Proxy({} as T, { get: (_target, key) => Reflect.get(current(), key) });
}
