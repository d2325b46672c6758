import { HttpClient, MemoryRateLimiter } from '@toydesk/http';

import { createTmClient, type TmClient, type TmClientOptions } from '../tm/tm-client.ts';
import type { TmClock, TmLogger, TmTransport } from '../tm/tm-requester.ts';
import type { TmSimHarness } from './tm-simulator.ts';

/**
 * The transport as production builds it for tm: a limiter of 5 tokens per 1 s plus the transport's safety
 * margin (100 ms) per key, so a client never goes over tm's real limit even when its requests leave late.
 * Backoff before a retry is shortened for tests.
 */
export function createTmTestHttp(): HttpClient {
  return new HttpClient({
    // 400 ms of margin: tests assert zero violations at the simulator while the suite loads both cores.
    rateLimiter: new MemoryRateLimiter({ limit: 5, windowMs: 1400 }),
    retry: { baseDelayMs: 50 },
  });
}

/** A logger that keeps what it was told. */
export function recordingLogger(): TmLogger & { messages: string[] } {
  const messages: string[] = [];
  return { messages, warn: (message) => void messages.push(message) };
}

/**
 * A client clock whose sleep does not wait: it records the wait and moves the simulator's clock forward
 * by it instead, so what tm does "30 s later" is what the client sees on its next call.
 */
export function simulatedClock(sim: TmSimHarness): TmClock & { sleeps: number[] } {
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => Date.now(),
    async sleep(ms: number) {
      sleeps.push(ms);
      await sim.advance(ms);
    },
  };
}

/** A client of the simulator's tm market for one account key. */
export function simulatorClient(
  sim: TmSimHarness,
  http: TmTransport,
  options: Partial<TmClientOptions> = {},
): TmClient {
  return createTmClient({
    baseUrl: sim.baseUrl(options.market === 'cs7' || options.market === 'cs7_proxy' ? options.market : 'tm'),
    http,
    logger: recordingLogger(),
    ...options,
  });
}
