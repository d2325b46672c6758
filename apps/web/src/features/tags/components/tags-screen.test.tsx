import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, listPage, tag } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';

import { TagsScreen } from './tags-screen';

afterEach(() => vi.unstubAllGlobals());

function stub() {
  return stubApi(
    ({ url }) =>
      url.includes('/api/tag/') ? jsonResponse(listPage([tag(11, 'Main'), tag(12, 'Farm')])) : undefined,
    (call) => jsonResponse({ ...tag(13, 'x'), ...(call.body as object) }, 201),
  );
}

async function openCreate() {
  const user = userEvent.setup();
  renderWithProviders(<TagsScreen />);
  await screen.findByText('Farm');
  await user.click(screen.getByRole('button', { name: 'Создать' }));
  return { user, dialog: await screen.findByRole('dialog') };
}

describe('Tags screen', () => {
  it('takes the colour from a palette of swatches, no free #hex text', async () => {
    const calls = stub();
    const { user, dialog } = await openCreate();
    expect(within(dialog).queryByRole('textbox', { name: 'Цвет' })).toBeNull();
    const palette = within(dialog).getByRole('radiogroup', { name: 'Цвет тега' });
    // The contract's default colour is the chosen swatch of a new tag.
    expect(within(palette).getByRole('radio', { checked: true }).getAttribute('data-color')).toBe('#1976d2');
    await user.click(within(palette).getByRole('radio', { name: 'Красный (#d32f2f)' }));
    expect(within(palette).getByRole('radio', { checked: true }).getAttribute('data-color')).toBe('#d32f2f');
    await user.type(within(dialog).getByRole('textbox', { name: 'Название' }), 'Срочно');
    await user.click(within(dialog).getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Срочно', color: '#d32f2f' });
  });

  it('refuses a name another tag has, in any case, before sending', async () => {
    const calls = stub();
    const { user, dialog } = await openCreate();
    await user.type(within(dialog).getByRole('textbox', { name: 'Название' }), ' farm');
    await user.click(within(dialog).getByRole('button', { name: 'Создать' }));
    expect(await within(dialog).findByText('Тег с таким названием уже есть')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
