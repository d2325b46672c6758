import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { notifications } from '@/lib/notifications';
import { botJob } from '@/test/bot-job';
import { jsonResponse, listPage } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';

import { sellItemRow } from '../testing/sell-item-row';
import { SellItemsScreen } from './sell-items-screen';

const rows = [
  sellItemRow(1, { toy: 11 }),
  sellItemRow(2, { price: '90.00', position: 1, toy: 12 }),
  sellItemRow(3, {
    market_account: 8,
    market: 'tm_usd',
    currency: 'USD',
    price: '12.11',
    toy: 13,
    market_hash_name: 'AWP | Asiimov (Field-Tested)',
  }),
  sellItemRow(4, { market_item_id: null, toy: 11 }),
];

/** The toys' bands on their markets (toy 12 has none: its lot is flagged and not sent unless ticked). */
const marketToys = [
  { id: 1, toy: 11, market: 'tm', price_buy: '700.00', price_sell: '900.00' },
  { id: 2, toy: 13, market: 'tm_usd', price_buy: '10.00', price_sell: '20.00' },
];

/** tm's search answer: prices in kopecks (RUB) and mils (USD); 5001 is our own listing. */
function searchAnswer(url: string): Response {
  if (decodeURIComponent(url).includes('AWP'))
    return jsonResponse({
      success: true,
      currency: 'USD',
      data: { 'AWP | Asiimov (Field-Tested)': [{ id: 9, price: 11500 }] },
    });
  return jsonResponse({
    success: true,
    currency: 'RUB',
    data: {
      'AK-47 | Redline (Field-Tested) #1': [
        { id: 5001, price: 70000 },
        { id: 9001, price: 80000 },
      ],
      'AK-47 | Redline (Field-Tested) #4': [],
    },
  });
}

const text = (element: HTMLElement) => element.textContent?.replace(/\s/g, ' ') ?? '';

function reads({ url }: ApiCall): Response | undefined {
  if (url.includes('/api/market-proxy/api/v2/search-list-items-by-hash-name-all')) return searchAnswer(url);
  if (url.includes('/api/market/toys/')) return jsonResponse(listPage(marketToys));
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
    return jsonResponse(
      listPage([
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
      ]),
    );
  if (url.includes('/api/market/sell/items/')) return jsonResponse(listPage(rows));
}

/** The set-prices starts answer 202 with a job per market account (job id "job-<account>"). */
function startJob(call: ApiCall): Response {
  const account = Number(/\/api-node\/trading\/(\d+)\/set-prices$/.exec(call.url)?.[1]);
  if (!account) return jsonResponse({ detail: 'unexpected' }, 404);
  return jsonResponse(botJob(`job-${account}`, { kind: 'trading.set-prices', account }), 202);
}

const setPriceCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.url.includes('/set-prices'));

async function openMassPricing() {
  const calls = stubApi(reads, startJob);
  const user = userEvent.setup();
  renderWithProviders(<SellItemsScreen />);
  expect(await screen.findByText('AK-47 | Redline (Field-Tested) #1')).toBeTruthy();
  await user.click(screen.getByRole('checkbox', { name: 'Выбрать все загруженные предметы' }));
  await user.click(screen.getByRole('button', { name: 'Задать цену выбранным' }));
  const dialog = await screen.findByRole('dialog');
  // The bands are read before anything can be confirmed.
  await waitFor(() => expect(within(dialog).queryByText('Читаем диапазоны цен предметов…')).toBeNull());
  return { calls, user, dialog };
}

const previewRow = (dialog: HTMLElement, name: string) =>
  within(dialog)
    .getAllByTestId('money-preview-row')
    .find((row) => row.textContent?.includes(name))!;

describe('Sell items screen', () => {
  it('mass pricing: one price per currency, held in each band, previewed, only ticked rows sent per account', async () => {
    const { calls, user, dialog } = await openMassPricing();
    const listReads = () => calls.filter((call) => call.url.includes('/api/market/sell/items/?')).length;
    const readsBefore = listReads();
    expect(calls.find((call) => call.url.includes('/api/market/toys/'))!.url).toMatch(/toy=11&toy=12&toy=13/);
    await user.type(within(dialog).getByTestId('mass-price-RUB'), '950');
    await user.type(within(dialog).getByTestId('mass-price-USD'), '15,5');
    expect(text(previewRow(dialog, '#1'))).toContain('812.40 ₽→ 900.00 ₽');
    expect(text(previewRow(dialog, '#1'))).toContain('снижена до цены продажи');
    expect(text(previewRow(dialog, 'AWP'))).toContain('12.11 $→ 15.50 $');
    expect(text(previewRow(dialog, '#2'))).toContain('нет диапазона цен');
    expect(previewRow(dialog, '#2').dataset.sent).toBe('false');
    expect(previewRow(dialog, '#4').dataset.sent).toBe('false');
    expect(text(within(dialog).getByTestId('money-preview-totals'))).toContain('900.00 ₽ · 15.50 $');
    expect(text(within(dialog).getByTestId('money-preview-summary'))).toContain(
      'Будет отправлено строк: 2 из 4',
    );
    expect(setPriceCalls(calls)).toHaveLength(0);

    await user.click(within(dialog).getByTestId('money-preview-confirm'));
    await waitFor(() => expect(setPriceCalls(calls)).toHaveLength(2));
    const [first, second] = setPriceCalls(calls);
    expect(first!.url).toMatch(/\/api-node\/trading\/7\/set-prices$/);
    expect(first!.body).toEqual({ items: [{ item_id: '5001', price: '900.00' }] });
    expect(second!.url).toMatch(/\/api-node\/trading\/8\/set-prices$/);
    expect(second!.body).toEqual({ items: [{ item_id: '5003', price: '15.50' }] });
    await waitFor(() =>
      expect(notifications.list().map((n) => n.text)).toContain('Запущено 2 задачи смены цен на площадке'),
    );
    const jobs = await screen.findByTestId('market-price-jobs');
    await waitFor(() => expect(within(jobs).getAllByText('Готово')).toHaveLength(2));
    await waitFor(() => expect(listReads()).toBeGreaterThan(readsBefore));
  });

  it('mass pricing: percent rounds to 0.01 per currency; undercut goes N steps under the cheapest other offer', async () => {
    const { calls, user, dialog } = await openMassPricing();
    await user.click(within(dialog).getByLabelText('Изменить на процент'));
    await user.type(within(dialog).getByTestId('mass-percent'), '-5');
    expect(text(previewRow(dialog, '#1'))).toContain('→ 771.78 ₽');
    expect(text(previewRow(dialog, 'AWP'))).toContain('→ 11.50 $');

    await user.click(within(dialog).getByLabelText('Ниже самого дешёвого конкурента'));
    const steps = within(dialog).getByTestId('mass-steps');
    await user.clear(steps);
    await user.type(steps, '2');
    // Our own listing (5001 at 700.00) is no competitor: 800.00 is, two steps under it is 799.98.
    await waitFor(() => expect(text(previewRow(dialog, '#1'))).toContain('→ 799.98 ₽'));
    expect(text(previewRow(dialog, '#1'))).toContain('конкурент: 800.00 ₽');
    // The USD lot in its own currency: 11.500 $ (in mils) less two cents, inside its band [10, 20].
    expect(text(previewRow(dialog, 'AWP'))).toContain('→ 11.48 $');
    expect(text(previewRow(dialog, '#4'))).toContain('нет цены конкурента');
    await user.click(within(dialog).getByTestId('money-preview-confirm'));
    await waitFor(() => expect(setPriceCalls(calls)).toHaveLength(2));
    expect(setPriceCalls(calls)[0]!.body).toEqual({ items: [{ item_id: '5001', price: '799.98' }] });
    expect(setPriceCalls(calls)[1]!.body).toEqual({ items: [{ item_id: '5003', price: '11.48' }] });
  });

  it('Cancel sends nothing', async () => {
    const { calls, user, dialog } = await openMassPricing();
    await user.type(within(dialog).getByTestId('mass-price-RUB'), '800');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(setPriceCalls(calls)).toHaveLength(0);
  });

  it('takes one item off sale after a preview, and sets the price of one lot the same way', async () => {
    const calls = stubApi(reads, startJob);
    const user = userEvent.setup();
    renderWithProviders(<SellItemsScreen />);
    await user.click(
      await screen.findByRole('button', { name: 'Снять с продажи AK-47 | Redline (Field-Tested) #1' }),
    );
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/задачей сервиса ботов/)).toBeTruthy();
    expect(text(previewRow(confirm, '#1'))).toContain('812.40 ₽снять с продажи');
    expect(text(within(confirm).getByTestId('money-preview-totals'))).toContain('812.40 ₽');
    await user.click(within(confirm).getByTestId('money-preview-confirm'));
    await waitFor(() => expect(setPriceCalls(calls)).toHaveLength(1));
    expect(setPriceCalls(calls)[0]!.body).toEqual({ items: [{ item_id: '5001', price: '0' }] });
    const jobs = await screen.findByTestId('market-price-jobs');
    await waitFor(() => expect(within(jobs).getByText('Готово')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Цена: AK-47 | Redline (Field-Tested) #1' }));
    const priceDialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(priceDialog).queryByText('Читаем диапазоны цен предметов…')).toBeNull(),
    );
    await user.type(within(priceDialog).getByTestId('mass-price-RUB'), '850');
    await user.click(within(priceDialog).getByTestId('money-preview-confirm'));
    await waitFor(() => expect(setPriceCalls(calls)).toHaveLength(2));
    const sent = setPriceCalls(calls)[1]!;
    expect(sent.url).toMatch(/\/api-node\/trading\/7\/set-prices$/);
    expect(sent.body).toEqual({ items: [{ item_id: '5001', price: '850.00' }] });
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('keeps the confirmation open when the bot service refuses the job', async () => {
    const calls = stubApi(reads, () => jsonResponse({ items: ['bad'] }, 400));
    const user = userEvent.setup();
    renderWithProviders(<SellItemsScreen />);
    await user.click(
      await screen.findByRole('button', { name: 'Снять с продажи AK-47 | Redline (Field-Tested) #1' }),
    );
    await user.click(within(await screen.findByRole('dialog')).getByTestId('money-preview-confirm'));
    await waitFor(() => expect(setPriceCalls(calls)).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('money-preview-confirm')).toBeTruthy());
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
