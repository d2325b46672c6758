import { createContext } from 'react';

/** Route prefetch (spec section 9): none on save-data or 2g, at most 4 preloads pending at once. */
export const MAX_PENDING_PRELOADS = 4;

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

export function prefetchAllowed(
  nav: Navigator | undefined = typeof navigator === 'undefined' ? undefined : navigator,
): boolean {
  const connection = (nav as (Navigator & { connection?: NetworkInformationLike }) | undefined)?.connection;
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? '').includes('2g');
}

export interface PreloadQueue {
  /** Queues a preload unless it ran or is queued already. */
  add(preload: () => Promise<unknown>): void;
  pending(): number;
}

export function createPreloadQueue(
  max: number = MAX_PENDING_PRELOADS,
  allowed: () => boolean = () => prefetchAllowed(),
): PreloadQueue {
  const seen = new Set<() => Promise<unknown>>();
  const waiting: Array<() => Promise<unknown>> = [];
  let running = 0;
  const pump = () => {
    while (running < max && waiting.length > 0) {
      const next = waiting.shift();
      if (!next) break;
      running += 1;
      void next()
        .catch(() => {
          // A failed preload is retried by the real navigation, which has the chunk-reload guard.
          seen.delete(next);
        })
        .finally(() => {
          running -= 1;
          pump();
        });
    }
  };
  return {
    add(preload) {
      if (seen.has(preload) || !allowed()) return;
      seen.add(preload);
      waiting.push(preload);
      pump();
    },
    pending: () => running,
  };
}

export const routePreloads = createPreloadQueue();

/** The shell provides the function that preloads the route of a path; outside it, nothing happens. */
export const RoutePrefetchContext = createContext<(path: string) => void>(() => undefined);
