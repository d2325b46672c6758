import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';

import { RoutePrefetchContext } from '@/lib/prefetch';

import { CommonDataGate } from './common-data-gate';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

function AppRouter({ router, prefetch }: ReturnType<typeof createAppRouter>) {
  return (
    <RoutePrefetchContext.Provider value={prefetch}>
      <RouterProvider router={router} />
    </RoutePrefetchContext.Provider>
  );
}

/**
 * The console: providers, then the common-data gate, then the routes. The router exists before the gate
 * opens so that the current route's page module loads while the common data does, not after it
 * (bench:web); the page itself still renders only once the common data is there.
 */
export function App() {
  const [app] = useState(() => {
    const created = createAppRouter();
    created.prefetch(created.router.state.location.pathname);
    return created;
  });
  return (
    <AppProviders>
      <CommonDataGate>
        <AppRouter {...app} />
      </CommonDataGate>
    </AppProviders>
  );
}
