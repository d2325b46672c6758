import type { PriceBoardResponse } from '@toydesk/contract';
import { expect, it } from 'vitest';

import { paths } from '../src/config/paths.ts';
import { api, describeInConsole, session } from './console-suite.ts';
import { waitForRows } from './harness.ts';

/**
 * Issue 16, item 2: the cross-market price board on the demo. The demo's market database is filled from
 * the simulators' lists at start: the tm family's public lists (tm, tm_usd, cs7, cs7_proxy) and the keyed
 * markets' (Lis-skins, BitSkins, CSFloat, Skinport, Waxpeer), read with the demo accounts' vault keys. They
 * are separate simulated markets, so the same item has different prices there; the board compares them,
 * filters by spread, and puts an item into the catalogue with its buy and sell bands after asking.
 */

const TABLE = 'Цены по площадкам';
const TABLE_EN = 'Prices by marketplace';

/** The keyed markets the start import reads, with their seeded names (the column headers). */
const KEYED: Record<string, string> = {
  lis_skins: 'Lis-Skins',
  bitskins: 'BitSkins',
  csfloat: 'CSFloat',
  skinport: 'Skinport',
  waxpeer: 'Waxpeer',
};
const isKeyed = (market: string | null) => market !== null && market in KEYED;

async function board(query: string): Promise<PriceBoardResponse> {
  const answer = await api<PriceBoardResponse>('GET', `/api/market/price-board/?${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The keyed markets with a price on some row of the board's first 500 (the widest spreads). */
async function keyedMarketsPriced(): Promise<string[]> {
  const seen = new Set<string>();
  for (const row of (await board('page_size=500')).results)
    for (const cell of row.markets) if (isKeyed(cell.market) && cell.buy !== null) seen.add(cell.market);
  return [...seen].sort();
}

/**
 * On the open board (default order, no filter): a keyed market's column shows the first row's price, and a
 * row among the first ten takes its best buy or best sale from a keyed market, named in that cell; then a
 * screenshot with the keyed columns scrolled into view.
 */
async function checkKeyedColumns(table: string, shot: string): Promise<void> {
  const { page } = session;
  const rows = (await board('page_size=10')).results;
  const grid = page.getByRole('table', { name: table });
  const headers = (await grid.locator('[role="columnheader"]').allTextContents()).map((h) => h.trim());
  const first = rows[0]!;
  const market = first.markets.find((m) => isKeyed(m.market) && m.buy !== null)?.market;
  expect(market, `a keyed market priced on ${first.market_hash_name}`).toBeDefined();
  const column = headers.indexOf(KEYED[market!]!);
  expect(column, `the ${market} column among ${headers.join(' | ')}`).toBeGreaterThan(0);
  const cell = grid.locator('[role="row"][aria-rowindex="2"] [role="cell"]').nth(column);
  await cell.getByText(/\d/).first().waitFor();
  expect(await cell.textContent()).not.toBe('—');

  const at = rows.findIndex((r) => isKeyed(r.buy_market) || isKeyed(r.sell_market));
  expect(at, 'a row among the first ten whose best buy or sale is on a keyed market').toBeGreaterThanOrEqual(
    0,
  );
  const row = rows[at]!;
  const side = isKeyed(row.buy_market) ? 1 : 2; // the best buy or best sale column, after the name
  const best = grid.locator(`[role="row"][aria-rowindex="${at + 2}"] [role="cell"]`).nth(side);
  await best.getByText(KEYED[(side === 1 ? row.buy_market : row.sell_market)!]!).waitFor();

  await session.screenshot(shot);
  await grid
    .locator('[role="row"][aria-rowindex="2"] [role="cell"]')
    .nth(headers.indexOf(KEYED.waxpeer!))
    .scrollIntoViewIfNeeded();
  await session.screenshot(`${shot}-keyed`);
}

describeInConsole('price board in Chromium', { path: paths.tags.getHref() }, () => {
  it('shows real spreads between the simulated markets', async () => {
    // The start import runs in the demo's bot worker: wait for lists of at least two markets, and for every
    // keyed market's (imported after the tm family's, each its own job).
    await expect
      .poll(async () => (await board('min_spread_pct=0&page_size=1')).count, {
        timeout: 90_000,
        interval: 1000,
      })
      .toBeGreaterThan(0);
    await expect
      .poll(keyedMarketsPriced, { timeout: 90_000, interval: 1000 })
      .toEqual(Object.keys(KEYED).sort());
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

  it('compares the keyed markets too: their columns show prices, and some best buy or sale is theirs', async () => {
    await checkKeyedColumns(TABLE, 'price-board-markets');
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

describeInConsole('price board in Chromium (English)', { path: paths.tags.getHref(), uiLang: 'en' }, () => {
  it('compares the keyed markets in English too', async () => {
    await expect
      .poll(keyedMarketsPriced, { timeout: 90_000, interval: 1000 })
      .toEqual(Object.keys(KEYED).sort());
    await session.goto(paths.priceBoard.getHref());
    await waitForRows(session.page, { table: TABLE_EN });
    await checkKeyedColumns(TABLE_EN, 'price-board-en');
  });

  it('met no page errors', () => {
    expect(session.problems).toEqual([]);
  });
});
