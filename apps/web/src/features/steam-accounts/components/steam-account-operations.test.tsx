import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { notifications } from '@/lib/notifications';
import { botJob } from '@/test/bot-job';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';

import { steamAccountRow } from '../testing/steam-account-row';
import { SteamAccountsScreen } from './steam-accounts-screen';

const rows = [
  steamAccountRow(1, { steam_id: '76561198000000001', login: 'tb01', tags: [11] }),
  steamAccountRow(2, { status: 'banned' }),
  steamAccountRow(3),
];

/** The back end and the bot service; `write` answers every non-GET call. */
function stubServices(write: (call: ApiCall) => Response) {
  let jobReads = 0;
  return stubApi(({ url }) => {
    if (url.includes('/api/steam/accounts/extended/'))
      return jsonResponse({ count: rows.length, next: null, previous: null, results: rows });
    if (url.includes('/api/settings/server'))
      return jsonResponse({
        count: 1,
        next: null,
        previous: null,
        results: [{ id: 4, name: 'eu-1', comment: null, created_at: '2026-01-01T00:00:00Z' }],
      });
    if (url.includes('/api-node/proxy/'))
      return jsonResponse({ count: 0, next: null, previous: null, results: [] });
    if (url.includes('/api-node/jobs/')) {
      jobReads += 1;
      return jsonResponse(
        botJob('j9', {
          kind: 'steam.relogin',
          state: jobReads > 1 ? 'done' : 'running',
          attempts: 1,
          result: jobReads > 1 ? { session: 'fresh' } : null,
        }),
      );
    }
  }, write);
}

describe('Steam accounts: operations', () => {
  it('deletes the selected accounts after a confirmation', async () => {
    const calls = stubServices(() => new Response(null, { status: 204 }));
    const user = userEvent.setup();
    renderWithProviders(<SteamAccountsScreen />);
    await user.click(await screen.findByRole('checkbox', { name: 'Выбрать trade_bot_01' }));
    await user.click(screen.getByRole('checkbox', { name: 'Выбрать trade_bot_03' }));
    expect(within(screen.getByTestId('selection-bar')).getByText('Выбрано 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Удалить выбранные' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/trade_bot_01, trade_bot_03/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      expect.stringMatching(/\/api\/steam\/accounts\/1\/$/),
      expect.stringMatching(/\/api\/steam\/accounts\/3\/$/),
    ]);
    expect(notifications.list().at(-1)).toMatchObject({ text: 'Удалено 2 аккаунта', color: 'success' });
  });

  it('sets the ticked fields on every selected account in one bulk call', async () => {
    const calls = stubServices(() => jsonResponse({ updated: 3, results: [] }));
    const user = userEvent.setup();
    renderWithProviders(<SteamAccountsScreen />);
    await user.click(await screen.findByRole('checkbox', { name: 'Выбрать все' }));
    await user.click(screen.getByRole('button', { name: 'Изменить выбранные' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByTestId('bulk-apply') as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Статус' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Группа серверов' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Группа серверов' }));
    await user.click(await screen.findByRole('option', { name: 'eu-1' }));
    await user.click(within(dialog).getByTestId('bulk-apply'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toMatch(/\/api\/steam\/accounts\/bulk-update-by-ids\/$/);
    expect(post.body).toEqual({ ids: [1, 2, 3], fields: { status: 'active', server_group: 4 } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('adds a tag to the selected accounts, keeping the tags each already has', async () => {
    const calls = stubServices(() => jsonResponse({ updated: 1, results: [] }));
    const user = userEvent.setup();
    renderWithProviders(<SteamAccountsScreen />);
    await user.click(await screen.findByRole('checkbox', { name: 'Выбрать trade_bot_01' }));
    await user.click(screen.getByRole('checkbox', { name: 'Выбрать trade_bot_02' }));
    await user.click(screen.getByRole('button', { name: 'Изменить выбранные' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Теги' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Действие с тегами' }));
    await user.click(await screen.findByRole('option', { name: 'Добавить' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Теги' }));
    await user.click(await screen.findByRole('option', { name: 'Farm' }));
    await user.click(within(dialog).getByTestId('bulk-apply'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { ids: [1], fields: { tags: [11, 12] } },
      { ids: [2], fields: { tags: [12] } },
    ]);
  });

  it('runs a relogin from the row menu and follows its job to the end', async () => {
    const calls = stubServices((call) =>
      call.url.includes('/api-node/steam/2/relogin')
        ? jsonResponse(botJob('j9', { kind: 'steam.relogin' }), 202)
        : jsonResponse({}, 404),
    );
    const user = userEvent.setup();
    renderWithProviders(<SteamAccountsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Действия с trade_bot_02' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Перелогин' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('run-action'));
    await waitFor(() => expect(within(dialog).getByTestId('job-state').textContent).toBe('Готово'), {
      timeout: 4000,
    });
    // The result reads as a sentence (the job-results formatter); the raw JSON only behind «Подробнее».
    const result = within(dialog).getByTestId('job-result').textContent ?? '';
    expect(result).toBeTruthy();
    expect(result).not.toMatch(/[{}]/);
    expect(
      calls.some((call) => call.method === 'POST' && call.url.includes('/api-node/steam/2/relogin')),
    ).toBe(true);
  });

  it('imports maFiles into the accounts they belong to', async () => {
    const calls = stubServices((call) =>
      call.url.includes('/import-mafile')
        ? jsonResponse(botJob('j9', { kind: 'signup.import_mafile' }), 202)
        : jsonResponse({}, 404),
    );
    const user = userEvent.setup();
    renderWithProviders(<SteamAccountsScreen />);
    await screen.findByText('trade_bot_01');
    await user.click(screen.getByRole('button', { name: 'Импорт maFile' }));
    const dialog = await screen.findByRole('dialog');
    const good = new File(
      ['{"shared_secret":"c2VjcmV0","account_name":"tb01","Session":{"SteamID":76561198000000001}}'],
      'tb01.maFile',
    );
    const bad = new File(['nope'], 'broken.maFile');
    fireEvent.change(within(dialog).getByTestId('mafile-input'), { target: { files: [good, bad] } });
    expect(await within(dialog).findByText('Не JSON-файл')).toBeTruthy();
    await user.click(within(dialog).getByTestId('mafile-import'));
    await waitFor(() => expect(within(dialog).getByTestId('job-state')).toBeTruthy());
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toMatch(/\/api-node\/singup\/1\/import-mafile$/);
    expect(post.body).toMatchObject({ mafile: { shared_secret: 'c2VjcmV0', account_name: 'tb01' } });
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});
