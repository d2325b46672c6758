import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { botJob } from '@/test/bot-job';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';

import { checklistCommon, checklistOf } from '../testing/checklists';
import { AccountChecklistsScreen } from './account-checklists-screen';

describe('checklist: the last email link', () => {
  it('follows it once the phone is added, with the account in the body', async () => {
    const calls = stubApi(({ method, url }) => {
      if (url.includes('/api/steam/accounts-checklists/'))
        return jsonResponse({
          count: 2,
          next: null,
          previous: null,
          results: [
            checklistOf(1, {
              relogin: { state: 'done', at: '2026-01-01T10:00:00Z' },
              add_phone: { state: 'done', at: '2026-01-01T10:05:00Z' },
            }),
            checklistOf(2, { relogin: { state: 'done', at: '2026-01-01T10:00:00Z' } }),
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
    renderWithProviders(<AccountChecklistsScreen />, { common: checklistCommon });
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
