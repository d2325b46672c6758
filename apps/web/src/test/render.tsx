import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { AppProviders } from '@/app/providers';
import { CommonDataContext, type CommonData } from '@/lib/common-data';
import { createQueryClient } from '@/lib/query';

import { commonData } from './fixtures';

export function Providers({ children, common }: { children: ReactNode; common?: CommonData }) {
  return (
    <AppProviders queryClient={createQueryClient()}>
      <CommonDataContext.Provider value={common ?? commonData()}>{children}</CommonDataContext.Provider>
    </AppProviders>
  );
}

/** Renders inside the console's providers and a memory router (hooks such as useBlocker need one). */
export function renderWithProviders(ui: ReactElement, options: { common?: CommonData; path?: string } = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [options.path ?? '/'] });
  return render(
    <Providers common={options.common}>
      <RouterProvider router={router} />
    </Providers>,
  );
}
