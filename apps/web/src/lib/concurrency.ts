/**
 * Runs `task` over every item with at most `limit` tasks in flight and gives the results in the items'
 * order. Used where the API has no bulk route for an operation and the console sends one request per row:
 * a few at a time keeps the browser's connections free for the screen's own reads and spares the server a
 * burst of hundreds of requests. Tasks should report failures in their result rather than throw; a task
 * that throws rejects the whole run (the tasks already started still finish).
 */
export async function mapWithLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index]!, index);
    }
  };
  const workers = Math.max(1, Math.min(Math.floor(limit), items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}
