/**
 * The waits of `slow` faults (real milliseconds), all ended at once when the simulator closes, so a server
 * shutdown never hangs on an answer held back for a test.
 */
export class SlowAnswers {
  private readonly closing = new AbortController();

  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.closing.signal.aborted) return resolve();
      const timer = setTimeout(resolve, ms);
      this.closing.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Ends every pending wait and every later one at once. */
  endAll(): void {
    this.closing.abort();
  }
}
