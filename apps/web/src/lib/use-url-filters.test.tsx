import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { useUrlFilters, type UrlFilterCodec } from './use-url-filters';

interface StatsFilters {
  search: string;
  side: 'sell' | 'buy';
}

/** The market stats screen's two filters, written as a screen writes them (defaults left out). */
const STATS_FILTERS_IN_URL: UrlFilterCodec<StatsFilters> = {
  fromSearch: (params) => ({
    search: params.get('search') ?? '',
    side: params.get('side') === 'buy' ? 'buy' : 'sell',
  }),
  toSearch: (filters, current) => {
    const next = new URLSearchParams(current);
    next.delete('search');
    next.delete('side');
    if (filters.search) next.set('search', filters.search);
    if (filters.side === 'buy') next.set('side', 'buy');
    return next;
  },
};

/** A probe screen that hands its filters and its change function out to the test. */
function renderFilters(initial: string) {
  const seen: { filters?: StatsFilters; change?: (next: Partial<StatsFilters>) => void } = {};
  function Probe() {
    const [filters, change] = useUrlFilters(STATS_FILTERS_IN_URL);
    seen.filters = filters;
    seen.change = change;
    return null;
  }
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], {
    initialEntries: ['/other', initial],
    initialIndex: 1,
  });
  render(<RouterProvider router={router} />);
  return { seen, router };
}

describe('useUrlFilters', () => {
  it('reads the filters from the URL', () => {
    const { seen } = renderFilters('/stats?side=buy&search=Redline');
    expect(seen.filters).toMatchObject({ side: 'buy', search: 'Redline' });
  });

  it('builds a change on the one before it even when no render came between (the CI race)', () => {
    const { seen, router } = renderFilters('/stats?side=buy&search=Redline&keep=1');
    act(() => {
      seen.change?.({ side: 'sell' });
      // Typing right after the click, before the router rendered the new location.
      seen.change?.({ search: 'Asiimov' });
    });
    expect(router.state.location.search).toBe('?keep=1&search=Asiimov');
    expect(seen.filters).toMatchObject({ side: 'sell', search: 'Asiimov' });
  });

  it('replaces the history entry and follows Back to an older URL', async () => {
    const { seen, router } = renderFilters('/stats?side=buy');
    act(() => seen.change?.({ search: 'AK' }));
    expect(router.state.historyAction).toBe('REPLACE');
    await act(() => router.navigate('/stats?search=M4'));
    await act(() => router.navigate(-1));
    // Back lands on the replaced entry, and the next change starts from it, not from the newer URL.
    expect(router.state.location.search).toBe('?search=AK&side=buy');
    expect(seen.filters).toMatchObject({ side: 'buy', search: 'AK' });
    act(() => seen.change?.({ side: 'sell' }));
    expect(router.state.location.search).toBe('?search=AK');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/other');
  });
});
