import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';

import { RoutePrefetchContext } from '@/lib/prefetch';

import { CommonDataGate } from './common-data-gate';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

function AppRouter() {
  const [{ router, prefetch }] = useState(() => createAppRouter());
  return (
    <RoutePrefetchContext.Provider value={prefetch}>
      <RouterProvider router={router} />
    </RoutePrefetchContext.Provider>
  );
}

/** The console: providers, then the common-data gate, then the routes. */
export function App() {
  return (
    <AppProviders>
      <CommonDataGate>
        <AppRouter />
      </CommonDataGate>
    </AppProviders>
  );
}
