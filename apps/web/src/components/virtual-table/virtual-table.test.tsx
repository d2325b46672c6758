import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { Providers } from '@/test/render';

import { VirtualTable, type VirtualColumn, type VirtualTableProps } from './virtual-table';

interface Row {
  id: number;
  name: string;
}

const columns: VirtualColumn<Row>[] = [
  { id: 'id', header: 'ID', width: 80, sortable: true, render: (row) => row.id },
  { id: 'name', header: 'Name', grow: 1, render: (row) => row.name },
];

const rows = Array.from({ length: 50_000 }, (_, index) => ({ id: index + 1, name: `Item ${index + 1}` }));

/** The table under test in the app's providers: the 50,000 rows and two columns unless a test says otherwise. */
function itemsTable(props: Partial<VirtualTableProps<Row>> = {}) {
  return (
    <Providers>
      <VirtualTable rows={rows} columns={columns} getRowId={(row) => row.id} label="T" {...props} />
    </Providers>
  );
}

describe('VirtualTable', () => {
  it('renders 50,000 rows with only the visible few in the DOM', async () => {
    render(itemsTable({ label: 'Items', height: 600 }));
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
    const { rerender } = render(itemsTable({ rows: rows.slice(0, 3), onSortChange }));
    fireEvent.click(screen.getByRole('button', { name: 'ID' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'id', desc: false });
    rerender(itemsTable({ rows: rows.slice(0, 3), sort: { id: 'id', desc: false }, onSortChange }));
    expect(screen.getByRole('columnheader', { name: 'ID' }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'ID' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'id', desc: true });
  });

  it('shows how much of a big list is loaded while it loads, and an open-ended bar otherwise', () => {
    // A fixed bar, not the animated one: that one lays out and paints every frame (issue 15).
    const { rerender } = render(
      itemsTable({ rows: rows.slice(0, 5_000), totalCount: 50_000, loading: true }),
    );
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('10');
    rerender(itemsTable({ rows: [], totalCount: 0, loading: true }));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBeNull();
    rerender(itemsTable({ rows: rows.slice(0, 5_000), totalCount: 5_000, loading: true }));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBeNull();
  });

  it('asks for more rows when the end comes into view, and says when it is empty', () => {
    const onEndReached = vi.fn();
    const { rerender } = render(itemsTable({ rows: rows.slice(0, 10), onEndReached }));
    expect(onEndReached).toHaveBeenCalled();
    rerender(itemsTable({ rows: [], emptyText: 'Нет данных' }));
    expect(screen.getByText('Нет данных')).toBeTruthy();
  });

  it('hands a row leaving the view its element to the row entering it, and drops focus from it', async () => {
    const withCheckbox: VirtualColumn<Row>[] = [
      ...columns,
      { id: 'pick', header: '', render: (row) => <input type="checkbox" aria-label={`pick ${row.id}`} /> },
    ];
    render(itemsTable({ columns: withCheckbox, label: 'Items', height: 600 }));
    const firstRow = (await screen.findByText('Item 1')).closest('[role="row"]');
    screen.getByRole('checkbox', { name: 'pick 1' }).focus();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'pick 1' }));
    const table = screen.getByRole('table', { name: 'Items' });
    // jsdom keeps no scroll offset of its own.
    let scrollTop = 0;
    Object.defineProperty(table, 'scrollTop', {
      configurable: true,
      get: () => scrollTop,
      set: (value: number) => (scrollTop = value),
    });
    await act(async () => {
      scrollTop = 36 * 1000;
      fireEvent.scroll(table);
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(await screen.findByText('Item 1001')).toBeTruthy();
    expect(screen.queryByText('Item 1')).toBeNull();
    // The first row's element is still in the table, showing a row of the new view.
    expect(firstRow?.isConnected).toBe(true);
    expect(firstRow?.textContent).not.toContain('Item 1\u200b');
    expect(Number(firstRow?.getAttribute('data-index'))).toBeGreaterThan(990);
    expect(document.activeElement).toBe(document.body);
  });

  it('pins the row actions at the right edge, a second pinned column just before them, and the header with them', () => {
    const pinnedColumns: VirtualColumn<Row>[] = [
      ...columns,
      { id: 'tune', header: '', width: 44, pinned: 'right', render: () => <button type="button">T</button> },
      { id: '__actions', header: '', width: 80, render: () => <button type="button">E</button> },
    ];
    render(itemsTable({ rows: rows.slice(0, 2), columns: pinnedColumns, label: 'P' }));
    const [row] = screen.getAllByRole('row').slice(1);
    const cells = within(row!).getAllByRole('cell');
    const [tune, actions] = cells.slice(-2);
    expect(actions!.style.position).toBe('sticky');
    expect(actions!.style.right).toBe('0px');
    expect(tune!.style.position).toBe('sticky');
    expect(tune!.style.right).toBe('80px');
    // Only the leftmost pinned cell casts the shadow.
    expect(tune!.className).toBe('vt-pin vt-pin-edge');
    expect(actions!.className).toBe('vt-pin');
    expect(cells[0]!.style.position).toBe('');
    const headers = screen.getAllByRole('columnheader');
    expect(headers.at(-1)!.style.position).toBe('sticky');
  });

  it("shows a header's text whole, wrapping between words, and its longer title as the tooltip", () => {
    render(
      itemsTable({
        rows: rows.slice(0, 1),
        columns: [{ ...columns[0]!, header: 'Держать онлайн', headerTitle: 'Держать аккаунт онлайн' }],
        label: 'H',
      }),
    );
    const header = screen.getByRole('columnheader');
    expect(header.getAttribute('title')).toBe('Держать аккаунт онлайн');
    const text = within(header).getByText('Держать онлайн');
    expect(text.style.whiteSpace).toBe('normal');
    expect(text.style.textOverflow).toBe('');
  });
});
