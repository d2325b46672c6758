import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';

import { RoutePrefetchContext } from '@/lib/prefetch';
import { createQueryClient } from '@/lib/query';

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

/**
 * The console: providers, then the common-data gate, then the routes. The router and the query client
 * exist before the gate opens so that the current route's page module and first data query load while
 * the common data does, not after it (bench:web); the page itself still renders only once the common data is there.
 */
export function App() {
  const [{ app, queryClient }] = useState(() => {
    const created = createAppRouter();
    const client = createQueryClient();
    created.startCurrentRoute(client);
    return { app: created, queryClient: client };
  });
  return (
    <AppProviders queryClient={queryClient}>
      <CommonDataGate>
        <AppRouter router={app.router} prefetch={app.prefetch} />
      </CommonDataGate>
    </AppProviders>
  );
}
