import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/test/render';

import { ToolbarFilters } from './toolbar-filters';

interface Filters {
  search: string;
  paymentMethod: string;
  tagIds: number[];
}

describe('ToolbarFilters', () => {
  it('labels each filter by its field, writes a change under its key and asks for no label it does not show', async () => {
    const warn = vi.spyOn(console, 'warn');
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <ToolbarFilters<Filters>
        filters={{ search: '', paymentMethod: '', tagIds: [] }}
        onChange={onChange}
        specs={[
          { kind: 'search', key: 'search' },
          { kind: 'enum', key: 'paymentMethod', values: ['card', 'cash'], width: 160 },
          { kind: 'tags', key: 'tagIds', width: 200 },
        ]}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Поиск' }), 'a');
    expect(onChange).toHaveBeenLastCalledWith({ search: 'a' });
    await user.click(screen.getByRole('combobox', { name: 'Способ оплаты' }));
    await user.click(await screen.findByRole('option', { name: 'Карта' }));
    expect(onChange).toHaveBeenLastCalledWith({ paymentMethod: 'card' });
    expect(warn.mock.calls.flat().filter((text) => String(text).includes('missing key'))).toEqual([]);
    warn.mockRestore();
  });

  it('brings the tags list in on the first focus and writes the chosen tags ids', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <ToolbarFilters<Filters>
        filters={{ search: '', paymentMethod: '', tagIds: [] }}
        onChange={onChange}
        specs={[{ kind: 'tags', key: 'tagIds', width: 200 }]}
      />,
    );
    // Until used it is a plain field (the list's script is not loaded yet): no options.
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Теги' }));
    await user.click(await screen.findByRole('option', { name: 'Farm' }));
    expect(onChange).toHaveBeenLastCalledWith({ tagIds: [12] });
  });

  it('shows the chosen tags at once when the filters already hold some', async () => {
    renderWithProviders(
      <ToolbarFilters<Filters>
        filters={{ search: '', paymentMethod: '', tagIds: [11] }}
        onChange={vi.fn()}
        specs={[{ kind: 'tags', key: 'tagIds', width: 200 }]}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Main' })).toBeTruthy();
  });
});
