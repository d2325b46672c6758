import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { LIVE_PATH } from '@toydesk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  connectLive,
  isLiveConnected,
  keepLiveWhileShown,
  LIVE_HIDDEN_CLOSE_MS,
  LIVE_REFRESH_GAP_MS,
  livePoll,
  onLiveTopic,
} from './live-updates';
import { ScriptedEventSource } from '@/test/scripted-event-source';

const source = () => ScriptedEventSource.last!;
let client: QueryClient;
let reads: Record<string, number>;

/** An active query (a screen showing it) that declares `topics` (or none), counting its reads. */
async function watch(name: string, topics?: Array<'alerts' | 'proxies' | 'jobs'>) {
  reads[name] = 0;
  const observer = new QueryObserver(client, {
    queryKey: [name],
    queryFn: () => {
      reads[name]! += 1;
      return name;
    },
    ...(topics ? { meta: { live: topics } } : {}),
  });
  unsubscribers.push(observer.subscribe(() => undefined));
  await vi.advanceTimersByTimeAsync(0);
}
const unsubscribers: Array<() => void> = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  reads = {};
});

afterEach(() => {
  for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
  vi.useRealTimers();
  client.clear();
});

describe('the live stream in the console', () => {
  it('opens one stream on the session, and polls only while it is down', async () => {
    const live = connectLive(client, ScriptedEventSource as unknown as typeof EventSource);
    expect(source().url).toContain(LIVE_PATH);
    expect(source().init).toEqual({ withCredentials: true });
    const poll = livePoll(15_000);
    expect(poll()).toBe(15_000);
    source().emit('open');
    expect(isLiveConnected()).toBe(true);
    expect(poll()).toBe(false);
    source().emit('error');
    expect(isLiveConnected()).toBe(false);
    expect(poll()).toBe(15_000);
    live.close();
    expect(source().closed).toBe(true);
  });

  it('reads again exactly the queries that declare a changed topic, and runs its listeners', async () => {
    await watch('alerts-list', ['alerts']);
    await watch('proxies', ['proxies']);
    await watch('history');
    const heard: string[] = [];
    const off = onLiveTopic('alerts', () => heard.push('alerts'));
    const live = connectLive(client, ScriptedEventSource as unknown as typeof EventSource);
    source().emit('open');
    source().emit('change', JSON.stringify({ topics: ['alerts'] }));
    await vi.runAllTimersAsync();
    expect(reads).toEqual({ 'alerts-list': 2, proxies: 1, history: 1 });
    expect(heard).toEqual(['alerts']);
    // Not a change event of the contract: ignored.
    source().emit('change', '{"topics":["nonsense"]}');
    source().emit('change', 'not json');
    await vi.runAllTimersAsync();
    expect(reads).toEqual({ 'alerts-list': 2, proxies: 1, history: 1 });
    off();
    live.close();
  });

  it('folds a burst of changes of one topic into one read at the end of the second', async () => {
    await watch('jobs', ['jobs']);
    const live = connectLive(client, ScriptedEventSource as unknown as typeof EventSource);
    source().emit('open');
    source().emit('change', JSON.stringify({ topics: ['jobs'] }));
    await vi.advanceTimersByTimeAsync(0);
    expect(reads.jobs).toBe(2);
    for (let i = 0; i < 10; i += 1) {
      await vi.advanceTimersByTimeAsync(50);
      source().emit('change', JSON.stringify({ topics: ['jobs'] }));
    }
    expect(reads.jobs).toBe(2);
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_GAP_MS);
    expect(reads.jobs).toBe(3);
    live.close();
  });

  it('when the stream drops, the live queries are read again (which restarts their polling)', async () => {
    await watch('proxies', ['proxies']);
    await watch('history');
    const live = connectLive(client, ScriptedEventSource as unknown as typeof EventSource);
    source().emit('open');
    source().emit('error');
    await vi.runAllTimersAsync();
    expect(reads).toEqual({ proxies: 2, history: 1 });
    live.close();
  });

  it('without EventSource the console keeps polling', () => {
    const live = connectLive(client, undefined);
    expect(isLiveConnected()).toBe(false);
    expect(livePoll(1000)()).toBe(1000);
    live.close();
  });

  it('closes the stream of a tab hidden for a while, and on showing it opens again and reads the live queries', async () => {
    vi.useFakeTimers();
    try {
      let state: DocumentVisibilityState = 'visible';
      const target = new EventTarget();
      const doc = {
        get visibilityState() {
          return state;
        },
        addEventListener: (type: 'visibilitychange', listener: () => void) =>
          target.addEventListener(type, listener),
        removeEventListener: (type: 'visibilitychange', listener: () => void) =>
          target.removeEventListener(type, listener),
      };
      const show = (next: DocumentVisibilityState) => {
        state = next;
        target.dispatchEvent(new Event('visibilitychange'));
      };
      const opened: { closed: boolean }[] = [];
      const connect = () => {
        const connection = { closed: false, close: () => (connection.closed = true) };
        opened.push(connection);
        return connection;
      };
      const invalidate = vi.spyOn(client, 'invalidateQueries');
      const stop = keepLiveWhileShown(client, doc, connect);
      expect(opened).toHaveLength(1);
      // A quick look at another tab keeps the stream.
      show('hidden');
      vi.advanceTimersByTime(LIVE_HIDDEN_CLOSE_MS - 1);
      show('visible');
      vi.advanceTimersByTime(LIVE_HIDDEN_CLOSE_MS);
      expect(opened).toHaveLength(1);
      expect(opened[0]!.closed).toBe(false);
      // A tab left in the background closes it.
      show('hidden');
      vi.advanceTimersByTime(LIVE_HIDDEN_CLOSE_MS);
      expect(opened[0]!.closed).toBe(true);
      expect(invalidate).not.toHaveBeenCalled();
      show('visible');
      expect(opened).toHaveLength(2);
      expect(invalidate).toHaveBeenCalledTimes(1);
      stop();
      expect(opened[1]!.closed).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
