import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BotJob } from '@toydesk/contract';
import { describe, expect, it, vi } from 'vitest';

import { useBotAction, useBotJob } from '@/lib/bot-jobs';
import { setBotToken } from '@/lib/request';
import { botJob } from '@/test/bot-job';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';

import { JobProgress } from './job-progress';

interface Call {
  method: string;
  url: string;
  token: string | null;
}

/** The bot service: the start answers 202 queued; each read of the job moves it one state on. */
function stubBots(states: BotJob[]) {
  const calls: Call[] = [];
  let reads = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    calls.push({ method: init.method ?? 'GET', url, token: headers.get('X-App-Token') });
    if (init.method === 'POST' && url.includes('/api-node/singup/5/relogin'))
      return jsonResponse(botJob('j1', { account: 5 }), 202);
    if (url.includes('/api-node/jobs/j1/')) {
      const job = states[Math.min(reads, states.length - 1)];
      reads += 1;
      return jsonResponse(job);
    }
    return jsonResponse({ error: 'not found' }, 404);
  });
  return calls;
}

function Relogin({ onFinish }: { onFinish: (job: BotJob) => void }) {
  const action = useBotAction({ onFinish, pollMs: 10 });
  return (
    <>
      <button onClick={() => void action.run('bot-signup.relogin', { params: { id: 5 } })}>go</button>
      <JobProgress job={action.job} starting={action.starting} startError={action.startError} />
    </>
  );
}

describe('bot jobs', () => {
  it('starts a job, follows it until done with its log, then reports the end once', async () => {
    setBotToken('secret-token');
    const calls = stubBots([
      botJob('j1', { state: 'running', attempts: 1, started_at: '2026-01-01T10:00:01Z' }),
      botJob('j1', {
        state: 'done',
        attempts: 1,
        result: { steamid: '7656' },
        finished_at: '2026-01-01T10:00:03Z',
        logs: [
          { at: '2026-01-01T10:00:01Z', attempt: 1, level: 'info', message: 'logging in' },
          { at: '2026-01-01T10:00:02Z', attempt: 1, level: 'info', message: 'session saved' },
        ],
      }),
    ]);
    const onFinish = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Relogin onFinish={onFinish} />);
    await user.click(screen.getByRole('button', { name: 'go' }));
    await waitFor(() => expect(screen.getByTestId('job-state').textContent).toBe('Готово'));
    // A sentence in Russian; the raw result behind «Подробнее».
    expect(screen.getByTestId('job-result').textContent).toBe('Повторный вход: готово');
    expect(screen.queryByTestId('result-details')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Подробнее' }));
    expect(screen.getByTestId('result-details').textContent).toContain('"steamid": "7656"');
    expect(screen.getByTestId('job-attempts').textContent).toBe('Попытка 1 из 3');
    expect(screen.queryByRole('progressbar')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Журнал \(2/ }));
    expect(screen.getByTestId('job-logs').textContent).toContain('session saved');
    expect(onFinish).toHaveBeenCalledTimes(1);
    expect(onFinish.mock.calls[0]?.[0]).toMatchObject({ id: 'j1', state: 'done' });
    // Every call went to the bot service with the app token; polling stopped once the job ended.
    expect(calls.every((call) => call.token === 'secret-token')).toBe(true);
    const reads = calls.filter((call) => call.url.includes('/jobs/j1/')).length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(calls.filter((call) => call.url.includes('/jobs/j1/')).length).toBe(reads);
  });

  it('shows the bar while running and the error of a failed job', async () => {
    stubBots([
      botJob('j1', { state: 'running', attempts: 2 }),
      botJob('j1', {
        state: 'failed',
        attempts: 3,
        error: { message: 'Steam refused the login', retryable: false },
      }),
    ]);
    function Follow() {
      const view = useBotJob('j1', { pollMs: 30 });
      return <JobProgress job={view.job} />;
    }
    renderWithProviders(<Follow />);
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    expect(screen.getByTestId('job-state').textContent).toBe('Выполняется');
    expect(await screen.findByTestId('job-error')).toBeTruthy();
    // The bots' English message is not the Russian UI's sentence: it is behind «Подробнее».
    expect(screen.getByTestId('job-error').textContent).toContain(
      'Не выполнено: сервис ботов сообщил об ошибке',
    );
    expect(screen.getByTestId('job-error').textContent).not.toContain('Steam refused the login');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Подробнее' }));
    expect(screen.getByTestId('result-details').textContent).toContain('Steam refused the login');
    expect(screen.getByTestId('job-state').textContent).toBe('Ошибка');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('counts the attempts a failure that was not retried had: 1 of 3, not retried', async () => {
    stubBots([
      botJob('j1', {
        state: 'failed',
        attempts: 1,
        max_attempts: 3,
        error: { message: 'Step add_phone must be done first', retryable: false },
      }),
    ]);
    function Follow() {
      const view = useBotJob('j1', { pollMs: 30 });
      return <JobProgress job={view.job} />;
    }
    renderWithProviders(<Follow />);
    expect(await screen.findByTestId('job-error')).toBeTruthy();
    expect(screen.getByTestId('job-attempts').textContent).toBe('Попытка 1 из 3, без повторов');
  });

  it('shows a refused start', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ error: 'Шаг add_phone не выполнен' }, 409));
    const user = userEvent.setup();
    renderWithProviders(<Relogin onFinish={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'go' }));
    // The wrapper's notification and the inline alert both say why.
    expect((await screen.findByTestId('job-start-error')).textContent).toContain('Шаг add_phone не выполнен');
    expect(screen.queryByTestId('job-state')).toBeNull();
  });
});
