import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { commonData, jsonResponse, market } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';

import { MarketsScreen } from './markets-screen';

const MARKETS = [
  { ...market('tm', 'Market CSGO'), id: 1, rates_set_at: '2026-11-20T10:00:00Z' },
  { ...market('csfloat', 'CSFloat'), id: 9, rates_set_at: '2026-11-21T10:00:00Z' },
];

describe('markets screen', () => {
  it('lists the rates with their date, refuses a zero rate in Russian, PATCHes a good one and reads the list again', async () => {
    const calls = stubApi(
      (call) => {
        if (call.url.includes('/api/market/markets/'))
          return jsonResponse({ count: 2, next: null, previous: null, results: MARKETS });
        if (call.url.includes('/api/frontend/common')) return jsonResponse({ success: true, data: {} });
        return undefined;
      },
      (call) =>
        jsonResponse({ ...MARKETS[1], ...(call.body as object), rates_set_at: '2026-11-25T10:00:00Z' }),
    );
    const user = userEvent.setup();
    renderWithProviders(<MarketsScreen />, { common: commonData({ markets: MARKETS }) });
    const table = await screen.findByRole('table', { name: 'Площадки' });
    const row = (await within(table).findByText('CSFloat')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('92.5')).toBeTruthy();
    expect(within(row).getByText('21.11.2026')).toBeTruthy();
    // Every row of the list as CSV, through the API.
    const exportLink = screen.getByRole('link', { name: 'Экспорт CSV' });
    expect(exportLink.getAttribute('href')).toMatch(/\/api\/market\/markets\/\?.*format=csv/);

    await user.click(within(row).getByText('CSFloat'));
    const dialog = await screen.findByRole('dialog');
    const usd = within(dialog).getByLabelText(/Курс USD/);
    await user.clear(usd);
    await user.type(usd, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(
      await within(dialog).findByText('Курс: число больше нуля, не более 6 знаков после точки'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);

    await user.clear(usd);
    await user.type(usd, '97.35');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.url).toMatch(/\/api\/market\/markets\/9\/$/);
    expect(patch.body).toMatchObject({ usd_to_rub_rate: '97.35' });
    expect(await screen.findByText('Площадка CSFloat сохранена')).toBeTruthy();
    // Every cached query is stale after a rate change (converted totals everywhere): the list is read again.
    const patchedAt = calls.indexOf(patch);
    await waitFor(() =>
      expect(calls.slice(patchedAt + 1).some((call) => call.url.includes('/api/market/markets/?'))).toBe(
        true,
      ),
    );
  });
});
