import type { BotSteamConfirmation } from '@toydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { botJob } from '@/test/bot-job';
import { jsonResponse, listPage } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';

import { SteamGuardScreen } from './steam-guard-screen';

const TRADE: BotSteamConfirmation = {
  id: '13151535331001',
  object_id: '7000000000000001',
  kind: 'trade',
  title: 'Trade Offer - Trade with skin_trader_77',
  summary: ['You will give up 1 item(s)'],
  created_at: '2026-01-01T10:00:00Z',
  trade: { partner_steam_id: '76561198100000001', give: ['AK-47 | Redline (Field-Tested)'], receive: [] },
};
const LISTING: BotSteamConfirmation = {
  id: '13151535331002',
  object_id: '5000000000000002',
  kind: 'market_listing',
  title: 'Market Listing - Sell - AWP | Asiimov (Field-Tested)',
  summary: ['1234 (1420)'],
  created_at: '2026-01-01T10:01:00Z',
  trade: null,
};

function stubGuard(options: { noSecret?: boolean } = {}) {
  let pending = [TRADE, LISTING];
  return stubApi(({ url, method, body }) => {
    if (url.includes('/api/steam/accounts/'))
      return jsonResponse(listPage([{ id: 7, steam_account_name: 'trade_bot_07' }]));
    if (url.includes('/guard-code/'))
      return options.noSecret
        ? jsonResponse({ detail: 'no shared_secret', code: 'no_shared_secret' }, 400)
        : jsonResponse({ code: 'B7KQ2', valid_for_seconds: 17, generated_at: '2026-01-01T10:00:13Z' });
    if (url.includes('/confirmations/accept/') || url.includes('/confirmations/decline/')) {
      const ids = (body as { confirmation_ids: string[] }).confirmation_ids;
      const accept = url.includes('/accept/');
      pending = pending.filter((entry) => !ids.includes(entry.id));
      return jsonResponse(
        botJob('a1', {
          state: 'done',
          result: {
            accept,
            results: ids.map((id) => ({
              id,
              object_id: '1',
              kind: 'trade',
              title: 't',
              status: 'done',
              error: null,
            })),
          },
        }),
      );
    }
    if (url.includes('/confirmations/') && method === 'GET')
      return jsonResponse(botJob('l1', { state: 'done', result: { confirmations: pending } }));
    return undefined;
  });
}

describe('SteamGuardScreen', () => {
  it('shows the code with its countdown, never a secret, and the confirmations in Russian', async () => {
    const calls = stubGuard();
    renderWithProviders(<SteamGuardScreen />, { path: '/steam-account/guard?account=7' });
    expect((await screen.findByTestId('guard-code')).textContent).toMatch('B7KQ2');
    expect(screen.getByTestId('guard-code-left').textContent).toMatch(/Действует ещё 1[0-7] секунд/);
    expect(await screen.findByText('Обмен с skin_trader_77')).toBeTruthy();
    expect(screen.getByText('Продажа: AWP | Asiimov (Field-Tested)')).toBeTruthy();
    expect(screen.getByText(/Отдаёте: AK-47 \| Redline \(Field-Tested\)/)).toBeTruthy();
    expect(screen.getByText('Продажа на торговой площадке')).toBeTruthy();
    expect(calls.some((call) => call.url.includes('/api-node/steam/7/guard-code/'))).toBe(true);
  });

  it('accepts one at once; declines the selected ones after a prompt naming the account; results per id', async () => {
    const calls = stubGuard();
    const user = userEvent.setup();
    renderWithProviders(<SteamGuardScreen />, { path: '/steam-account/guard?account=7' });
    await user.click(await screen.findByRole('button', { name: `Принять подтверждение ${TRADE.id}` }));
    const results = await screen.findByTestId('answer-results');
    expect(results.textContent).toMatch('Принято 1 подтверждение');
    expect(results.textContent).toMatch(`№ ${TRADE.id} · Обмен с skin_trader_77: Принято`);
    const accept = calls.find((call) => call.url.includes('/confirmations/accept/'));
    expect(accept?.body).toEqual({ confirmation_ids: [TRADE.id] });

    await waitFor(() => expect(screen.queryByText('Обмен с skin_trader_77')).toBeNull());
    await user.click(screen.getByRole('checkbox', { name: 'Выбрать все подтверждения' }));
    await user.click(screen.getByRole('button', { name: 'Отклонить выбранные (1)' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch('Отклонить 1 подтверждение?');
    expect(dialog.textContent).toMatch('Аккаунт trade_bot_07');
    expect(dialog.textContent).toMatch('Продажа: AWP | Asiimov (Field-Tested)');
    await user.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
    await waitFor(() =>
      expect(screen.getByTestId('answer-results').textContent).toMatch('Отклонено 1 подтверждение'),
    );
    expect(calls.find((call) => call.url.includes('/confirmations/decline/'))?.body).toEqual({
      confirmation_ids: [LISTING.id],
    });
    expect(await screen.findByText('Нет подтверждений, ожидающих ответа.')).toBeTruthy();
  });

  it('says when the account has no authenticator', async () => {
    stubGuard({ noSecret: true });
    renderWithProviders(<SteamGuardScreen />, { path: '/steam-account/guard?account=7' });
    expect(await screen.findByText(/нет мобильного аутентификатора/)).toBeTruthy();
  });
});
