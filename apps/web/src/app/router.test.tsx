import { render, screen } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { lazyPage } from '@/lib/chunk-reload';
import { Providers } from '@/test/render';

import type { RouteDefinition } from './route-definitions';
import { createAppRouter } from './router';

function TabPage() {
  return <p>tab page</p>;
}
function BrokenPage(): never {
  throw new Error('kaput');
}

const TEST_ROUTES: RouteDefinition[] = [
  { path: '/', redirect: '/stats' },
  {
    path: '/stats/:tab?',
    page: lazyPage(async () => ({ default: TabPage })),
    titleKey: 'nav.marketStats',
    validate: ({ tab }) => tab === undefined || tab === 'tm',
  },
  {
    path: '/secret',
    page: lazyPage(async () => ({ default: TabPage })),
    titleKey: 'nav.ui',
    validate: () => ({ status: 403, message: 'No entry' }),
  },
  { path: '/broken', page: lazyPage(async () => ({ default: BrokenPage })), titleKey: 'nav.ui' },
  { path: '/leave', redirect: 'https://elsewhere.example/' },
];

function renderAt(path: string, routes?: RouteDefinition[]) {
  const { router } = createAppRouter({ initialEntries: [path], routes });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('routes (spec sections 2 and 8)', () => {
  it("answers a failed route validation with a 404 'Page Not Found: {path}'", async () => {
    renderAt('/stats/bogus', TEST_ROUTES);
    expect(await screen.findByText('Page Not Found: /stats/bogus')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Страница не найдена');
    // Inside the shell: the top bar stays.
    expect(screen.getByTestId('operator-name').textContent).toBe('admin');
  });

  it('shows the page when the validation passes', async () => {
    renderAt('/stats/tm', TEST_ROUTES);
    expect(await screen.findByText('tab page')).toBeTruthy();
  });

  it('validates the real routes: an unknown market tab is a 404', async () => {
    renderAt('/history/market-stats/bogus');
    expect(await screen.findByText('Page Not Found: /history/market-stats/bogus')).toBeTruthy();
  });

  it("answers a path no route matches with 'Page Not Found: {fullPath}'", async () => {
    renderAt('/nothing/here?x=1', TEST_ROUTES);
    expect(await screen.findByText('Page Not Found: /nothing/here?x=1')).toBeTruthy();
  });

  it('lets a validation name its own status and message', async () => {
    renderAt('/secret', TEST_ROUTES);
    expect(await screen.findByText('No entry')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Доступ запрещён');
  });

  it('follows redirect rules inside the console', async () => {
    const router = renderAt('/', TEST_ROUTES);
    expect(await screen.findByText('tab page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/stats');
  });

  it('refuses a redirect to another site without the external flag', async () => {
    renderAt('/leave', TEST_ROUTES);
    expect(await screen.findByText('Navigation refused: https://elsewhere.example/')).toBeTruthy();
  });

  it("shows a page that fails to render as 'Произошла ошибка: …' inside the layout", async () => {
    const error = console.error;
    console.error = () => undefined;
    try {
      renderAt('/broken', TEST_ROUTES);
      expect((await screen.findByTestId('layout-error')).textContent).toBe('Произошла ошибка: kaput');
      expect(screen.getByTestId('operator-name')).toBeTruthy();
    } finally {
      console.error = error;
    }
  });
});
