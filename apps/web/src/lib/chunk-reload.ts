import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Spec sections 8 and 9: a failed chunk load reloads the page, at most once per 10 s per path. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
const STORAGE_PREFIX = 'toydesk:chunk-reload:';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_ERROR.test(message);
}

/** True (and remembered) when this path has not been reloaded for a chunk in the last 10 s. */
export function claimChunkReload(
  path: string,
  now: number = Date.now(),
  storage: Storage = sessionStorage,
): boolean {
  try {
    const last = Number(storage.getItem(STORAGE_PREFIX + path) ?? 0);
    if (last > 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
    storage.setItem(STORAGE_PREFIX + path, String(now));
    return true;
  } catch {
    // Without storage there is no guard, and a reload loop is worse than an error screen.
    return false;
  }
}

/** Reloads the page for a chunk error unless the guard says it just did; true when reloading. */
export function reloadForChunkError(error: unknown, path: string = window.location.pathname): boolean {
  if (!isChunkLoadError(error) || !claimChunkReload(path)) return false;
  // A reload keeps the history entry and its state.
  window.location.reload();
  return true;
}

export type LazyPage<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the chunk (for prefetch); loads once. */
  preload: () => Promise<unknown>;
};

/** React.lazy for a route's page module, with preload and the chunk-reload guard. */
export function lazyPage<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyPage<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const Component = lazy(async () => {
    try {
      return await preload();
    } catch (error) {
      // The page is reloading: stay suspended rather than flash an error screen.
      if (reloadForChunkError(error)) return new Promise<never>(() => undefined);
      throw error;
    }
  });
  return Object.assign(Component, { preload });
}
