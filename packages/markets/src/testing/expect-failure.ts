import { expect } from 'vitest';

/**
 * Test support: awaits a call that must fail with an error of `type` whose `fields` have exactly the given
 * values (toMatchObject), and returns that error for further checks.
 */
export async function expectFailure<E extends Error>(
  call: Promise<unknown>,
  // A class of any constructor signature: the errors' own constructors differ.
  type: abstract new (...args: never[]) => E,
  fields: Partial<Record<keyof E, unknown>> = {},
): Promise<E> {
  const error = await call.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(type);
  expect(error).toMatchObject(fields);
  return error as E;
}
