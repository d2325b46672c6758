import { setFlagsFromString } from 'node:v8';

/** V8's old generation may grow to 1.5 times what the last full collection kept (V8's own factor: up to 4). */
export const HEAP_GROWING_PERCENT = 50;

/**
 * Bounds the garbage a long answer leaves between two full collections (issue 15, deliverable 3). A streamed
 * list of 1,000,000 history rows promotes its rows' strings to the old generation faster than they die; with
 * V8's default growing factor (up to 4 times the 33 MB kept) the server's RSS rose by 112–120 MB during the
 * dump, with 1.5 by 46 MB, for about the same CPU (docs/benchmarks.md, "Session 15: memory"). A process started
 * with its own `--heap-growing-percent` (command line or NODE_OPTIONS) keeps it. Called first thing by every
 * entry point (server, bot services, worker, the one-process demo); V8 reads the flag at each limit it sets.
 */
export function boundHeapGrowth(
  argv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
  setFlags: (flags: string) => void = setFlagsFromString,
): boolean {
  const given = [...argv, nodeOptions].some((arg) => arg.includes('--heap-growing-percent'));
  if (given) return false;
  setFlags(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
