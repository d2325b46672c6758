import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { jsonResponse, listPage } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';

import { ItemNameField } from './item-name-field';

const NAMES = ['AK-47 | Redline (Field-Tested)', 'AK-47 | Redline (Minimal Wear)'];

function Field({ onName }: { onName: (name: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <ItemNameField
      value={value}
      width={300}
      onChange={(next) => {
        setValue(next);
        onName(next);
      }}
    />
  );
}

describe('ItemNameField', () => {
  it('offers the catalogue names matching what was typed and sets the exact name picked', async () => {
    const calls = stubApi(({ url }) =>
      url.includes('/api/toy/toys/')
        ? jsonResponse(listPage(NAMES.map((market_hash_name, i) => ({ id: i + 1, market_hash_name }))))
        : undefined,
    );
    const names: string[] = [];
    const user = userEvent.setup();
    renderWithProviders(<Field onName={(name) => names.push(name)} />);
    await user.type(screen.getByTestId('profit-item'), 'redline');
    await user.click(await screen.findByRole('option', { name: NAMES[1] }));
    // Only the pick reached the screen, not every letter typed.
    expect(names).toEqual([NAMES[1]]);
    // One search per pause in typing, by the text typed.
    await waitFor(() => expect(calls.some((c) => c.url.includes('search=redline'))).toBe(true));
    expect(calls.filter((c) => c.url.includes('search=r&') || c.url.endsWith('search=r'))).toEqual([]);
  });

  it('takes a whole name typed on Enter, and nothing on the clear button when already empty', async () => {
    stubApi(({ url }) => (url.includes('/api/toy/toys/') ? jsonResponse(listPage([])) : undefined));
    const names: string[] = [];
    const user = userEvent.setup();
    renderWithProviders(<Field onName={(name) => names.push(name)} />);
    await user.type(screen.getByTestId('profit-item'), 'Falchion Case{Enter}');
    expect(names).toEqual(['Falchion Case']);
    await user.clear(screen.getByTestId('profit-item'));
    await user.tab();
    expect(names).toEqual(['Falchion Case', '']);
  });
});
