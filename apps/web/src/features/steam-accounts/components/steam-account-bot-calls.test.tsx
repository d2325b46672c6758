import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { botJob } from '@/test/bot-job';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';

import { steamAccountRow } from '../testing/steam-account-row';
import { SteamAccountsScreen } from './steam-accounts-screen';

const TRADE_URL = 'https://steamcommunity.com/tradeoffer/new/?partner=40000003&token=abc';
const rows = [steamAccountRow(1), steamAccountRow(2), steamAccountRow(3, { trade_url: TRADE_URL })];

/** The back end and the bot service: every POST starts job j7, which is done at its first read. */
function stubServices() {
  return stubApi(
    ({ url }) => {
      if (url.includes('/api/steam/accounts/extended/'))
        return jsonResponse({ count: rows.length, next: null, previous: null, results: rows });
      if (url.includes('/api/settings/server') || url.includes('/api-node/proxy/'))
        return jsonResponse({ count: 0, next: null, previous: null, results: [] });
      if (url.includes('/api-node/jobs/'))
        return jsonResponse(
          botJob('j7', { kind: 'signup.action', state: 'done', attempts: 1, result: { done: true } }),
        );
    },
    (call: ApiCall) =>
      call.url.includes('/get-random-avatars/')
        ? jsonResponse({ results: [{ name: 'fox', url: 'https://img.test/fox.png' }] })
        : jsonResponse(botJob('j7', { kind: 'signup.action' }), 202),
  );
}

/** Opens the row menu of trade_bot_02, the submenu `group` and its `action`: the action's dialog. */
async function openAction(user: ReturnType<typeof userEvent.setup>, group: string, action: string) {
  await user.click(await screen.findByRole('button', { name: 'Действия с trade_bot_02' }));
  await user.click(await screen.findByRole('menuitem', { name: group }));
  const submenu = await screen.findByRole('menu', { name: group });
  await user.click(within(submenu).getByRole('menuitem', { name: action }));
  return screen.findByRole('dialog');
}

async function runAndFinish(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.click(within(dialog).getByTestId('run-action'));
  await waitFor(() => expect(within(dialog).getByTestId('job-state').textContent).toBe('Готово'), {
    timeout: 4000,
  });
}

const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

describe('Steam accounts: the bot calls of the row menu', () => {
  it('keeps the everyday actions on top and the rest in submenus', async () => {
    stubServices();
    const user = userEvent.setup();
    renderWithProviders(<SteamAccountsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Действия с trade_bot_02' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(
      expect.arrayContaining([
        'Перелогин',
        'Баланс Steam-кошелька',
        'Профиль и оформление',
        'Группы и лента',
        'Инвентарь',
        'Обмены',
        'Почта',
      ]),
    );
    expect(items.length).toBeLessThanOrEqual(14);
  });

  it('joins a group by its 64-bit id, sent as a string', async () => {
    const calls = stubServices();
    const user = userEvent.setup();
    renderWithProviders(<SteamAccountsScreen />);
    const dialog = await openAction(user, 'Группы и лента', 'Вступить в группу');
    await user.type(within(dialog).getByRole('textbox', { name: 'ID группы' }), 'abc');
    await user.click(within(dialog).getByTestId('run-action'));
    expect(await within(dialog).findByText('Неверное значение')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
    await user.clear(within(dialog).getByRole('textbox', { name: 'ID группы' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'ID группы' }), '103582791429521408');
    await runAndFinish(user, dialog);
    expect(posts(calls)).toEqual([
      expect.objectContaining({
        url: expect.stringMatching(/\/api-node\/singup\/2\/subscribe-to-group$/),
        body: { group_id: '103582791429521408' },
      }),
    ]);
  });

  it('sets the profile theme picked from the list and edits the profile fields', async () => {
    const calls = stubServices();
    const user = userEvent.setup();
    renderWithProviders(<SteamAccountsScreen />);
    let dialog = await openAction(user, 'Профиль и оформление', 'Тема профиля');
    await user.click(within(dialog).getByRole('combobox', { name: 'Тема' }));
    await user.click(await screen.findByRole('option', { name: 'Полночь' }));
    await runAndFinish(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openAction(user, 'Профиль и оформление', 'Изменить данные профиля');
    await user.click(within(dialog).getByTestId('run-action'));
    expect(await within(dialog).findByText('Заполните хотя бы одно поле')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Имя профиля' }), 'Walker');
    await user.type(within(dialog).getByRole('textbox', { name: 'Город' }), 'Казань');
    await runAndFinish(user, dialog);
    expect(posts(calls).map((call) => [call.url.replace(/^.*\/singup\//, ''), call.body])).toEqual([
      ['2/steam/decorate/set-theme', { theme: 'Midnight' }],
      ['2/edit-profile-info', { name: 'Walker', city: 'Казань' }],
    ]);
  });

  it('sends a trade offer to our own account with asset ids as strings', async () => {
    const calls = stubServices();
    const user = userEvent.setup();
    renderWithProviders(<SteamAccountsScreen />);
    const dialog = await openAction(user, 'Обмены', 'Отправить предложение обмена');
    await user.click(within(dialog).getByRole('combobox', { name: 'Партнёр — наш аккаунт' }));
    await user.click(await screen.findByRole('option', { name: /trade_bot_03/ }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'ID предметов в Steam' }),
      '38350177038{Enter}9007199254740993',
    );
    await runAndFinish(user, dialog);
    expect(posts(calls)).toEqual([
      expect.objectContaining({
        url: expect.stringMatching(/\/api-node\/steam\/2\/create-offer$/),
        body: {
          trade_url: TRADE_URL,
          assets: [
            { app_id: 730, context_id: '2', asset_id: '38350177038' },
            { app_id: 730, context_id: '2', asset_id: '9007199254740993' },
          ],
        },
      }),
    ]);
  });

  it('turns an item into gems, follows the last email and lists random avatars', async () => {
    const calls = stubServices();
    const user = userEvent.setup();
    renderWithProviders(<SteamAccountsScreen />);
    let dialog = await openAction(user, 'Инвентарь', 'Разобрать предмет на самоцветы');
    await user.type(within(dialog).getByRole('textbox', { name: 'ID предмета в Steam' }), '38350177038');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'ID игры предмета' }), '440');
    await runAndFinish(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    dialog = await openAction(user, 'Почта', 'Перейти по ссылке из последнего письма');
    await runAndFinish(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    dialog = await openAction(user, 'Профиль и оформление', 'Случайные аватары');
    await user.click(within(dialog).getByTestId('run-action'));
    expect(await within(dialog).findByText('fox')).toBeTruthy();
    expect(posts(calls).map((call) => [call.url.replace(/^.*\/api-node\//, ''), call.body])).toEqual([
      ['singup/2/turn-item-into-gems', { asset_id: '38350177038', app_id: 440 }],
      ['singup/email-and-phone/follow-to-last-email/', { id: 2 }],
      ['singup/get-random-avatars/', { count: 6 }],
    ]);
  });
});
