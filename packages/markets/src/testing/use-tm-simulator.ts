import type { HttpClient } from '@toydesk/http';
import { expect } from 'vitest';

import { startedBeforeAll } from './started-before-all.ts';
import { createTmTestHttp } from './tm-test-client.ts';
import { startTmSimulator, type TmSimHarness } from './tm-simulator.ts';

type TmStats = Awaited<ReturnType<TmSimHarness['stats']>>;

/** A test file's tm simulator and test transport, readable once its `beforeAll` has run. */
export interface TmTestBed {
  readonly sim: TmSimHarness;
  readonly http: HttpClient;
}

export interface TmTestBedOptions {
  /** The markets whose stats are checked after the file's tests (default tm). */
  markets?: readonly ('tm' | 'cs7')[];
  /** What must hold for each one's stats (default: no rate-limit violation); null checks nothing. */
  check?: ((stats: TmStats) => void) | null;
}

const noViolations = (stats: TmStats) => expect(stats.rateLimitViolations).toBe(0);

/**
 * Starts the tm simulator and the tm test transport before the file's tests; after them runs the check
 * (a broken tm rate limit fails the file even when every test passed) and closes both, check or not.
 */
export function useTmSimulator(options: TmTestBedOptions = {}): TmTestBed {
  const { markets = ['tm'], check = noViolations } = options;
  return startedBeforeAll(
    async () => ({ sim: await startTmSimulator(), http: createTmTestHttp() }),
    async ({ sim, http }) => {
      try {
        if (check !== null) for (const market of markets) check(await sim.stats(market));
      } finally {
        await http.close();
        await sim.close();
      }
    },
  );
}
