import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import newMaFile from '../../../../../../packages/contract/src/steam/fixtures/sda-new.maFile?raw';
import oldMaFile from '../../../../../../packages/contract/src/steam/fixtures/sda-old.maFile?raw';
import { botJob } from '@/test/bot-job';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';

import { steamAccountRow } from '../testing/steam-account-row';
import { MaFileImportDialog } from './mafile-import-dialog';

const accounts = [steamAccountRow(1, { steam_id: '76561198000000001', login: 'tb01' }), steamAccountRow(2)];

function stubServices(write: (call: ApiCall) => Response) {
  return stubApi(({ url }) => {
    if (url.includes('/api-node/jobs/'))
      return jsonResponse(botJob('j9', { kind: 'signup.import-mafile', state: 'done', attempts: 1 }));
    if (url.includes('/api/steam/accounts/extended/'))
      return jsonResponse({ count: accounts.length, next: null, previous: null, results: accounts });
  }, write);
}

async function openWith(fileName: string, text: string) {
  const user = userEvent.setup();
  renderWithProviders(<MaFileImportDialog accounts={accounts} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByTestId('mafile-input'), {
    target: { files: [new File([text], fileName)] },
  });
  await within(dialog).findByTestId('mafile-row');
  return { user, dialog };
}

describe('maFile import dialog', () => {
  it('shows the exact SteamID of an SDA file and asks before importing it into another account', async () => {
    const calls = stubServices(() => jsonResponse(botJob('j9', { kind: 'signup.import-mafile' }), 202));
    const { user, dialog } = await openWith('toydeskbot1.maFile', oldMaFile);
    // SDA's bare 76561198000000002 shown as written, not rounded to ...000.
    expect(within(dialog).getByText(/76561198000000002/)).toBeTruthy();
    expect(within(dialog).queryByText(/76561198000000000/)).toBeNull();

    await user.click(within(dialog).getByRole('combobox'));
    await user.click(screen.getByRole('option', { name: 'trade_bot_02' }));
    const notice = within(dialog).getByTestId('mafile-mismatch');
    expect(notice.textContent).toContain('maFile от аккаунта «toydeskbot1», а выбран «trade_bot_02».');
    const importButton = within(dialog).getByTestId('mafile-import');
    expect((importButton as HTMLButtonElement).disabled).toBe(true);

    await user.click(
      within(notice).getByRole('checkbox', { name: 'Всё равно импортировать в этот аккаунт' }),
    );
    expect((importButton as HTMLButtonElement).disabled).toBe(false);
    await user.click(importButton);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toMatch(/\/api-node\/singup\/2\/import-mafile$/);
    expect(post.body).toMatchObject({
      confirm_account_name: true,
      mafile: { account_name: 'toydeskbot1', Session: { SteamID: '76561198000000002' } },
    });
  });

  it('creates a new account from a maFile that matches none', async () => {
    const calls = stubServices(() =>
      jsonResponse(
        { id: 9, steam_account_name: 'toydeskbot2', login: 'toydeskbot2', steam_id: '76561199999999999' },
        201,
      ),
    );
    const { user, dialog } = await openWith('toydeskbot2.maFile', newMaFile);
    expect((within(dialog).getByTestId('mafile-import') as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(screen.getByRole('option', { name: 'Новый аккаунт «toydeskbot2»' }));
    expect(within(dialog).queryByTestId('mafile-mismatch')).toBeNull();
    await user.click(within(dialog).getByTestId('mafile-import'));
    const created = await within(dialog).findByTestId('mafile-created');
    expect(created.textContent).toContain('Аккаунт «toydeskbot2» создан (SteamID 76561199999999999)');
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toMatch(/\/api-node\/singup\/import-mafile\/$/);
    expect(post.body).toMatchObject({ mafile: { Session: { SteamID: '76561199999999999' } } });
  });

  it('names a bad SteamID and offers no import', async () => {
    stubServices(() => jsonResponse({}, 500));
    const { dialog } = await openWith(
      'x.maFile',
      '{"shared_secret":"c2VjcmV0","account_name":"tb01","Session":{"SteamID":"7656abc"}}',
    );
    expect(
      within(dialog).getByText('SteamID «7656abc» — не ID аккаунта Steam (17 цифр, 7656119…)'),
    ).toBeTruthy();
    expect((within(dialog).getByTestId('mafile-import') as HTMLButtonElement).disabled).toBe(true);
  });
});
