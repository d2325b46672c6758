import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { notifications } from '@/lib/notifications';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';

import { ServerGroupsScreen } from './server-groups-screen';

const group = {
  id: 4,
  name: 'eu-1',
  hosts: ['10.1.0.1'],
  description: null,
  created_at: '2026-01-01T00:00:00Z',
};

function stub(write: (call: ApiCall) => Response) {
  return stubApi(({ url }) => {
    if (url.includes('/api/settings/server/'))
      return jsonResponse({ count: 1, next: null, previous: null, results: [group] });
  }, write);
}

describe('reference screens (server groups)', () => {
  it('creates a group with its hosts', async () => {
    const calls = stub(() => jsonResponse({ ...group, id: 5, name: 'us-1' }, 201));
    const user = userEvent.setup();
    renderWithProviders(<ServerGroupsScreen />);
    expect(await screen.findByText('eu-1')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Название/), 'us-1');
    await user.type(within(dialog).getByLabelText(/Хосты/), '10.2.0.1{Enter}10.2.0.2{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toMatch(/\/api\/settings\/server\/$/);
    expect(post.body).toMatchObject({ name: 'us-1', hosts: ['10.2.0.1', '10.2.0.2'] });
    expect(notifications.list().at(-1)).toMatchObject({ text: 'Запись создана', color: 'success' });
  });

  it('deletes a group after a confirmation', async () => {
    const calls = stub(() => new Response(null, { status: 204 }));
    const user = userEvent.setup();
    renderWithProviders(<ServerGroupsScreen />);
    await screen.findByText('eu-1');
    await user.click(screen.getByRole('button', { name: 'Удалить' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Удалить «eu-1»?')).toBeTruthy();
    await user.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      expect.stringMatching(/\/api\/settings\/server\/4$/),
    ]);
  });
});
