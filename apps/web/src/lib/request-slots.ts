/**
 * At most `limit` tasks running at once, the rest waiting in the order they asked: a big list's pages are
 * requested a few at a time (the server has a few cores; six parallel 5,000-row answers only queue there
 * and hold the browser's connections), in list order, so its rows arrive from the top. A task whose signal
 * aborts while it waits never starts.
 */
export function createSlots(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return async function inSlot<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (running >= limit) {
      await new Promise<void>((resolve, reject) => {
        const start = () => {
          signal?.removeEventListener('abort', cancel);
          resolve();
        };
        const cancel = () => {
          const index = waiting.indexOf(start);
          if (index >= 0) waiting.splice(index, 1);
          reject(signal?.reason ?? new Error('aborted'));
        };
        waiting.push(start);
        signal?.addEventListener('abort', cancel, { once: true });
      });
    }
    running += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
