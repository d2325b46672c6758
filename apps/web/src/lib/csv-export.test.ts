import { describe, expect, it } from 'vitest';

import { csvExportUrl } from './csv-export';

describe('csvExportUrl', () => {
  it('keeps the filters, search and ordering, drops paging and asks for CSV', () => {
    const url = new URL(
      csvExportUrl('sell-items.list', {
        status: 'on_sale',
        search: 'AK',
        ordering: '-price',
        page: 3,
        page_size: 500,
      }),
    );
    expect(url.pathname).toBe('/api/market/sell/items/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      status: 'on_sale',
      search: 'AK',
      ordering: '-price',
      format: 'csv',
    });
  });

  it('fills path parameters and repeats list filters', () => {
    const url = new URL(csvExportUrl('tags.list', { id: [1, 2] }));
    expect(url.searchParams.getAll('id')).toEqual(['1', '2']);
    expect(url.searchParams.get('format')).toBe('csv');
  });
});
