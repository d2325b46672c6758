import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MarketSpend } from '@toydesk/contract';
import { describe, expect, it } from 'vitest';

import { setUiLang } from '@/lib/i18n';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';

import { spendGuardView } from '../testing/spend-guard-view';
import { SpendGuardPanel } from './spend-guard-panel';

const view = spendGuardView({ unknown_today: 1 });

const spend = (customId: string, state: MarketSpend['state'], detail: string | null = null): MarketSpend => ({
  id: customId.length,
  market_account: 7,
  market: 'tm',
  call: 'buy',
  custom_id: customId,
  source: 'proxy',
  subject: 'AK-47 | Redline (Field-Tested)',
  amount: '100.000',
  currency: 'RUB',
  day: '2026-11-25',
  state,
  detail,
  checks: 1,
  created_at: '2026-11-25T10:00:00Z',
  settled_at: null,
});

function stub(onPut: (body: unknown) => Response) {
  return stubApi(
    ({ url }) => {
      if (url.includes('/api-node/market-accounts/7/spend-guard/')) return jsonResponse(view);
      if (url.includes('/api-node/market-accounts/7/spends/'))
        return jsonResponse({
          results: [
            spend('lost-answer-1', 'unknown', 'drop; tm has no purchase with this custom_id yet'),
            spend('refused-22', 'not_done'),
            spend('ok-333', 'done'),
          ],
        });
    },
    (call) => onPut(call.body),
  );
}

describe('the spend guards of a market account', () => {
  it('shows today’s spending against the cap and each spending call’s state with the safe retry only', async () => {
    stub(() => jsonResponse(view));
    renderWithProviders(<SpendGuardPanel accountId={7} />);
    expect((await screen.findByTestId('spent-today')).textContent).toBe(
      'Потрачено сегодня (UTC): 250.00\u00a0₽ из 1\u00a0000.00\u00a0₽',
    );
    expect(screen.getByTestId('spend-unknown-alert').textContent).toContain('custom_id');
    const unknown = await screen.findByTestId('spend-lost-answer-1');
    expect(within(unknown).getByText(/неизвестно, проверяется/)).toBeTruthy();
    expect(unknown.textContent).toContain('тем же custom_id: lost-answer-1');
    const notDone = screen.getByTestId('spend-refused-22');
    expect(notDone.textContent).toContain('не выполнено');
    expect(notDone.textContent).toContain('тем же custom_id: refused-22');
    const done = screen.getByTestId('spend-ok-333');
    expect(done.textContent).toContain('выполнено');
    expect(done.textContent).not.toContain('custom_id');
    expect(done.textContent).toContain('100.00\u00a0₽');
  });

  it('saves both guards and shows the server’s 400 on the field', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    stub((body) => {
      sent.push(body);
      if (sent.length === 1)
        return jsonResponse({ daily_cap: ['Введите сумму не меньше 0 (Enter an amount of 0 or more)'] }, 400);
      return jsonResponse({ ...view, daily_cap: '500.000', max_price_percent: null });
    });
    renderWithProviders(<SpendGuardPanel accountId={7} />);
    const cap = await screen.findByTestId('spend-guard-cap');
    expect((cap as HTMLInputElement).value).toBe('1000.000');
    expect((screen.getByTestId('spend-guard-percent') as HTMLInputElement).value).toBe('130');

    await user.clear(cap);
    await user.type(cap, '-5');
    await user.click(screen.getByRole('button', { name: 'Сохранить ограничения' }));
    expect(await screen.findByText(/Введите сумму не меньше 0/)).toBeTruthy();
    expect(sent[0]).toEqual({ daily_cap: '-5', max_price_percent: 130 });

    await user.clear(cap);
    await user.type(cap, '500');
    await user.clear(screen.getByTestId('spend-guard-percent'));
    await user.click(screen.getByRole('button', { name: 'Сохранить ограничения' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ daily_cap: '500', max_price_percent: null });
    expect((await screen.findByTestId('spent-today')).textContent).toContain('500.00\u00a0₽');
  });

  it('shows a USD account’s amounts in $, in English too', async () => {
    stubApi(({ url }) => {
      if (url.includes('/spend-guard/'))
        return jsonResponse({ ...view, currency: 'USD', spent_today: '12.345', daily_cap: '50.000' });
      if (url.includes('/spends/')) return jsonResponse({ results: [] });
    });
    await setUiLang('en');
    renderWithProviders(<SpendGuardPanel accountId={7} />);
    expect((await screen.findByTestId('spent-today')).textContent).toBe(
      'Spent today (UTC): 12.345\u00a0$ of 50.00\u00a0$',
    );
    expect(screen.getByText('$')).toBeTruthy();
    expect(screen.queryByText('USD')).toBeNull();
  });

  it('takes a decimal comma, and answers a percent that is no number itself', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    stub((body) => {
      sent.push(body);
      return jsonResponse(
        { max_price_percent: ['Введите целое число процентов. (Enter a whole percent.)'] },
        400,
      );
    });
    renderWithProviders(<SpendGuardPanel accountId={7} />);
    const cap = await screen.findByTestId('spend-guard-cap');
    const percent = screen.getByTestId('spend-guard-percent');
    await user.clear(percent);
    await user.type(percent, 'abc');
    await user.click(screen.getByRole('button', { name: 'Сохранить ограничения' }));
    expect(await screen.findByText('Введите целое число процентов, например 130.')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(cap);
    await user.type(cap, '1000,5');
    await user.clear(percent);
    await user.type(percent, '12,5');
    await user.click(screen.getByRole('button', { name: 'Сохранить ограничения' }));
    expect(await screen.findByText(/Enter a whole percent/)).toBeTruthy();
    expect(sent).toEqual([{ daily_cap: '1000.5', max_price_percent: 12.5 }]);
  });
});
