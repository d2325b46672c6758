import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';

import { RoutePrefetchContext } from '@/lib/prefetch';
import { createQueryClient } from '@/lib/query';

import { AppErrorBoundary } from './app-error-boundary';
import { CommonDataGate } from './common-data-gate';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

function AppRouter({ router, prefetch }: Pick<ReturnType<typeof createAppRouter>, 'router' | 'prefetch'>) {
  return (
    <RoutePrefetchContext.Provider value={prefetch}>
      <RouterProvider router={router} />
    </RoutePrefetchContext.Provider>
  );
}

export interface AppStart {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
}

/**
 * The router and the query client, made before React mounts (main.tsx): the current route's page module
 * and first data query start loading at once, alongside the common data, instead of after the first
 * render or after the common-data gate opens (bench:web).
 */
export function startApp(): AppStart {
  const router = createAppRouter();
  const queryClient = createQueryClient();
  router.startCurrentRoute(queryClient);
  return { router, queryClient };
}

/**
 * The console: providers, then the common-data gate, then the routes. The page itself renders only once
 * the common data is there.
 */
export function App({ start }: { start?: AppStart }) {
  const [{ router, queryClient }] = useState(() => start ?? startApp());
  return (
    <AppProviders queryClient={queryClient}>
      <AppErrorBoundary>
        <CommonDataGate>
          <AppRouter router={router.router} prefetch={router.prefetch} />
        </CommonDataGate>
      </AppErrorBoundary>
    </AppProviders>
  );
}
