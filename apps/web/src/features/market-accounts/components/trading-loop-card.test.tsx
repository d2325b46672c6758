import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { botJob } from '@/test/bot-job';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';

import { marketAccountRow } from '../testing/market-account-row';
import { spendGuardView } from '../testing/spend-guard-view';
import { TradingLoopCard } from './trading-loop-card';

const view = spendGuardView();

function stubServices() {
  return stubApi(
    ({ url }) => {
      if (url.includes('/api-node/market-accounts/7/spend-guard/')) return jsonResponse(view);
      if (url.includes('/api-node/jobs/'))
        return jsonResponse(botJob('job-1', { kind: 'trading.list-reprice', state: 'running' }));
    },
    () => jsonResponse(botJob('job-1', { kind: 'trading.list-reprice' }), 202),
  );
}

const runs = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.url.includes('/api-node/trading/7/'));

describe('Trading drawer: «Запустить сейчас»', () => {
  it('asks first on a live account (account, loop, spend cap, price guard, spent today); Cancel runs nothing', async () => {
    const calls = stubServices();
    const user = userEvent.setup();
    renderWithProviders(
      <TradingLoopCard account={marketAccountRow(7, { dry_run: false })} loop="list-reprice" status={null} />,
    );
    expect(screen.queryByTestId('run-loop-dry-run')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Запустить сейчас: Выставление и цены' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Запустить цикл всерьёз: Выставление и цены · Market CSGO trade_bot_07?',
    });
    await waitFor(() => {
      const row = within(dialog).getByTestId('go-live-7').textContent?.replace(/\s/g, ' ') ?? '';
      expect(row).toContain('Market CSGO trade_bot_07');
      expect(row).toContain('Выставление и цены');
      expect(row).toContain('1 000.00 ₽');
      expect(row).toContain('не выше 130 % от опорной цены');
      expect(row).toContain('250.00 ₽');
    });
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(runs(calls)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Запустить сейчас: Выставление и цены' }));
    await user.click(await screen.findByRole('button', { name: 'Запустить всерьёз' }));
    await waitFor(() => expect(runs(calls)).toHaveLength(1));
    expect(runs(calls)[0]!.url).toMatch(/\/api-node\/trading\/7\/list-reprice\/run\/?$/);
  });

  it('runs at once on a dry-run account and says «пробно»', async () => {
    const calls = stubServices();
    const user = userEvent.setup();
    renderWithProviders(<TradingLoopCard account={marketAccountRow(7)} loop="list-reprice" status={null} />);
    expect(screen.getByTestId('run-loop-dry-run').textContent).toBe('пробно');
    await user.click(screen.getByRole('button', { name: 'Запустить сейчас: Выставление и цены' }));
    await waitFor(() => expect(runs(calls)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
