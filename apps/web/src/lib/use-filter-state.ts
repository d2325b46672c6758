import { useCallback, useDeferredValue, useState } from 'react';

/**
 * A screen's client-side filters: what the filter bar shows, a deferred copy the rows are filtered by (the
 * bar stays responsive while a long list is filtered again), and `patch` to change some of them.
 */
export function useFilterState<Filters extends object>(empty: Filters) {
  const [filters, setFilters] = useState<Filters>(empty);
  const deferredFilters = useDeferredValue(filters);
  const patch = useCallback(
    (change: Partial<Filters>) => setFilters((current) => ({ ...current, ...change })),
    [],
  );
  return { filters, deferredFilters, patch };
}
