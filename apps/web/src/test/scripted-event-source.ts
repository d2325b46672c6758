import type { QueryClient, QueryObserverOptions } from '@tanstack/react-query';
import { QueryObserver } from '@tanstack/react-query';
import { vi } from 'vitest';

import { connectLive, type LiveConnection } from '@/lib/live-updates';

/** The browser's EventSource as far as the console uses it: the test plays the server's side. */
export class ScriptedEventSource {
  static last: ScriptedEventSource | null = null;
  readonly listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    ScriptedEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data = '') {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
  close() {
    this.closed = true;
  }
}

/** A tab's live stream played by the test: open, drop, and change events naming topics. */
export function scriptedLive(client: QueryClient) {
  const connection: LiveConnection = connectLive(
    client,
    ScriptedEventSource as unknown as typeof EventSource,
  );
  const source = ScriptedEventSource.last!;
  return {
    up: () => source.emit('open'),
    down: () => source.emit('error'),
    change: (...topics: string[]) => source.emit('change', JSON.stringify({ topics })),
    close: () => connection.close(),
  };
}

/**
 * An active query (a screen showing it) built from a hook's options with the read replaced by `read`;
 * answers a counter of its reads. The caller unsubscribes.
 */
export async function observe<T, K extends readonly unknown[]>(
  client: QueryClient,
  options: QueryObserverOptions<T, Error, T, T, K>,
  read: () => T,
): Promise<{ reads: () => number; unsubscribe: () => void }> {
  let reads = 0;
  const observer = new QueryObserver(client, {
    ...options,
    queryFn: () => {
      reads += 1;
      return read();
    },
  });
  const unsubscribe = observer.subscribe(() => undefined);
  await vi.advanceTimersByTimeAsync(0);
  return { reads: () => reads, unsubscribe };
}
