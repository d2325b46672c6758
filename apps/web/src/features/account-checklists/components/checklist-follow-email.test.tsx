import type { AccountChecklist } from '@toydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { botJob } from '@/test/bot-job';
import { commonData, jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';

import { AccountChecklistsScreen } from './account-checklists-screen';

const common = commonData({
  steamAccounts: [
    { id: 1, steam_account_name: 'trade_bot_01', market_accounts: [] },
    { id: 2, steam_account_name: 'trade_bot_02', market_accounts: [] },
  ],
});

const checklist = (account: number, steps: AccountChecklist['steps']): AccountChecklist => ({
  id: account + 10,
  steam_account: account,
  steps,
  done_count: 0,
  total_count: 10,
  next_step: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

describe('checklist: the last email link', () => {
  it('follows it once the phone is added, with the account in the body', async () => {
    const calls = stubApi(({ method, url }) => {
      if (url.includes('/api/steam/accounts-checklists/'))
        return jsonResponse({
          count: 2,
          next: null,
          previous: null,
          results: [
            checklist(1, {
              relogin: { state: 'done', at: '2026-01-01T10:00:00Z' },
              add_phone: { state: 'done', at: '2026-01-01T10:05:00Z' },
            }),
            checklist(2, { relogin: { state: 'done', at: '2026-01-01T10:00:00Z' } }),
          ],
        });
      if (method === 'POST' && url.includes('/follow-to-last-email/'))
        return jsonResponse(botJob('e1', { kind: 'signup.follow-last-email' }), 202);
      if (url.includes('/api-node/jobs/e1/'))
        return jsonResponse(
          botJob('e1', { kind: 'signup.follow-last-email', state: 'done', attempts: 1, result: { ok: 1 } }),
        );
    });
    const user = userEvent.setup();
    renderWithProviders(<AccountChecklistsScreen />, { common });
    await user.click(await screen.findByText('trade_bot_02'));
    let dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByTestId('follow-email') as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByText('trade_bot_01'));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('follow-email'));
    await waitFor(() => expect(within(dialog).getByTestId('job-state').textContent).toBe('Готово'), {
      timeout: 4000,
    });
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toMatch(/\/api-node\/singup\/email-and-phone\/follow-to-last-email\/$/);
    expect(post?.body).toEqual({ id: 1 });
  });
});
