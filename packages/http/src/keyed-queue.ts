/**
 * Waiters of one key served one at a time, in arrival order: a rate limiter's per-key line. A waiter whose
 * signal aborts leaves the line at once, and the ones behind it then wait only for those before it.
 */
export class KeyedQueue {
  /** Per key, the end of the line. */
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `work` once every earlier waiter of `key` is done (served or gone). */
  async inTurn<T>(key: string, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    try {
      await untilSettledOrAborted(previous, signal);
      return await work();
    } finally {
      done(); // also when aborted: the next waiter then only waits for the ones before us
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

function untilSettledOrAborted(promise: Promise<void>, signal?: AbortSignal): Promise<void> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
