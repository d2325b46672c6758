import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { Providers } from '@/test/render';

import { VirtualTable, type VirtualColumn } from './virtual-table';

interface Row {
  id: number;
  name: string;
}

const columns: VirtualColumn<Row>[] = [
  { id: 'id', header: 'ID', width: 80, sortable: true, render: (row) => row.id },
  { id: 'name', header: 'Name', grow: 1, render: (row) => row.name },
];

const rows = Array.from({ length: 50_000 }, (_, index) => ({ id: index + 1, name: `Item ${index + 1}` }));

describe('VirtualTable', () => {
  it('renders 50,000 rows with only the visible few in the DOM', async () => {
    render(
      <Providers>
        <VirtualTable rows={rows} columns={columns} getRowId={(row) => row.id} label="Items" height={600} />
      </Providers>,
    );
    expect(await screen.findByText('Item 1')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Items' });
    expect(table.getAttribute('aria-rowcount')).toBe('50001');
    const rendered = screen.getAllByRole('row').length - 1;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(60);
    expect(screen.getByText('Item 1')).toBeTruthy();
    expect(screen.queryByText('Item 50000')).toBeNull();
  });

  it('sorts by a header click: ascending, descending, none', () => {
    const onSortChange = vi.fn();
    const { rerender } = render(
      <Providers>
        <VirtualTable
          rows={rows.slice(0, 3)}
          columns={columns}
          getRowId={(r) => r.id}
          label="T"
          onSortChange={onSortChange}
        />
      </Providers>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'ID' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'id', desc: false });
    rerender(
      <Providers>
        <VirtualTable
          rows={rows.slice(0, 3)}
          columns={columns}
          getRowId={(r) => r.id}
          label="T"
          sort={{ id: 'id', desc: false }}
          onSortChange={onSortChange}
        />
      </Providers>,
    );
    expect(screen.getByRole('columnheader', { name: 'ID' }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'ID' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'id', desc: true });
  });

  it('asks for more rows when the end comes into view, and says when it is empty', () => {
    const onEndReached = vi.fn();
    const { rerender } = render(
      <Providers>
        <VirtualTable
          rows={rows.slice(0, 10)}
          columns={columns}
          getRowId={(r) => r.id}
          label="T"
          onEndReached={onEndReached}
        />
      </Providers>,
    );
    expect(onEndReached).toHaveBeenCalled();
    rerender(
      <Providers>
        <VirtualTable rows={[]} columns={columns} getRowId={(r) => r.id} label="T" emptyText="Нет данных" />
      </Providers>,
    );
    expect(screen.getByText('Нет данных')).toBeTruthy();
  });
});
