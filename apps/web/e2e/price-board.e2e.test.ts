import type { PriceBoardResponse } from '@toydesk/contract';
import { expect, it } from 'vitest';

import { paths } from '../src/config/paths.ts';
import { api, describeInConsole, session } from './console-suite.ts';
import { waitForRows } from './harness.ts';

/**
 * Issue 16, item 2: the cross-market price board on the demo. The demo's market database is filled from
 * the simulators' public lists at start (tm, tm_usd, cs7, cs7_proxy: separate simulated markets, so the
 * same item has different prices there); the board compares them, filters by spread, and puts an item
 * into the catalogue with its buy and sell bands after asking.
 */

const TABLE = 'Цены по площадкам';

async function board(query: string): Promise<PriceBoardResponse> {
  const answer = await api<PriceBoardResponse>('GET', `/api/market/price-board/?${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

describeInConsole('price board in Chromium', { path: paths.tags.getHref() }, () => {
  it('shows real spreads between the simulated markets', async () => {
    // The start import runs in the demo's bot worker: wait for lists of at least two markets.
    await expect
      .poll(async () => (await board('min_spread_pct=0&page_size=1')).count, {
        timeout: 90_000,
        interval: 1000,
      })
      .toBeGreaterThan(0);
    const positive = await board('min_spread_pct=0.01&page_size=5');
    expect(positive.count).toBeGreaterThan(0);
    for (const row of positive.results) {
      expect(Number(row.spread_pct)).toBeGreaterThanOrEqual(0.01);
      expect(row.buy_market).not.toBe(row.sell_market);
    }

    const { page } = session;
    await session.goto(paths.priceBoard.getHref());
    await waitForRows(page, { table: TABLE });
    await session.screenshot('price-board');
    // The default order is the widest spread first: the first row is the API's first.
    const first = (await board('page_size=1')).results[0]!;
    await page
      .getByRole('table', { name: TABLE })
      .locator('[role="row"][aria-rowindex="2"]')
      .getByText(first.market_hash_name)
      .waitFor();
  });

  it('filters by the minimum spread', async () => {
    const { page } = session;
    const answered = page.waitForResponse(
      (response) =>
        response.url().includes('/api/market/price-board/') && response.url().includes('min_spread_pct=3'),
    );
    await page.getByTestId('min-spread').fill('3');
    const body = (await (await answered).json()) as PriceBoardResponse;
    for (const row of body.results) expect(Number(row.spread_pct)).toBeGreaterThanOrEqual(3);
    const expected = (await board('min_spread_pct=3&page_size=1')).count;
    await page
      .getByTestId('price-board-count')
      .filter({ hasText: String(expected) })
      .waitFor();
  });

  it('puts an item into the catalogue with its bands after asking', async () => {
    const { page } = session;
    // The demo's catalogue already has many of these items: take one that lacks both bands (or at least the
    // buy band), so the demo rows other files read keep their values.
    const candidates = (await board('min_spread_pct=0.01&page_size=500')).results;
    const free = (r: PriceBoardResponse['results'][number], market: string | null) =>
      market !== null && !r.catalogue_markets.includes(market as never);
    const row =
      candidates.find((r) => free(r, r.buy_market) && free(r, r.sell_market)) ??
      candidates.find((r) => free(r, r.buy_market) && r.sell_market !== null);
    expect(row, 'a spread row without its buy band in the catalogue').toBeDefined();
    await page.getByTestId('min-spread').fill('');
    await page.getByRole('textbox', { name: 'Поиск по названию' }).fill(row!.market_hash_name);
    await page.getByRole('button', { name: `В каталог: ${row!.market_hash_name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('catalogue-bands').waitFor();
    await dialog.getByText('Торговля этим товаром будет включена').waitFor();
    await session.screenshot('price-board-add');
    await dialog.getByTestId('add-to-catalogue-confirm').click();
    await page.getByRole('alert').filter({ hasText: 'Товар добавлен в каталог' }).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const name = encodeURIComponent(row!.market_hash_name);
    const toys = await api<{
      results: { market: string; enable_dynamic_order: boolean; price_sell: string | null }[];
    }>('GET', `/api/market/toys/?market_hash_name=${name}`);
    const byMarket = new Map(toys.body.results.map((mt) => [mt.market, mt]));
    expect(byMarket.get(row!.buy_market!)?.enable_dynamic_order).toBe(true);
    expect(byMarket.get(row!.sell_market!)?.price_sell).not.toBeNull();
    const after = await board(`search=${name}`);
    expect(after.results[0]?.catalogue_markets).toEqual(
      expect.arrayContaining([row!.buy_market, row!.sell_market]),
    );
  });

  it('met no page errors', () => {
    expect(session.problems).toEqual([]);
  });
});
