import type { BotDelivery } from '@toydesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { commonWithTradeBot, jsonResponse, listPage } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';

import { BotDeliveriesScreen } from './bot-deliveries-screen';

const delivery = (id: number, overrides: Partial<BotDelivery> = {}): BotDelivery => ({
  id,
  market_account: 7,
  market: 'tm',
  deal_id: `39000000${id}`,
  asset_id: `27000000${id}`,
  market_hash_name: 'AK-47 | Redline (Field-Tested)',
  classid_instanceid: '310776560_188530139',
  price: '1234.50',
  currency: 'RUB',
  offer_code: 'A1B2C3D4',
  offer_id: `73000000${id}`,
  state: 'delivered',
  steam_state: 'Accepted',
  error: null,
  sold_seen_at: '2026-03-01T08:00:00Z',
  offer_sent_at: '2026-03-01T08:00:20Z',
  trade_ready_at: '2026-03-01T08:00:25Z',
  finished_at: '2026-03-01T09:00:00Z',
  updated_at: '2026-03-01T09:00:00Z',
  ...overrides,
});

const common = commonWithTradeBot([
  { id: 7, market: 'tm', label: 'tm · trade_bot_01' },
  { id: 8, market: 'tm_usd', label: 'tm_usd · trade_bot_01' },
]);

const ROWS = [
  delivery(3, {
    market_account: 8,
    market: 'tm_usd',
    market_hash_name: '★ Karambit | Doppler (Factory New)',
    classid_instanceid: null,
    price: '812.00',
    currency: 'USD',
    state: 'failed',
    steam_state: 'Declined',
    error: 'Steam offer Declined',
  }),
  delivery(2, { state: 'trade_ready', steam_state: 'Active', finished_at: null }),
  delivery(1),
];

/** The bot service's deliveries list, filtered by state as the service would; records each query. */
function stubDeliveries(rows: BotDelivery[] = ROWS) {
  const queries: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    if (!url.includes('/api-node/deliveries/')) return jsonResponse({}, 404);
    const query = new URL(url).searchParams;
    queries.push(query);
    const states = query.getAll('state');
    const shown = rows.filter((row) => states.length === 0 || states.includes(row.state));
    return jsonResponse(listPage(shown));
  });
  return queries;
}

describe('bot deliveries screen', () => {
  it('shows each delivery: item with its market link, account, price, offer, state, times and error', async () => {
    const queries = stubDeliveries();
    renderWithProviders(<BotDeliveriesScreen />, { common });
    const table = await screen.findByRole('table', { name: 'Передачи предметов' });
    await within(table).findByText('★ Karambit | Doppler (Factory New)');
    const failed = within(table).getByText('★ Karambit | Doppler (Factory New)').closest('[role="row"]')!;
    const cells = within(failed as HTMLElement);
    expect(cells.getByText('tm_usd · trade_bot_01')).toBeTruthy();
    expect(cells.getByText('Не передан')).toBeTruthy();
    // Steam's offer state by its Russian name, the raw ETradeOfferState name in the tooltip.
    expect(cells.getByText('Отклонён').getAttribute('title')).toBe('Declined');
    // The loop's stored English sentence said in Russian, the stored text in the tooltip.
    expect(cells.getByText('Обмен в Steam: Отклонён').getAttribute('title')).toBe('Steam offer Declined');
    expect(cells.getByText('730000003').getAttribute('title')).toBe('Код обмена: A1B2C3D4');
    expect(cells.getByText(/812\.00/).textContent).toContain('$');
    expect(within(table).getAllByText('tm · trade_bot_01')).toHaveLength(2);
    expect(within(table).getByText('Ждёт покупателя')).toBeTruthy();
    // tm links to market.csgo.com's search by market hash name.
    const links = within(table).getAllByRole('link', { name: 'Открыть на площадке' });
    expect(links.map((link) => link.getAttribute('href'))).toContain(
      'https://market.csgo.com/en/?search=AK-47%20%7C%20Redline%20%28Field-Tested%29',
    );
    expect(screen.getByTestId('row-count').textContent).toMatch(/^3\b/);
    // Newest first comes from the service; the first read asks for the first page of 200.
    expect(queries[0]!.get('page')).toBe('1');
    expect(queries[0]!.get('page_size')).toBe('200');
  });

  it('filters by state, market account and sale dates through the service', async () => {
    const queries = stubDeliveries();
    const user = userEvent.setup();
    renderWithProviders(<BotDeliveriesScreen />, { common });
    await screen.findByText('★ Karambit | Doppler (Factory New)');

    await user.click(screen.getByRole('combobox', { name: 'Состояние' }));
    await user.click(await screen.findByRole('option', { name: 'Не передан' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Ждёт покупателя')).toBeNull());
    expect(queries.at(-1)!.getAll('state')).toEqual(['failed']);

    await user.click(screen.getByRole('combobox', { name: 'Аккаунт площадки' }));
    await user.click(await screen.findByRole('option', { name: 'tm_usd · trade_bot_01' }));
    await waitFor(() => expect(queries.at(-1)!.getAll('market_account')).toEqual(['8']));

    fireEvent.change(screen.getByLabelText('Продан с'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Продан по'), { target: { value: '2026-03-02' } });
    await waitFor(() => expect(queries.at(-1)!.get('date_to')).toBe('2026-03-02'));
    expect(queries.at(-1)!.get('date_from')).toBe('2026-03-01');
    expect(queries.at(-1)!.getAll('state')).toEqual(['failed']);
  });

  it('says so when there are no deliveries', async () => {
    stubDeliveries([]);
    renderWithProviders(<BotDeliveriesScreen />, { common });
    expect(await screen.findByText('Передач нет')).toBeTruthy();
  });
});
