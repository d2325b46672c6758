import { describe, expect, it } from 'vitest';

import { EMPTY_TOY_FILTERS, hasFilters, NO_GROUP, toyFiltersToQuery } from './toy-filters';

describe('toyFiltersToQuery', () => {
  it('is empty for no filters, so a by-query change needs all=true', () => {
    const query = toyFiltersToQuery({ ...EMPTY_TOY_FILTERS, search: '   ' });
    expect(query).toEqual({});
    expect(hasFilters(query)).toBe(false);
  });

  it('turns every filter into the list endpoint query', () => {
    const query = toyFiltersToQuery({
      search: ' redline ',
      labels: ['rare', 'danger'],
      statuses: ['outdated'],
      tagIds: [11],
      group: '4',
      ignorePrice: 'false',
    });
    expect(query).toEqual({
      search: 'redline',
      label: ['rare', 'danger'],
      record_status: ['outdated'],
      tags: [11],
      group: '4',
      ignore_price: 'false',
    });
    expect(hasFilters(query)).toBe(true);
  });

  it('asks for toys without a group', () => {
    expect(toyFiltersToQuery({ ...EMPTY_TOY_FILTERS, group: NO_GROUP })).toEqual({ group__isnull: 'true' });
  });
});
