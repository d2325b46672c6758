import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BotTradingStatus } from '@toydesk/contract';
import { describe, expect, it } from 'vitest';

import { notifications } from '@/lib/notifications';
import { botJob } from '@/test/bot-job';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';

import { marketAccountRow } from '../testing/market-account-row';
import { MarketAccountsScreen } from './market-accounts-screen';

const rows = [
  marketAccountRow(1, { proxy: 3, proxy_label: 'http://10.0.0.11:3128' }),
  marketAccountRow(2, {
    market: 'steam',
    market_name: 'Steam',
    label: 'Steam trade_bot_02',
    online: false,
    auto_sell: true,
  }),
];

const deliver: BotTradingStatus = {
  market_account: 1,
  loop: 'deliver',
  enabled: false,
  dry_run: true,
  state: 'failed',
  last_run_at: '2026-11-22T01:00:00Z',
  next_run_at: null,
  last_summary: '2 deliveries in progress (dry run: 2 offer-sent)',
  last_summary_text: {
    code: 'deliver.done',
    params: { sent: 0, would_send: 0, ready: 0, delivered: 0, failed: 0, in_progress: 2 },
    dry_run: { 'offer-sent': 2 },
  },
  last_error: 'Steam session lost',
  last_job: 'job-0',
  recent_actions: [
    {
      at: '2026-11-22T01:00:00Z',
      kind: 'offer-sent',
      dry_run: true,
      detail: { offer_code: 'X1', deals: ['77'], items: ['AK-47 | Redline (Field-Tested)'], partner: 5 },
    },
  ],
};

function stubServices(onWrite: (call: ApiCall) => Response, jobReads: BotTradingStatus[] = [deliver]) {
  let jobPolls = 0;
  const calls = stubApi(({ url }) => {
    if (url.includes('/api/market/accounts/extended/'))
      return jsonResponse({ count: rows.length, next: null, previous: null, results: rows });
    if (url.includes('/api-node/trading/')) return jsonResponse({ results: jobReads });
    if (url.includes('/api-node/spend-guards/'))
      return jsonResponse({
        results: [
          {
            market_account: 1,
            daily_cap: '1000.000',
            currency: 'RUB',
            max_price_percent: 130,
            spent_today: '250.000',
            unknown_today: 1,
            updated_at: '2026-11-22T00:00:00Z',
          },
        ],
      });
    if (url.includes('/api-node/proxy/'))
      return jsonResponse({ count: 0, next: null, previous: null, results: [] });
    if (url.includes('/api-node/alerts/'))
      return jsonResponse({
        count: 1,
        next: null,
        previous: null,
        results: [
          {
            id: 5,
            kind: 'steam-session',
            severity: 'error',
            message: 'Сессия Steam потеряна',
            market_account: 1,
            steam_account: 1,
            proxy: null,
            details: {},
            count: 3,
            first_at: '2026-11-22T00:00:00Z',
            last_at: '2026-11-22T01:00:00Z',
            acknowledged_at: null,
          },
        ],
      });
    if (url.includes('/api-node/jobs/job-1/')) {
      jobPolls += 1;
      return jsonResponse(
        botJob('job-1', { kind: 'trading.deliver', state: 'done', attempts: 1, result: { sent: 2 } }),
      );
    }
  }, onWrite);
  return { calls, jobPolls: () => jobPolls };
}

describe('Market accounts screen', () => {
  it('shows what each account spent today against its daily cap, and unknown spending calls', async () => {
    stubServices(() => jsonResponse({}));
    renderWithProviders(<MarketAccountsScreen />);
    const cell = await screen.findByTestId('spent-today-1');
    // The account's currency as its symbol, like the balance column (₽ for RUB, $ for USD).
    expect(cell.textContent).toContain('250 / 1000\u00a0₽');
    expect(cell.textContent).toContain('⚠ 1');
    expect(screen.getByText('Потрачено сегодня')).toBeTruthy();
  });

  it('lists the accounts per market and toggles a loop switch through the bulk endpoint', async () => {
    const { calls } = stubServices(() => jsonResponse({ updated: 1, results: [] }));
    const user = userEvent.setup();
    renderWithProviders(<MarketAccountsScreen />);
    expect(await screen.findByText('trade_bot_01')).toBeTruthy();
    expect(screen.getByText('http://10.0.0.11:3128')).toBeTruthy();
    expect(screen.getAllByText('••••3f9a')).toHaveLength(2);

    await user.click(screen.getByRole('tab', { name: 'Steam' }));
    await waitFor(() => expect(screen.queryByText('trade_bot_01')).toBeNull());
    expect(screen.getByText('trade_bot_02')).toBeTruthy();
    expect(screen.getByTestId('row-count').textContent).toBe('Показано 1 из 2');

    await user.click(screen.getByRole('tab', { name: 'Все площадки' }));
    await user.click(await screen.findByRole('switch', { name: 'Автопродажа: Market CSGO trade_bot_01' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toMatch(/\/api\/market\/accounts\/bulk-update-by-ids\/$/);
    expect(post.body).toEqual({ ids: [1], fields: { auto_sell: true } });
  });

  it('bulk-updates the selected accounts with only the chosen fields', async () => {
    const { calls } = stubServices(() => jsonResponse({ updated: 2, results: [] }));
    const user = userEvent.setup();
    renderWithProviders(<MarketAccountsScreen />);
    await user.click(await screen.findByRole('checkbox', { name: 'Выбрать все аккаунты' }));
    expect(screen.getByTestId('selection-bar')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Изменить выбранные' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Пробный режим'));
    await user.click(await screen.findByRole('option', { name: 'Выключить' }));
    await user.click(within(dialog).getByLabelText('Статус'));
    await user.click(await screen.findByRole('option', { name: 'На паузе' }));
    await user.click(within(dialog).getByRole('button', { name: 'Применить' }));
    // Dry run off takes both accounts live: asked first, nothing sent before the confirmation.
    const table = await screen.findByTestId('go-live-table');
    expect(within(table).getByTestId('go-live-2').textContent).toContain('Автопродажа');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(screen.getByTestId('go-live-confirm'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      ids: [1, 2],
      fields: { status: 'paused', dry_run: false },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notifications.list()[0]).toMatchObject({ text: 'Изменено 2 аккаунта', color: 'success' });
  });

  it('asks before dry run goes off: names the account, its loops, cap, price guard and spending; Cancel sends nothing', async () => {
    const { calls } = stubServices(() => jsonResponse({ updated: 1, results: [] }));
    const user = userEvent.setup();
    renderWithProviders(<MarketAccountsScreen />);
    const dryRun = await screen.findByRole('switch', { name: 'Пробный режим: Market CSGO trade_bot_01' });
    await user.click(dryRun);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Включить торговлю всерьёз: Market CSGO trade_bot_01?')).toBeTruthy();
    const row = within(dialog).getByTestId('go-live-1').textContent?.replace(/\s/g, ' ');
    expect(row).toContain('1 000.00 ₽');
    expect(row).toContain('не выше 130 % от опорной цены');
    expect(row).toContain('250.00 ₽');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect((dryRun as HTMLInputElement).checked).toBe(true);

    await user.click(dryRun);
    await user.click(await screen.findByTestId('go-live-confirm'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      ids: [1],
      fields: { dry_run: false },
    });
  });

  it('shows an account’s loops and alerts and runs a loop now, following its job', async () => {
    const { calls } = stubServices((call) =>
      call.url.includes('/api-node/trading/1/deliver/run')
        ? jsonResponse(botJob('job-1', { kind: 'trading.deliver' }), 202)
        : jsonResponse({}, 404),
    );
    const user = userEvent.setup();
    renderWithProviders(<MarketAccountsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Торговые циклы Market CSGO trade_bot_01' }));
    const card = await screen.findByTestId('loop-deliver');
    expect(within(card).getByText('Ошибка')).toBeTruthy();
    // The summary counts what the dry run only recorded; the actions are sentences; English is in «Подробнее».
    expect(within(card).getByTestId('loop-summary').textContent).toBe('Обменов отправлено: 2 (пробно)');
    expect(within(card).getByText('Не выполнено: сервис ботов сообщил об ошибке')).toBeTruthy();
    expect(within(card).queryByText(/Steam session lost|dry run/)).toBeNull();
    await user.click(within(card).getByRole('button', { name: /Последние действия/ }));
    expect(within(card).getByTestId('loop-action').textContent).toBe(
      'Отправить обмен: AK-47 | Redline (Field-Tested)',
    );
    expect(await screen.findByText(/^Сессия Steam потеряна ·/)).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Запустить сейчас: Передача проданных' }));
    await waitFor(() =>
      expect(within(card).getByTestId('job-result').textContent).toBe('Цикл передачи проданного: готово'),
    );
    expect(
      calls.some((call) => call.method === 'POST' && call.url.endsWith('/api-node/trading/1/deliver/run')),
    ).toBe(true);
  });

  it('marks the row of an account whose key the marketplace rejected, and says why in its drawer', async () => {
    const reason = 'tm.get-orders: Bad KEY';
    const paused = (['keep-online', 'deliver', 'list-reprice', 'dynamic-orders'] as const).map(
      (loop): BotTradingStatus => ({
        ...deliver,
        loop,
        enabled: loop === 'deliver',
        state: loop === 'deliver' ? 'paused' : 'off',
        last_error: loop === 'deliver' ? `paused: ${reason}` : null,
        key_rejected: reason,
      }),
    );
    stubServices(() => jsonResponse({}, 404), paused);
    const user = userEvent.setup();
    renderWithProviders(<MarketAccountsScreen />);
    const mark = await screen.findByTestId('key-rejected');
    expect(mark.textContent).toBe('Ключ отклонён');
    expect(screen.getAllByTestId('key-rejected')).toHaveLength(1);

    await user.click(await screen.findByRole('button', { name: 'Торговые циклы Market CSGO trade_bot_01' }));
    const hint = (await screen.findByTestId('key-rejected-alert')).textContent;
    expect(hint).toContain(`Площадка отклонила API-ключ: ${reason}`);
    const card = await screen.findByTestId('loop-deliver');
    expect(within(card).getByText('Приостановлен')).toBeTruthy();
    // The loop's own line says why in Russian, not the bots' English "paused: ...".
    expect(within(card).getByTestId('loop-error').textContent).toBe(
      `Приостановлен: площадка отклонила API-ключ (${reason})`,
    );
  });

  it('deletes an account after confirmation', async () => {
    const { calls } = stubServices(() => new Response(null, { status: 204 }));
    const user = userEvent.setup();
    renderWithProviders(<MarketAccountsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Удалить Steam trade_bot_02' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')!.url).toMatch(/\/api\/market\/accounts\/2\/$/);
    expect(notifications.list()[0]).toMatchObject({ text: 'Удалён 1 аккаунт', color: 'success' });
  });
});
