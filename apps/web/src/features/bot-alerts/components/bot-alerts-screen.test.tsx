import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { notifications } from '@/lib/notifications';
import { botAlert as alert } from '@/test/bot-alert';
import { commonWithTradeBot, jsonResponse, listPage } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';

import { BotAlertsScreen } from './bot-alerts-screen';

const common = commonWithTradeBot([{ id: 7, market: 'tm', label: 'tm · trade_bot_01' }]);

/** Open alerts until acknowledged, by one or all. */
function stubAlerts() {
  const acked = new Set<number>();
  const all = [
    alert(3, { severity: 'warning', kind: 'proxy-down', market_account: null, proxy: 2 }),
    alert(2),
    alert(1, { count: 4 }),
  ];
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url });
    const ackOne = /\/api-node\/alerts\/(\d+)\/ack\/$/.exec(url);
    if (method === 'POST' && ackOne) {
      acked.add(Number(ackOne[1]));
      return jsonResponse(alert(Number(ackOne[1]), { acknowledged_at: '2026-01-02T00:00:00Z' }));
    }
    if (method === 'POST' && url.endsWith('/api-node/alerts/ack-all/')) {
      const open = all.filter((row) => !acked.has(row.id)).length;
      for (const row of all) acked.add(row.id);
      return jsonResponse({ acknowledged: open });
    }
    if (url.includes('/api-node/alerts/')) {
      const ackParam = new URL(url).searchParams.get('acknowledged');
      const rows = all
        .map((row) => (acked.has(row.id) ? { ...row, acknowledged_at: '2026-01-02T00:00:00Z' } : row))
        .filter((row) =>
          ackParam === '0' ? !row.acknowledged_at : ackParam === '1' ? !!row.acknowledged_at : true,
        );
      return jsonResponse(listPage(rows));
    }
    return jsonResponse({}, 404);
  });
  return calls;
}

describe('bot alerts screen', () => {
  it('shows the open alerts with their account or proxy and acknowledges one', async () => {
    const calls = stubAlerts();
    const user = userEvent.setup();
    renderWithProviders(<BotAlertsScreen />, { common });
    // Each alert is a sentence with its subject's name, its kind a title (the bots' English is in «Подробнее»).
    expect(await screen.findByText('Прокси #2 не отвечает')).toBeTruthy();
    expect(
      screen.getAllByText('tm · trade_bot_01: площадка заблокировала аккаунт, цикл «Онлайн» выключен'),
    ).toHaveLength(2);
    expect(screen.getAllByText('Блокировка на площадке')).toHaveLength(2);
    expect(screen.getByText('Прокси не работает')).toBeTruthy();
    expect(screen.queryByText('alert 3')).toBeNull();
    expect(screen.getAllByText('tm · trade_bot_01')).toHaveLength(2);
    expect(screen.getByText('прокси #2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Подтвердить оповещение 2' }));
    await waitFor(() => expect(screen.getAllByTestId('alert-text')).toHaveLength(2));
    expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/api-node/alerts/2/ack/'))).toBe(
      true,
    );
    expect(notifications.list().at(-1)).toMatchObject({
      text: 'Подтверждено 1 оповещение',
      color: 'success',
    });
  });

  it('says "resolved" for an alert the bots closed because its cause went away (a key that works again)', async () => {
    const rows = [
      alert(5, {
        kind: 'market-key-rejected',
        message: 'tm · trade_bot_01: tm rejected the API key (tm.get-orders: Bad KEY)',
        acknowledged_at: '2026-01-02T00:00:00Z',
        details: { reason: 'tm.get-orders: Bad KEY', resolved: true },
      }),
      alert(4, { acknowledged_at: '2026-01-02T00:00:00Z' }),
    ];
    vi.stubGlobal('fetch', async (url: string) =>
      url.includes('/api-node/alerts/') ? jsonResponse(listPage(rows)) : jsonResponse({}, 404),
    );
    const user = userEvent.setup();
    renderWithProviders(<BotAlertsScreen />, { common });
    await user.click(await screen.findByLabelText('Показать'));
    await user.click(await screen.findByRole('option', { name: 'Все' }));
    expect(await screen.findByText(/площадка отклонила ключ API/)).toBeTruthy();
    expect(screen.getByText('Ключ API отклонён')).toBeTruthy();
    expect(screen.getAllByText(/^Устранено /)).toHaveLength(1);
  });

  it('acknowledges every open alert after a confirmation', async () => {
    stubAlerts();
    const user = userEvent.setup();
    renderWithProviders(<BotAlertsScreen />, { common });
    await screen.findByText('Прокси #2 не отвечает');
    await user.click(screen.getByRole('button', { name: 'Подтвердить все' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(screen.queryByText('Прокси #2 не отвечает')).toBeNull());
    expect(screen.getByText('Оповещений нет')).toBeTruthy();
  });
});
