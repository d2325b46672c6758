import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { observe, scriptedLive } from '@/test/scripted-event-source';

import {
  SPEND_POLL_MS,
  spendGuardQueryOptions,
  spendRefetchInterval,
  spendsQueryOptions,
  spendSummaryQueryOptions,
} from './spend-guard';

let client: QueryClient;
let live: ReturnType<typeof scriptedLive>;
const unsubscribers: Array<() => void> = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-11-28T12:00:00Z'));
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  live = scriptedLive(client);
});

afterEach(() => {
  for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
  live.close();
  vi.useRealTimers();
  client.clear();
});

describe('spending on the live stream', () => {
  it('the guard, the summary and the spends follow the spending topic', () => {
    for (const options of [spendGuardQueryOptions(1), spendSummaryQueryOptions(), spendsQueryOptions(1)])
      expect(options.meta).toEqual({ live: ['spending'] });
  });

  it('polls every 15 s only while the stream is down; while it is up, once just after midnight UTC', () => {
    expect(spendRefetchInterval()).toBe(SPEND_POLL_MS);
    live.up();
    expect(spendRefetchInterval(Date.parse('2026-11-28T12:00:00Z'))).toBe(12 * 3600_000 + 1000);
    expect(spendRefetchInterval(Date.parse('2026-11-28T23:59:59.500Z'))).toBe(1500);
  });

  it('a spending change reads the drawer again; time alone does not until the day ends', async () => {
    live.up();
    const watched = await observe(client, spendsQueryOptions(1), () => []);
    unsubscribers.push(watched.unsubscribe);
    await vi.advanceTimersByTimeAsync(10 * SPEND_POLL_MS);
    expect(watched.reads()).toBe(1);
    live.change('spending');
    await vi.advanceTimersByTimeAsync(0);
    expect(watched.reads()).toBe(2);
    await vi.advanceTimersByTimeAsync(12 * 3600_000);
    expect(watched.reads()).toBe(3);
    live.down();
    await vi.advanceTimersByTimeAsync(2 * SPEND_POLL_MS);
    expect(watched.reads()).toBe(6);
  });
});
