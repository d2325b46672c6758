import type { Proxy } from '@toydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { botJob } from '@/test/bot-job';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';

import { ProxiesScreen } from './proxies-screen';

const proxy = (id: number, overrides: Partial<Proxy> = {}): Proxy => ({
  id,
  protocol: 'http',
  host: `10.0.0.${id}`,
  port: 3128,
  username: null,
  password: null,
  comment: null,
  status: 'unknown',
  latency_ms: null,
  last_checked_at: null,
  created_at: '2026-01-01T00:00:00Z',
  ...overrides,
});

/** The bot service: proxy 1 is unknown until its check job has been read done. */
function stubServices(write: (call: ApiCall) => Response) {
  let checked = false;
  return stubApi(({ url }) => {
    if (url.includes('/api-node/proxy/'))
      return jsonResponse({
        count: 2,
        next: null,
        previous: null,
        results: [
          proxy(1, checked ? { status: 'up', latency_ms: 42, last_checked_at: '2026-01-01T10:00:00Z' } : {}),
          proxy(2, { status: 'down', comment: 'old dc' }),
        ],
      });
    if (url.includes('/api-node/jobs/c1/')) {
      checked = true;
      return jsonResponse(botJob('c1', { kind: 'proxy.check', state: 'done', result: { status: 'up' } }));
    }
    if (url.includes('/api/steam/accounts/extended/'))
      return jsonResponse({
        count: 1,
        next: null,
        previous: null,
        results: [{ proxy: 2, proxy_label: 'http://10.0.0.2:3128', steam_account_name: 'trade_bot_07' }],
      });
    if (url.includes('/api/market/accounts/extended/'))
      return jsonResponse({ count: 0, next: null, previous: null, results: [] });
  }, write);
}

describe('proxies screen', () => {
  it('shows the bot proxies with their health and users, filtered by status', async () => {
    stubServices(() => jsonResponse({}, 500));
    const user = userEvent.setup();
    renderWithProviders(<ProxiesScreen />);
    expect(await screen.findByText('http://10.0.0.1:3128')).toBeTruthy();
    expect(await screen.findByText('trade_bot_07')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Статус' }));
    await user.click(await screen.findByRole('option', { name: 'Не работает' }));
    await waitFor(() => expect(screen.queryByText('http://10.0.0.1:3128')).toBeNull());
    expect(screen.getByText('old dc')).toBeTruthy();
  });

  it('adds a proxy with a write-only password, the server 400 on its field', async () => {
    let attempt = 0;
    const calls = stubServices(() => {
      attempt += 1;
      return attempt === 1
        ? jsonResponse({ host: ['Такой прокси уже есть'] }, 400)
        : jsonResponse(proxy(3, { host: '10.0.0.3', password: '••••••••' }), 201);
    });
    const user = userEvent.setup();
    renderWithProviders(<ProxiesScreen />);
    await user.click(await screen.findByRole('button', { name: 'Добавить прокси' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Создать' }));
    expect(await within(dialog).findAllByText('Обязательное поле')).toHaveLength(2);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Хост/), '10.0.0.3');
    await user.type(within(dialog).getByLabelText(/Порт/), '8080');
    await user.type(within(dialog).getByLabelText('Пароль'), 'pa55');
    await user.click(within(dialog).getByRole('button', { name: 'Создать' }));
    expect(await within(dialog).findByText('Такой прокси уже есть')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.filter((call) => call.method === 'POST').at(-1)!;
    expect(post.url).toMatch(/\/api-node\/proxy\/$/);
    expect(post.body).toMatchObject({ protocol: 'http', host: '10.0.0.3', port: 8080, password: 'pa55' });
    // The health fields belong to the service.
    expect(Object.keys(post.body as object)).not.toContain('status');
  });

  it('edits a proxy from its row button or a click on the row, through PATCH', async () => {
    const calls = stubServices((call) =>
      jsonResponse(proxy(2, { status: 'down', comment: (call.body as { comment: string }).comment })),
    );
    const user = userEvent.setup();
    renderWithProviders(<ProxiesScreen />);
    await user.click(await screen.findByRole('button', { name: 'Изменить http://10.0.0.2:3128' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Прокси http://10.0.0.2:3128')).toBeTruthy();
    expect((within(dialog).getByLabelText(/Комментарий/) as HTMLInputElement).value).toBe('old dc');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByText('old dc'));
    dialog = await screen.findByRole('dialog');
    const comment = within(dialog).getByLabelText(/Комментарий/);
    await user.clear(comment);
    await user.type(comment, 'new dc');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
      { method: 'PATCH', url: expect.stringMatching(/\/api-node\/proxy\/2\/$/), body: { comment: 'new dc' } },
    ]);
  });

  it('checks a proxy now and shows its new health when the job ends', async () => {
    const calls = stubServices((call) =>
      call.url.includes('/api-node/proxy/1/check/')
        ? jsonResponse(botJob('c1', { kind: 'proxy.check' }), 202)
        : jsonResponse({}, 404),
    );
    const user = userEvent.setup();
    renderWithProviders(<ProxiesScreen />);
    await user.click(await screen.findByRole('button', { name: 'Проверить http://10.0.0.1:3128 сейчас' }));
    expect(await screen.findByText('42')).toBeTruthy();
    expect(
      calls.some((call) => call.method === 'POST' && call.url.includes('/api-node/proxy/1/check/')),
    ).toBe(true);
  });

  it('deletes the selected proxies after a confirmation', async () => {
    const calls = stubServices(() => new Response(null, { status: 204 }));
    const user = userEvent.setup();
    renderWithProviders(<ProxiesScreen />);
    await user.click(await screen.findByRole('checkbox', { name: 'Выбрать http://10.0.0.2:3128' }));
    await user.click(screen.getByRole('button', { name: 'Удалить выбранные' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      expect.stringMatching(/\/api-node\/proxy\/2\/$/),
    ]);
  });
});
