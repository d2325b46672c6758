/**
 * Reads until `ok` holds or the time is up (30 s unless said); returns the last value read, which the test
 * asserts on: a timeout fails on the test's own assertion, with its own message.
 */
export async function eventually<T>(
  read: () => Promise<T> | T,
  ok: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
