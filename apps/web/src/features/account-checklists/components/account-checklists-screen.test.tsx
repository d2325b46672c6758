import type { AccountChecklist } from '@toydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { botJob } from '@/test/bot-job';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';

import { checklistCommon, checklistOf } from '../testing/checklists';
import { AccountChecklistsScreen } from './account-checklists-screen';

const checklist = (steps: AccountChecklist['steps']) => checklistOf(1, steps, 5);

/** The back end's checklists move on once the job has ended; the job is done at its second read. */
function stubServices() {
  let jobReads = 0;
  return stubApi(({ method, url }) => {
    if (url.includes('/api/steam/accounts-checklists/')) {
      const after = jobReads > 1;
      return jsonResponse({
        count: 1,
        next: null,
        previous: null,
        results: [
          checklist({
            relogin: { state: 'done', at: '2026-01-01T10:00:00Z' },
            add_phone: after
              ? { state: 'done', at: '2026-01-01T10:05:00Z' }
              : { state: 'failed', error: 'Нужен номер' },
          }),
        ],
      });
    }
    if (method === 'POST' && url.includes('/api-node/singup/1/email-and-phone/add-phone'))
      return jsonResponse(botJob('s1', { kind: 'signup.add_phone' }), 202);
    if (method === 'POST' && url.includes('/api-node/singup/2/setup-profile'))
      return jsonResponse(botJob('c2', { kind: 'signup.setup_profile', account: 2 }), 202);
    if (url.includes('/api-node/jobs/s1/')) {
      jobReads += 1;
      return jsonResponse(
        botJob('s1', { kind: 'signup.add_phone', state: jobReads > 1 ? 'done' : 'running', attempts: 1 }),
      );
    }
  });
}

describe('account checklists screen', () => {
  it('shows every account, also one without a checklist, and filters them', async () => {
    stubServices();
    const user = userEvent.setup();
    renderWithProviders(<AccountChecklistsScreen />, { common: checklistCommon });
    expect(await screen.findByText('trade_bot_01')).toBeTruthy();
    expect(screen.getByText('trade_bot_02')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByTestId('checklist-count').map((node) => node.textContent)).toEqual([
        '1 / 9',
        '0 / 9',
      ]),
    );
    await user.click(screen.getByRole('combobox', { name: 'Показать' }));
    await user.click(await screen.findByRole('option', { name: 'С ошибкой' }));
    await waitFor(() => expect(screen.queryByText('trade_bot_02')).toBeNull());
    expect(screen.getByText('trade_bot_01')).toBeTruthy();
  });

  it('runs one step with its input and re-reads the checklist when the job ends', async () => {
    const calls = stubServices();
    const user = userEvent.setup();
    renderWithProviders(<AccountChecklistsScreen />, { common: checklistCommon });
    await user.click(await screen.findByText('trade_bot_01'));
    const dialog = await screen.findByRole('dialog');
    const step = (name: string) => dialog.querySelector(`li[data-step="${name}"]`) as HTMLElement;
    await waitFor(() => expect(step('add_phone').dataset.state).toBe('failed'));
    const addPhone = step('add_phone');
    expect(addPhone.dataset.state).toBe('failed');
    expect(within(addPhone).getByText('Нужен номер')).toBeTruthy();
    // The step after a failed one cannot run yet.
    const profile = step('set_random_profile_info');
    expect((within(profile).getByRole('button') as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(addPhone).getByRole('button', { name: 'Запустить шаг «Добавить телефон»' }));
    expect(await within(addPhone).findByText('Обязательное поле')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(within(addPhone).getByLabelText('Номер телефона'), '+79990001122');
    await user.click(within(addPhone).getByRole('button', { name: 'Запустить шаг «Добавить телефон»' }));
    await waitFor(() => expect(within(dialog).getByTestId('job-state').textContent).toBe('Готово'), {
      timeout: 4000,
    });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ phone: '+79990001122' });
    await waitFor(() => expect(step('add_phone').dataset.state).toBe('done'));
  });

  it('starts the whole chain for the selected accounts', async () => {
    const calls = stubServices();
    const user = userEvent.setup();
    renderWithProviders(<AccountChecklistsScreen />, { common: checklistCommon });
    await user.click(await screen.findByRole('checkbox', { name: 'Выбрать trade_bot_02' }));
    await user.click(screen.getByRole('button', { name: 'Запустить цепочку для выбранных' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
        expect.stringMatching(/\/api-node\/singup\/2\/setup-profile$/),
      ]),
    );
  });
});
