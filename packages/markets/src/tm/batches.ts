/**
 * How many batches of one bulk call (MassSetPriceById, MassInfo, search-list-items) are in flight at once.
 * The rate limiter paces them; more than one in flight hides each answer's latency behind the wait for the
 * next token, so a key keeps its full rate on calls that take the market a while.
 */
export const TM_BATCH_CONCURRENCY = 3;

/**
 * `fn` over consecutive slices of `size`, at most `concurrency` at once; the results in slice order. The
 * first failure stops new batches from starting and is thrown once the ones in flight have settled.
 */
export async function inBatches<T, R>(
  items: readonly T[],
  size: number,
  fn: (batch: T[]) => Promise<R[]>,
  concurrency = TM_BATCH_CONCURRENCY,
): Promise<R[]> {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  const results: R[][] = new Array<R[]>(batches.length);
  let next = 0;
  let failed = false;
  const lane = async (): Promise<void> => {
    while (!failed && next < batches.length) {
      const index = next++;
      try {
        results[index] = await fn(batches[index]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const lanes = await Promise.allSettled(Array.from({ length: Math.min(concurrency, batches.length) }, lane));
  const rejected = lanes.find((lane): lane is PromiseRejectedResult => lane.status === 'rejected');
  if (rejected) throw rejected.reason;
  return results.flat();
}
