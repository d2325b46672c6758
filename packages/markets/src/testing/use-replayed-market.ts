import { startReplayServer, type ReplayServer } from '@toydesk/http/testing/replay-server';

import type { MarketClientConfig } from '../kit/market-transport.ts';
import { startedBeforeAll } from './started-before-all.ts';

/** What a recorded-answers test file works with: the replay server and the market under test on it. */
export interface ReplayedMarket<M> {
  replay: ReplayServer;
  market: M;
}

/**
 * A replay server started before the file's tests, with the market built on it as `credential` (a function
 * when the credential is made for the test, e.g. a fresh key pair), closed after them.
 */
export function useReplayedMarket<M>(
  Market: new (config: MarketClientConfig) => M,
  credential: string | (() => string),
): ReplayedMarket<M> {
  return startedBeforeAll(
    async () => {
      const replay = await startReplayServer();
      const key = typeof credential === 'string' ? credential : credential();
      return { replay, market: new Market({ baseUrl: replay.base, http: replay.http, credential: key }) };
    },
    ({ replay }) => replay.close(),
  );
}
