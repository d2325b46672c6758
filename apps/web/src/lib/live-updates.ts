import type { Query, QueryClient } from '@tanstack/react-query';
import { LIVE_PATH, liveChangeSchema, type LiveTopic } from '@toydesk/contract';
import { useEffect, useSyncExternalStore } from 'react';

import { backendBaseUrl } from './env';

/**
 * The console's live stream (GET /api/live/, Server-Sent Events; issue 16): one EventSource per tab, on the
 * operator's session cookie. An event names the topics that changed; a query that declares a topic in its
 * `meta.live` is read again, and a topic's listeners (the alerts bell) run. While the stream is up, queries
 * built with livePoll() stop polling; when it goes down they poll again (the fallback), and EventSource
 * reconnects on its own, sending the last event's id so the server says what changed meanwhile.
 */

// A type, not an interface: react-query's meta is a Record, which an interface does not satisfy.
export type LiveMeta = {
  live?: readonly LiveTopic[];
  /**
   * True once the query's data can change no more (a finished job): it stops following its topics, so a
   * busy topic does not read it again for nothing.
   */
  settled?: (data: unknown) => boolean;
};

type Listener = () => void;

let connected = false;
const connectionListeners = new Set<Listener>();
const topicListeners = new Map<LiveTopic, Set<Listener>>();

function setConnected(next: boolean) {
  if (connected === next) return;
  connected = next;
  for (const listener of [...connectionListeners]) listener();
}

export function isLiveConnected(): boolean {
  return connected;
}

export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    () => connected,
    () => false,
  );
}

/** Runs `listener` whenever the stream says `topic` changed. */
export function onLiveTopic(topic: LiveTopic, listener: Listener): () => void {
  const listeners = topicListeners.get(topic) ?? new Set<Listener>();
  topicListeners.set(topic, listeners);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A refetchInterval that polls every `ms` only while the live stream is down. */
export function livePoll(ms: number): () => number | false {
  return () => (connected ? false : ms);
}

const declares = (query: Query, topic: LiveTopic | null) => {
  const meta = query.meta as LiveMeta | undefined;
  const live = meta?.live;
  if (live === undefined || (topic !== null && !live.includes(topic))) return false;
  return !meta?.settled?.(query.state.data);
};

/**
 * A topic is read again at most once a second: a bot writing a table many times a second (a running
 * price import) would otherwise have every open screen refetch as often. The first change of a quiet
 * topic goes out at once; changes within the second after it are folded into one read at its end.
 */
export const LIVE_REFRESH_GAP_MS = 1000;

export interface LiveConnection {
  close(): void;
}

/** Opens the tab's stream; `now` and `EventSourceImpl` are for tests. */
export function connectLive(
  queryClient: QueryClient,
  EventSourceImpl: typeof EventSource | undefined = globalThis.EventSource,
): LiveConnection {
  // No EventSource (an old browser, jsdom): the screens keep polling as before.
  if (!EventSourceImpl) return { close: () => undefined };
  const source = new EventSourceImpl(`${backendBaseUrl()}${LIVE_PATH}`, { withCredentials: true });
  const lastRun = new Map<LiveTopic, number>();
  const pending = new Map<LiveTopic, ReturnType<typeof setTimeout>>();

  const run = (topic: LiveTopic) => {
    lastRun.set(topic, Date.now());
    void queryClient.invalidateQueries({ predicate: (query) => declares(query, topic) });
    for (const listener of [...(topicListeners.get(topic) ?? [])]) listener();
  };
  const changed = (topic: LiveTopic) => {
    if (pending.has(topic)) return;
    const wait = (lastRun.get(topic) ?? 0) + LIVE_REFRESH_GAP_MS - Date.now();
    if (wait <= 0) return run(topic);
    pending.set(
      topic,
      setTimeout(() => {
        pending.delete(topic);
        run(topic);
      }, wait),
    );
  };

  source.addEventListener('change', (event) => {
    let data: unknown;
    try {
      data = JSON.parse((event as MessageEvent<string>).data);
    } catch {
      return;
    }
    const parsed = liveChangeSchema.safeParse(data);
    if (parsed.success) for (const topic of parsed.data.topics) changed(topic);
  });
  source.addEventListener('open', () => setConnected(true));
  source.addEventListener('error', () => {
    if (!connected) return;
    setConnected(false);
    // Queries that stopped polling while the stream was up read again now, which starts their polling.
    void queryClient.invalidateQueries({ predicate: (query) => declares(query, null) });
  });
  return {
    close() {
      source.close();
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
      setConnected(false);
    },
  };
}

/**
 * A tab hidden this long closes its stream, and opens it again when shown, reading its live queries again
 * (what changed meanwhile): a forgotten background tab holds no connection, and the demo counts an open stream
 * as an operator watching (apps/demo's world pause), so a hidden tab lets the idle demo rest.
 */
export const LIVE_HIDDEN_CLOSE_MS = 60_000;

/** What keepLiveWhileShown needs of the document: whether the tab is shown, and when that changes. */
export interface VisibilitySource {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/** Keeps the tab's stream open while the tab is shown (see LIVE_HIDDEN_CLOSE_MS); returns the stop. */
export function keepLiveWhileShown(
  queryClient: QueryClient,
  doc: VisibilitySource = document,
  connect: (queryClient: QueryClient) => LiveConnection = connectLive,
): () => void {
  let connection: LiveConnection | null = connect(queryClient);
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') {
      closeTimer ??= setTimeout(() => {
        closeTimer = undefined;
        connection?.close();
        connection = null;
      }, LIVE_HIDDEN_CLOSE_MS);
      return;
    }
    clearTimeout(closeTimer);
    closeTimer = undefined;
    if (connection) return;
    connection = connect(queryClient);
    // The events of the time away were not heard.
    void queryClient.invalidateQueries({ predicate: (query) => declares(query, null) });
  };
  doc.addEventListener('visibilitychange', onVisibility);
  onVisibility();
  return () => {
    doc.removeEventListener('visibilitychange', onVisibility);
    clearTimeout(closeTimer);
    connection?.close();
  };
}

/** Keeps the tab's stream open while mounted and shown (the shell mounts it once, inside the operator's session). */
export function useLiveUpdates(queryClient: QueryClient): void {
  useEffect(() => keepLiveWhileShown(queryClient), [queryClient]);
}
