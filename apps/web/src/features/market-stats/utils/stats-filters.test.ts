import { describe, expect, it } from 'vitest';

import { DEFAULT_STATS_SORT, statsFiltersFromSearch, statsFiltersToSearch } from './stats-filters';

describe('market stats choices in the URL (issue 12)', () => {
  it('writes what differs from the defaults and reads it back', () => {
    const filters = {
      search: 'Redline',
      side: 'buy' as const,
      item: 'AK-47 | Redline (Field-Tested)',
      sort: { id: 'avg_price', desc: false },
    };
    const search = statsFiltersToSearch(filters);
    expect(search.toString()).toBe(
      'search=Redline&side=buy&item=AK-47+%7C+Redline+%28Field-Tested%29&ordering=avg_price',
    );
    expect(statsFiltersFromSearch(search)).toEqual(filters);
  });

  it('leaves the defaults out of the URL, keeps other keys, reads junk as the defaults', () => {
    const defaults = { search: '', side: 'sell' as const, item: null, sort: DEFAULT_STATS_SORT };
    expect(statsFiltersToSearch(defaults, new URLSearchParams('x=1&side=buy')).toString()).toBe('x=1');
    expect(statsFiltersFromSearch(new URLSearchParams('side=both&ordering=DROP TABLE&item='))).toEqual(
      defaults,
    );
    expect(statsFiltersFromSearch(statsFiltersToSearch({ ...defaults, sort: null })).sort).toBeNull();
  });
});
