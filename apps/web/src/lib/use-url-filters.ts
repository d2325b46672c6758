import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** How a screen's filters are read from and written to its URL's query string. */
export interface UrlFilterCodec<F> {
  fromSearch: (params: URLSearchParams) => F;
  /** Writes the filters over `current`, keeping the parameters the screen does not own. */
  toSearch: (filters: F, current: URLSearchParams) => URLSearchParams;
}

/**
 * A screen's filters kept in the URL (issue 12): a reload or Back keeps them, a copied link shares them.
 * Changes replace the history entry, so typing a search adds no entry per letter.
 *
 * Why not react-router's functional setSearchParams alone: it hands the updater the parameters of the
 * last render, and the router renders a navigation as a transition. A change made before that render
 * (typing right after a click on a toggle) was built on the old URL and put the toggle's old value back
 * (CI saw `?search=Asiimov&side=buy` after «Продажа» was pressed). Each change here starts from the
 * parameters the previous change wrote, until a render brings a newer location (Back, a link).
 */
export function useUrlFilters<F>(codec: UrlFilterCodec<F>): [F, (change: Partial<F>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const latest = useRef(searchParams);
  // The queries this hook wrote that the router has not rendered yet, oldest first.
  const pending = useRef<string[]>([]);
  useLayoutEffect(() => {
    const shown = pending.current.indexOf(searchParams.toString());
    if (shown >= 0) {
      // One of ours arrived: later ones may still be on their way, and the latest stays the newest.
      pending.current.splice(0, shown + 1);
      if (pending.current.length === 0) latest.current = searchParams;
    } else {
      // A location this hook did not write (Back, a link): it is the latest.
      pending.current = [];
      latest.current = searchParams;
    }
  }, [searchParams]);
  const { fromSearch, toSearch } = codec;
  const filters = useMemo(() => fromSearch(searchParams), [fromSearch, searchParams]);
  const change = useCallback(
    (next: Partial<F>) => {
      const current = new URLSearchParams(latest.current);
      const written = toSearch({ ...fromSearch(current), ...next }, current);
      latest.current = written;
      pending.current.push(written.toString());
      setSearchParams(written, { replace: true });
    },
    [fromSearch, toSearch, setSearchParams],
  );
  return [filters, change];
}
