import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { notifications } from '@/lib/notifications';
import { botJob } from '@/test/bot-job';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';

import { sellItemRow } from '../testing/sell-item-row';
import { SellItemsScreen } from './sell-items-screen';

const rows = [
  sellItemRow(1),
  sellItemRow(2, { price: '90.00', position: 1 }),
  sellItemRow(3, { market_account: 8 }),
  sellItemRow(4, { market_item_id: null }),
];

function reads({ url }: ApiCall): Response | undefined {
  const jobRead = /\/api-node\/jobs\/([\w-]+)\/$/.exec(url);
  if (jobRead)
    return jsonResponse(
      botJob(jobRead[1]!, { state: 'done', result: { priced: 1, removed: 0, failed: [] } }),
    );
  if (url.includes('/api/market/sell/items/count-by-mhn/'))
    return jsonResponse({
      results: [
        {
          market_hash_name: 'AWP | Asiimov (Field-Tested)',
          count: 4,
          min_price: '100.00',
          max_price: '150.00',
          total: '500.00',
        },
      ],
    });
  if (url.includes('/api/market/sell/items/for-sell/'))
    return jsonResponse({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          inventory_id: 9,
          steam_account: 1,
          steam_account_name: 'trade_bot_01',
          asset_id: '777',
          classid_instanceid: null,
          market_hash_name: 'M4A1-S | Hyper Beast (Minimal Wear)',
          toy: 3,
          icon_url: null,
          market: 'tm',
          price_sell: '1200.00',
          on_sale_count: 0,
        },
      ],
    });
  if (url.includes('/api/market/sell/items/'))
    return jsonResponse({ count: rows.length, next: null, previous: null, results: rows });
}

/** The set-prices starts answer 202 with a job per market account (job id "job-<account>"). */
function startJob(call: ApiCall): Response {
  const account = Number(/\/api-node\/trading\/(\d+)\/set-prices$/.exec(call.url)?.[1]);
  if (!account) return jsonResponse({ detail: 'unexpected' }, 404);
  return jsonResponse(botJob(`job-${account}`, { kind: 'trading.set-prices', account }), 202);
}

const setPriceCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.url.includes('/set-prices'));

describe('Sell items screen', () => {
  it('sends one price for the selected items to the market, one job per market account, and follows the jobs', async () => {
    const calls = stubApi(reads, startJob);
    const user = userEvent.setup();
    renderWithProviders(<SellItemsScreen />);
    expect(await screen.findByText('AK-47 | Redline (Field-Tested) #1')).toBeTruthy();
    const listCall = calls.find((call) => call.url.includes('/api/market/sell/items/?'))!;
    expect(listCall.url).toContain('status=on_sale');
    const listReads = () => calls.filter((call) => call.url.includes('/api/market/sell/items/?')).length;
    const readsBefore = listReads();

    await user.click(screen.getByRole('checkbox', { name: 'Выбрать все загруженные предметы' }));
    await user.click(screen.getByRole('button', { name: 'Задать цену выбранным' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Цена'), '99.50');
    await user.click(within(dialog).getByRole('button', { name: 'Применить' }));
    await waitFor(() => expect(setPriceCalls(calls)).toHaveLength(2));
    const [first, second] = setPriceCalls(calls);
    expect(first!.url).toMatch(/\/api-node\/trading\/7\/set-prices$/);
    expect(first!.body).toEqual({
      items: [
        { item_id: '5001', price: '99.50' },
        { item_id: '5002', price: '99.50' },
      ],
    });
    expect(second!.url).toMatch(/\/api-node\/trading\/8\/set-prices$/);
    expect(second!.body).toEqual({ items: [{ item_id: '5003', price: '99.50' }] });
    await waitFor(() =>
      expect(notifications.list().map((n) => n.text)).toContain('Запущено 2 задачи смены цен на площадке'),
    );
    // No database-only write any more.
    expect(calls.some((call) => call.url.includes('bulk-update-by-ids'))).toBe(false);

    // Both jobs are followed to their end; the item without a listing is named as skipped.
    const jobs = await screen.findByTestId('market-price-jobs');
    await waitFor(() => expect(within(jobs).getAllByText('Готово')).toHaveLength(2));
    expect(calls.some((call) => call.url.includes('/api-node/jobs/job-7/'))).toBe(true);
    expect(calls.some((call) => call.url.includes('/api-node/jobs/job-8/'))).toBe(true);
    expect(within(jobs).getByText('1 предмет без лота на площадке пропущен')).toBeTruthy();
    // The list is read again once the jobs are done.
    await waitFor(() => expect(listReads()).toBeGreaterThan(readsBefore));
  });

  it('takes one item off sale on the market after confirmation and sets the price of one', async () => {
    const calls = stubApi(reads, startJob);
    const user = userEvent.setup();
    renderWithProviders(<SellItemsScreen />);
    await user.click(
      await screen.findByRole('button', { name: 'Снять с продажи AK-47 | Redline (Field-Tested) #1' }),
    );
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/задачей сервиса ботов/)).toBeTruthy();
    await user.click(within(confirm).getByTestId('confirm-button'));
    await waitFor(() => expect(setPriceCalls(calls)).toHaveLength(1));
    expect(setPriceCalls(calls)[0]!.body).toEqual({ items: [{ item_id: '5001', price: '0' }] });
    const jobs = await screen.findByTestId('market-price-jobs');
    await waitFor(() => expect(within(jobs).getByText('Готово')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Цена: AK-47 | Redline (Field-Tested) #2' }));
    const priceDialog = await screen.findByRole('dialog');
    const price = within(priceDialog).getByLabelText(/Цена/);
    await user.clear(price);
    await user.type(price, '95');
    await user.click(within(priceDialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(setPriceCalls(calls)).toHaveLength(2));
    const sent = setPriceCalls(calls)[1]!;
    expect(sent.url).toMatch(/\/api-node\/trading\/7\/set-prices$/);
    expect(sent.body).toEqual({ items: [{ item_id: '5002', price: '95' }] });
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('keeps the confirmation open when the bot service refuses the job', async () => {
    const calls = stubApi(reads, () => jsonResponse({ items: ['bad'] }, 400));
    const user = userEvent.setup();
    renderWithProviders(<SellItemsScreen />);
    await user.click(
      await screen.findByRole('button', { name: 'Снять с продажи AK-47 | Redline (Field-Tested) #1' }),
    );
    await user.click(within(await screen.findByRole('dialog')).getByTestId('confirm-button'));
    await waitFor(() => expect(setPriceCalls(calls)).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('confirm-button')).toBeTruthy());
    expect(screen.queryByTestId('market-price-jobs')).toBeNull();
  });

  it('shows the counts by name and the candidates for sale', async () => {
    stubApi(reads, () => jsonResponse({}, 500));
    const user = userEvent.setup();
    renderWithProviders(<SellItemsScreen />);
    await user.click(screen.getByRole('tab', { name: 'По предметам' }));
    expect(await screen.findByText('AWP | Asiimov (Field-Tested)')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Кандидаты на продажу' }));
    expect(await screen.findByText('M4A1-S | Hyper Beast (Minimal Wear)')).toBeTruthy();
    expect(screen.getByText('trade_bot_01')).toBeTruthy();
  });
});
