import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { botJob } from '@/test/bot-job';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';

import { BotJobsScreen } from './bot-jobs-screen';

const jobs = [
  botJob('j2', { kind: 'proxy.check', state: 'queued', account: null }),
  botJob('j1', {
    kind: 'steam.relogin',
    state: 'failed',
    attempts: 3,
    error: { message: 'Steam refused the password' },
    logs: [{ at: '2026-01-01T10:00:00Z', attempt: 3, level: 'error', message: 'login refused' }],
  }),
];

function stubJobs() {
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url });
    if (method === 'POST' && url.includes('/api-node/jobs/j2/cancel/'))
      return jsonResponse({ ...jobs[0], state: 'cancelled' });
    if (url.includes('/api-node/jobs/j1/')) return jsonResponse(jobs[1]);
    if (url.includes('/api-node/jobs/')) {
      const states = new URL(url).searchParams.getAll('state');
      const rows = states.length ? jobs.filter((job) => states.includes(job.state)) : jobs;
      return jsonResponse({ count: rows.length, next: null, previous: null, results: rows });
    }
    return jsonResponse({}, 404);
  });
  return calls;
}

describe('bot jobs screen', () => {
  it('lists the jobs, filters them by state on the server, and shows one with its log', async () => {
    const calls = stubJobs();
    const user = userEvent.setup();
    renderWithProviders(<BotJobsScreen />);
    expect(await screen.findByText('Steam refused the password')).toBeTruthy();
    expect(screen.getByText('proxy.check')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Статус' }));
    await user.click(await screen.findByRole('option', { name: 'Ошибка' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('proxy.check')).toBeNull());
    expect(calls.some((call) => call.url.includes('state=failed'))).toBe(true);

    await user.click(screen.getByText('steam.relogin'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('job-logs').textContent).toContain('login refused');
    expect(within(dialog).getByTestId('job-error').textContent).toContain('Steam refused the password');
  });

  it('cancels a queued job', async () => {
    const calls = stubJobs();
    const user = userEvent.setup();
    renderWithProviders(<BotJobsScreen />);
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
