import { performance } from 'node:perf_hooks';

import { DEFAULT_SLICE_MS } from './parse-json-in-slices.ts';

/** Fewer items than this are mapped in one go: not worth a clock read per item. */
const CHECK_EVERY = 256;

/**
 * `items.map(fn)` for the long lists of a large answer (100,000 price rows): the checks and conversions of
 * a whole list hold the loop longer than its parse (Skinport's item schema over 67,000 rows: over a second
 * on a loaded machine), so the loop gets a turn (setImmediate) each time `sliceMs` has passed. A throw in
 * `fn` rejects the promise, the rest unmapped.
 */
export async function mapInSlices<T, U>(
  items: Iterable<T>,
  fn: (item: T, index: number) => U,
  sliceMs = DEFAULT_SLICE_MS,
): Promise<U[]> {
  const out: U[] = [];
  let sliceStarted = performance.now();
  let index = 0;
  for (const item of items) {
    out.push(fn(item, index));
    index += 1;
    if (index % CHECK_EVERY === 0 && performance.now() - sliceStarted >= sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStarted = performance.now();
    }
  }
  return out;
}
