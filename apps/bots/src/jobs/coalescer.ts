/**
 * One statement for the same write asked for by many jobs at about the same time (log lines, completions):
 * the first caller's items are sent at once; items added while that statement is in flight wait for it and
 * go together in the next one. Under load the statements get fewer and bigger (commits were what the
 * trading runner waited on); alone, a write goes out as soon as it comes.
 *
 * A failed statement fails every caller whose items it carried (as their own statement would have); the
 * next statement is sent all the same.
 */
export class Coalescer<T> {
  private pending: { items: T[]; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private flushing = false;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    /** The most items in one statement. */
    private readonly maxItems = 500,
  ) {}

  add(items: T[]): Promise<void> {
    if (items.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ items, resolve, reject });
      if (!this.flushing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.flushing = true;
    while (this.pending.length > 0) {
      let count = 0;
      let take = 0;
      // Whole callers only, at least one: a caller's items always go in one statement.
      while (
        take < this.pending.length &&
        (take === 0 || count + this.pending[take]!.items.length <= this.maxItems)
      ) {
        count += this.pending[take]!.items.length;
        take += 1;
      }
      const batch = this.pending.splice(0, take);
      try {
        await this.write(batch.flatMap((b) => b.items));
        for (const b of batch) b.resolve();
      } catch (error) {
        for (const b of batch) b.reject(error);
      }
    }
    this.flushing = false;
  }
}
