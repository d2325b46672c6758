import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BotListedItem } from '@toydesk/contract';
import { describe, expect, it, vi } from 'vitest';

import type { ListingItem } from '@/lib/manual-listing';
import { botJob } from '@/test/bot-job';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';

import { ListOnMarketDialog } from './list-on-market-dialog';

const items: ListingItem[] = [
  {
    key: '1',
    assetId: '31000000000000001',
    steamAccount: 1,
    steamAccountName: 'bot_1',
    marketHashName: 'AK-47 | Redline (Field-Tested)',
    toy: 11,
  },
  {
    key: '2',
    assetId: '31000000000000002',
    steamAccount: 1,
    steamAccountName: 'bot_1',
    marketHashName: 'AWP | Asiimov (Field-Tested)',
    toy: 12,
  },
  {
    key: '3',
    assetId: '31000000000000003',
    steamAccount: 2,
    steamAccountName: 'bot_2',
    marketHashName: 'Glock-18 | Fade (Factory New)',
    toy: null,
  },
];

/** One item of the listing job's result, asked and listed at 80.00 RUB (or refused for `reason`). */
const listedAt80 = (
  item: ListingItem,
  status: BotListedItem['status'],
  reason: string | null,
): BotListedItem => ({
  asset_id: item.assetId,
  market_hash_name: item.marketHashName,
  asked_price: '80.00',
  price: '80.00',
  currency: 'RUB',
  status,
  item_id: null,
  reason,
  clamped: false,
});

const page = (results: unknown[]) =>
  jsonResponse({ count: results.length, next: null, previous: null, results });

function api(listed: { dryRun: boolean }) {
  return ({ method, url }: ApiCall) => {
    if (url.includes('/api/market/accounts/'))
      return page([
        { id: 31, steam_account: 1, currency: 'RUB', dry_run: listed.dryRun, label: 'Market CSGO bot_1' },
      ]);
    if (url.includes('/api/market/toys/'))
      return page([
        { id: 1, toy: 11, market: 'tm', price_buy: '50.00', price_sell: '100.00' },
        { id: 2, toy: 12, market: 'tm', price_buy: '90.00', price_sell: '300.00' },
      ]);
    if (url.includes('/prices/get-prices/'))
      return jsonResponse({ currency: 'RUB', results: [], missing: [] });
    if (method === 'POST' && url.includes('/api-node/trading/31/list-items/'))
      return jsonResponse(botJob('job-1', { kind: 'trading.list-items', state: 'queued' }), 202);
    if (url.includes('/api-node/jobs/job-1/'))
      return jsonResponse(
        botJob('job-1', {
          kind: 'trading.list-items',
          state: 'done',
          result: {
            market_account: 31,
            market: 'tm',
            dry_run: listed.dryRun,
            listed: 1,
            refused: 1,
            items: [listedAt80(items[0]!, 'listed', null), listedAt80(items[1]!, 'refused', 'below-buy')],
          },
        }),
      );
    return undefined;
  };
}

const text = (element: HTMLElement) => element.textContent?.replace(/\s/g, ' ') ?? '';

describe('ListOnMarketDialog', () => {
  it('previews each row in ₽ with its band, sends nothing on Cancel', async () => {
    const calls = stubApi(api({ dryRun: true }));
    const onClose = vi.fn();
    renderWithProviders(<ListOnMarketDialog items={items} market="tm" onClose={onClose} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Цена, ₽' }), '150');
    const rows = await screen.findAllByTestId('money-preview-row');
    expect(rows).toHaveLength(3);
    await waitFor(() => expect(text(rows[0]!)).toContain('→ 100.00 ₽'));
    expect(text(rows[0]!)).toContain('диапазон 50.00 ₽ – 100.00 ₽');
    expect(text(rows[0]!)).toContain('снижена до цены продажи (было 150.00 ₽)');
    expect(text(rows[0]!)).toContain('пробно: ничего не выставится');
    expect(text(rows[1]!)).toContain('→ 150.00 ₽');
    expect(text(rows[2]!)).toContain('у Steam-аккаунта нет аккаунта на этой площадке');
    expect(text(screen.getByTestId('money-preview-summary'))).toContain('250.00 ₽');
    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(onClose).toHaveBeenCalled();
    expect(calls.filter((call) => call.method === 'POST' && call.url.includes('list-items'))).toEqual([]);
  });

  it('refuses below price_buy in the preview, and lists the rest in one job per account, «пробно» on a dry run', async () => {
    const calls = stubApi(api({ dryRun: true }));
    renderWithProviders(<ListOnMarketDialog items={items} market="tm" onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Цена, ₽' }), '80');
    const rows = await screen.findAllByTestId('money-preview-row');
    await waitFor(() => expect(text(rows[1]!)).toContain('ниже цены покупки 90.00 ₽: не выставляется'));
    await user.click(screen.getByTestId('money-preview-confirm'));
    const results = await screen.findByTestId('listing-results');
    await waitFor(() =>
      expect(text(within(results).getByTestId('listing-summary'))).toContain(
        'Пробно: выставилось бы 1, отказов: 1',
      ),
    );
    expect(text(results)).toContain('пробно: был бы выставлен за 80.00 ₽');
    expect(text(results)).toContain('не выставлен: цена ниже цены покупки');
    const posts = calls.filter((call) => call.method === 'POST' && call.url.includes('list-items'));
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      items: [{ asset_id: '31000000000000001', price: '80.00', currency: 'RUB' }],
      listing_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });
});
