import { describe, expect, it } from 'vitest';

import { csvExportUrl, MAX_EXPORT_IDS, shownRowsExportUrl } from './csv-export';

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

describe('shownRowsExportUrl', () => {
  const rows = [{ id: 1 }, { id: 2 }, { id: 3 }];
  it('exports the whole list when nothing is filtered out, else the rows shown by id', () => {
    expect(
      new URL(shownRowsExportUrl('steam-accounts.extended', rows, 3)!).searchParams.getAll('id'),
    ).toEqual([]);
    expect(
      new URL(shownRowsExportUrl('steam-accounts.extended', rows.slice(1), 3)!).searchParams.getAll('id'),
    ).toEqual(['2', '3']);
    expect(new URL(shownRowsExportUrl('steam-accounts.extended', [], 3)!).searchParams.getAll('id')).toEqual([
      '0',
    ]);
  });

  it('offers no export when more rows are shown than one request can name', () => {
    const many = Array.from({ length: MAX_EXPORT_IDS + 1 }, (_, i) => ({ id: i + 1 }));
    expect(shownRowsExportUrl('steam-accounts.extended', many, many.length + 1)).toBeUndefined();
  });
});
