/**
 * The Coalescer's idea for statements that answer each caller (a read of many accounts, a claim of many
 * leases, the ending of many ticks): the first item is sent at once; items added while that statement is in
 * flight wait for it and go together in the next one, each caller getting its own item's answer.
 *
 * A failed statement does not fail its callers together: each of its items is sent again alone, so only
 * the item that fails on its own fails (a statement is atomic, so the failed one wrote nothing; for a
 * write whose success was lost with its connection, the runner's steps answer as they would to a rerun).
 */
export class Batched<T, R> {
  private pending: { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  private flushing = false;

  constructor(
    /** One statement for all items; answers per item, in the items' order. */
    private readonly write: (items: T[]) => Promise<R[]>,
    /** The most items in one statement. */
    private readonly maxItems = 200,
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (!this.flushing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.flushing = true;
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.maxItems);
      try {
        const results = await this.write(batch.map((b) => b.item));
        batch.forEach((b, i) => b.resolve(results[i]!));
      } catch (error) {
        if (batch.length === 1) {
          batch[0]!.reject(error);
          continue;
        }
        await Promise.all(
          batch.map(async (b) => {
            try {
              const [result] = await this.write([b.item]);
              b.resolve(result!);
            } catch (own) {
              b.reject(own);
            }
          }),
        );
      }
    }
    this.flushing = false;
  }
}
