import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { notifications } from '@/lib/notifications';
import { botJob } from '@/test/bot-job';
import { jsonResponse, listPage } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';

import { inventoryRow } from '../testing/inventory-row';
import { InventoryScreen } from './inventory-screen';

const rows = [inventoryRow(1), inventoryRow(2, { steam_account: 1, tradable: false })];

function reads({ url }: ApiCall): Response | undefined {
  if (url.includes('/api/toy/steam-inventory/')) return jsonResponse(listPage(rows));
  const job = /\/api-node\/jobs\/(job-\d+)\//.exec(url);
  if (job)
    return jsonResponse(
      botJob(job[1]!, { kind: 'steam.market-list', state: 'done', result: { listed: true } }),
    );
}

describe('Inventory screen', () => {
  it('filters the inventory by tradability and links the selected items to the catalogue', async () => {
    const calls = stubApi(reads, () =>
      jsonResponse({ connected: 2, by_classid_instanceid: 1, by_market_hash_name: 1, unmatched: 0 }),
    );
    const user = userEvent.setup();
    renderWithProviders(<InventoryScreen />);
    expect(await screen.findByText('AK-47 | Redline (Field-Tested) #1')).toBeTruthy();
    expect(calls[0]!.url).toContain('status=in_inventory');

    await user.click(screen.getByLabelText('Обмениваемый'));
    await user.click(await screen.findByRole('option', { name: 'Нет' }));
    await waitFor(() => expect(calls.some((call) => call.url.includes('tradable=false'))).toBe(true));

    await user.click(screen.getByRole('checkbox', { name: 'Выбрать все загруженные предметы' }));
    await user.click(screen.getByRole('button', { name: 'Связать с каталогом' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toMatch(/\/api\/toy\/steam-inventory\/connect-items\/$/);
    expect(post.body).toEqual({ ids: [1, 2] });
    expect(notifications.list()[0]?.text).toContain('Связано: 2');
  });

  it('lists a selected item on the Steam market and follows its job', async () => {
    let jobs = 0;
    const calls = stubApi(reads, () => {
      jobs += 1;
      return jsonResponse(botJob(`job-${jobs}`, { kind: 'steam.market-list' }), 202);
    });
    const user = userEvent.setup();
    renderWithProviders(<InventoryScreen />);
    await user.click(
      await screen.findByRole('checkbox', { name: 'Выбрать AK-47 | Redline (Field-Tested) #1' }),
    );
    await user.click(screen.getByRole('button', { name: 'Выставить в Steam' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Цена/), '12.345');
    // A price with three decimals cannot be confirmed; nothing is sent.
    expect(within(dialog).getByRole('button', { name: 'Выставить' })).toHaveProperty('disabled', true);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.clear(within(dialog).getByLabelText(/Цена/));
    await user.type(within(dialog).getByLabelText(/Цена/), '12.34');
    // The preview: the item, its Steam account, the price in the market's currency; the total.
    const row = within(dialog).getByTestId('money-preview-row').textContent?.replace(/\s/g, ' ');
    expect(row).toContain('AK-47 | Redline (Field-Tested) #1');
    expect(row).toContain('→ 12.34 ₽');
    expect(within(dialog).getByTestId('money-preview-totals').textContent?.replace(/\s/g, ' ')).toContain(
      '12.34 ₽',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Выставить' }));
    // The preview gives way to the jobs' progress.
    // (How the result reads is the job-results area's; here: the job was followed to its end.)
    expect(await screen.findByTestId('job-result')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toMatch(/\/api-node\/steam\/1\/market\/list$/);
    expect(post.body).toEqual({ asset_id: '30001', price: '12.34' });
  });
});
