import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { botJob } from '@/test/bot-job';
import { commonData, jsonResponse, listPage } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';

import { BotJobsScreen } from './bot-jobs-screen';

const jobs = [
  botJob('j3', {
    kind: 'trading.set-prices',
    state: 'done',
    account: 31,
    result: { failed: [], priced: 1, dry_run: true, removed: 0, market_account: 31 },
  }),
  botJob('j2', { kind: 'proxy.check', state: 'queued', account: null }),
  botJob('j1', {
    kind: 'steam.relogin',
    state: 'failed',
    account: 1,
    attempts: 3,
    error: { message: 'Steam refused the password' },
    logs: [{ at: '2026-01-01T10:00:00Z', attempt: 3, level: 'error', message: 'login refused' }],
  }),
];

// Steam account 1 and market account 31 (of Steam account 1): each job is labelled by its own subject.
const common = commonData({
  steamAccounts: [
    {
      id: 1,
      steam_account_name: 'op_walk_01',
      market_accounts: [{ id: 31, market: 'tm', label: 'Market CSGO op_walk_01' }],
    },
    { id: 31, steam_account_name: 'other_steam_31', market_accounts: [] },
  ],
});

function stubJobs() {
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url });
    if (method === 'POST' && url.includes('/api-node/jobs/j2/cancel/'))
      return jsonResponse({ ...jobs[1], state: 'cancelled' });
    if (url.includes('/api-node/jobs/j1/')) return jsonResponse(jobs[2]);
    if (url.includes('/api-node/jobs/')) {
      const states = new URL(url).searchParams.getAll('state');
      const rows = states.length ? jobs.filter((job) => states.includes(job.state)) : jobs;
      return jsonResponse(listPage(rows));
    }
    return jsonResponse({}, 404);
  });
  return calls;
}

describe('bot jobs screen', () => {
  it('names each job, its real subject and its outcome as sentences; raw data behind «Подробнее»', async () => {
    stubJobs();
    const user = userEvent.setup();
    renderWithProviders(<BotJobsScreen />, { common });
    expect(await screen.findByText('Пробно: цены были бы заданы: 1, сняты с продажи: 0')).toBeTruthy();
    // A market account job by the market account's label, not Steam account 31's name.
    expect(screen.getByText('Market CSGO op_walk_01')).toBeTruthy();
    expect(screen.queryByText(/other_steam_31/)).toBeNull();
    expect(screen.getByText('op_walk_01')).toBeTruthy();
    expect(screen.getByText('Установка цен')).toBeTruthy();
    expect(screen.getByText('Проверка прокси')).toBeTruthy();
    expect(screen.getByText('Не выполнено: сервис ботов сообщил об ошибке')).toBeTruthy();
    expect(screen.queryByText(/"priced"/)).toBeNull();
    expect(screen.queryByText(/Steam refused/)).toBeNull();
    await user.click(screen.getAllByRole('button', { name: 'Подробнее' })[0]!);
    expect((await screen.findByTestId('result-details')).textContent).toContain('"priced": 1');
  });

  it('hides the routine jobs that ended well unless asked, and keeps the filters in the URL', async () => {
    const calls = stubJobs();
    const user = userEvent.setup();
    renderWithProviders(<BotJobsScreen />, { common, path: '/bot-jobs?group=trading' });
    await screen.findByText('Установка цен');
    const first = new URL(calls.find((call) => call.url.includes('/api-node/jobs/'))!.url);
    expect(first.searchParams.getAll('hide_done_kind')).toContain('trading.keep-online');
    expect(first.searchParams.getAll('kind')).toContain('trading.list-reprice');
    expect(first.searchParams.getAll('kind')).not.toContain('proxy.check');

    await user.click(screen.getByRole('switch', { name: 'Показать плановые' }));
    await waitFor(() => {
      const last = new URL(calls.filter((call) => call.url.includes('/api-node/jobs/')).at(-1)!.url);
      expect(last.searchParams.getAll('hide_done_kind')).toEqual([]);
      expect(last.searchParams.getAll('kind')).toContain('trading.list-reprice');
    });
  });

  it('filters by state on the server and shows one job with its log', async () => {
    const calls = stubJobs();
    const user = userEvent.setup();
    renderWithProviders(<BotJobsScreen />, { common });
    expect(await screen.findByText('Проверка прокси')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Статус' }));
    await user.click(await screen.findByRole('option', { name: 'Ошибка' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Проверка прокси')).toBeNull());
    expect(calls.some((call) => call.url.includes('state=failed'))).toBe(true);

    await user.click(screen.getByText('Повторный вход в Steam'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('job-error').textContent).toContain('Не выполнено');
    await user.click(within(dialog).getByRole('button', { name: /Журнал/ }));
    expect(within(dialog).getByTestId('job-logs').textContent).toContain('login refused');
  });

  it('cancels a queued job', async () => {
    const calls = stubJobs();
    const user = userEvent.setup();
    renderWithProviders(<BotJobsScreen />, { common });
    await user.click(await screen.findByRole('button', { name: 'Отменить задачу j2' }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'POST' && call.url.includes('/api-node/jobs/j2/cancel/')),
      ).toBe(true),
    );
    // A finished job has no cancel button.
    expect(screen.queryByRole('button', { name: 'Отменить задачу j1' })).toBeNull();
  });
});
