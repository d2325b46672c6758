import { expect, it } from 'vitest';

import { paths } from '../src/config/paths.ts';
import { LIST_PAGING_OVERRIDE, type ListPaging } from '../src/lib/list-paging.ts';
import { api, describeInConsole, session } from './console-suite.ts';
import { waitForRows } from './harness.ts';

/**
 * Issue 15: big lists read a first page, then chunks of larger pages, several at a time (lib/use-paged-list).
 * Rows come from requests made at different moments and answered in any order: every row must be there
 * once, in the server's order, and the count must be the server's.
 */

interface Paged<T> {
  count: number;
  results: T[];
}

const RUN = `e2e-big-${Date.now()}`;
const LIST = '/api/toy/history/history-extended/';

/** Ids of the list as the server orders it (one request of every row). */
async function serverIds(query: string): Promise<{ count: number; ids: number[] }> {
  const { body } = await api<Paged<{ id: number }>>('GET', `${LIST}?ordering=-date&page_size=999999${query}`);
  return { count: body.count, ids: body.results.map((row) => row.id) };
}

/**
 * Scrolls the table to its end until its last row (aria-rowindex total + 1) is rendered, as an operator
 * dragging the scroll bar down would: each time the end of the loaded rows comes into view, more are read.
 */
async function scrollUntilLoaded(total: number) {
  const { page } = session;
  const last = page.locator(`[role="table"] [role="row"][aria-rowindex="${total + 1}"]`);
  for (let step = 0; step < 600 && (await last.count()) === 0; step += 1) {
    await page.evaluate(`(() => {
      const table = document.querySelector('[role="table"]');
      if (table) table.scrollTop = table.scrollHeight;
    })()`);
    await page.waitForTimeout(100);
  }
  await last.waitFor();
}

/**
 * The ids of the rendered rows by their place in the list (aria-rowindex - 2), read from the row checkbox's
 * name («Выбрать #12 …» / «Select #12 …») with the table scrolled so that row `from` is at the top.
 */
async function idsAt(from: number): Promise<Map<number, number>> {
  const pairs = await session.page.evaluate<[number, number][]>(`(async () => {
    const table = document.querySelector('[role="table"]');
    const row = table.querySelector('[role="row"][aria-rowindex="2"]') ?? table.querySelector('[role="row"][aria-rowindex]:not([aria-rowindex="1"])');
    const height = row ? row.getBoundingClientRect().height : 40;
    table.scrollTop = ${from} * height;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    return [...table.querySelectorAll('[role="row"][aria-rowindex]')].flatMap((element) => {
      const index = Number(element.getAttribute('aria-rowindex')) - 2;
      const box = element.querySelector('input[type="checkbox"]');
      const id = /#(\\d+)/.exec(box ? box.getAttribute('aria-label') ?? '' : '');
      return index >= 0 && id ? [[index, Number(id[1])]] : [];
    });
  })()`);
  return new Map(pairs);
}

/** Every row's id, the table scrolled through from top to bottom. */
async function everyId(total: number): Promise<number[]> {
  const seen = new Map<number, number>();
  for (let from = 0; from < total; from += 10) {
    for (const [index, id] of await idsAt(from)) seen.set(index, id);
  }
  return Array.from({ length: total }, (_, index) => seen.get(index) ?? -1);
}

const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');

describeInConsole(
  'big lists in Chromium: every row once, in order',
  { path: paths.history.list.getHref() },
  () => {
    it('loads all of the demo history (first page, then chunks of 5,000) with the count and order of the server', async () => {
      const { page } = session;
      const { count, ids } = await serverIds('');
      expect(count).toBe(ids.length);
      expect(count).toBeGreaterThan(20_000);
      await waitForRows(page);
      // The first page of 500 only, the server's count beside it.
      await expect
        .poll(async () => digits(await page.getByTestId('row-count').textContent()))
        .toBe(`500${count}`);
      await session.screenshot('history-first-page');

      await scrollUntilLoaded(count);
      await expect
        .poll(async () => digits(await page.getByTestId('row-count').textContent()))
        .toBe(String(count));
      // Rows across the page boundaries (500, and chunks of 5,000) and the end are the server's.
      for (const from of [0, 490, 4_990, 9_990, 19_990, 29_990, count - 20]) {
        const shown = await idsAt(Math.max(0, from));
        expect(shown.size).toBeGreaterThan(5);
        for (const [index, id] of shown) expect(id, `row ${index}`).toBe(ids[index]);
      }
      // Select-all takes the loaded rows by id: as many as the server counts means none came twice.
      await page.getByRole('checkbox', { name: 'Выбрать все загруженные строки' }).check();
      await expect
        .poll(async () => digits(await page.getByTestId('selection-bar').textContent()))
        .toBe(String(count));
      await session.screenshot('history-all-loaded');
    });
  },
);

describeInConsole(
  'big lists in Chromium with small pages (English)',
  { path: paths.history.list.getHref(), uiLang: 'en' },
  () => {
    const paging: ListPaging = { firstPage: 7, chunkRows: 20, chunksPerStep: 2, inFlight: 2 };
    const TOTAL = 133;

    it('crosses many page boundaries: every row once, in order, the count right', async () => {
      const { page } = session;
      const start = Date.parse('2026-01-01T00:00:00Z');
      const made = await api(
        'POST',
        '/api/toy/history/bulk/create-or-update/',
        Array.from({ length: TOTAL }, (_, index) => ({
          market_hash_name: `${RUN} row ${index}`,
          side: index % 2 ? 'sell' : 'buy',
          price: `${index + 1}.00`,
          market: 'tm',
          date: new Date(start + index * 60_000).toISOString(),
        })),
      );
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const { count, ids } = await serverIds(`&search=${encodeURIComponent(RUN)}`);
      expect(count).toBe(TOTAL);

      await page
        .context()
        .addInitScript(`window[${JSON.stringify(LIST_PAGING_OVERRIDE)}] = ${JSON.stringify(paging)};`);
      await session.goto(`${paths.history.list.getHref()}?search=${encodeURIComponent(RUN)}`);
      await waitForRows(page);
      // How many rows are loaded before the first scroll depends on how fast the next pages answer (the
      // table asks for more as soon as its end is in view): only the total is certain here.
      await expect
        .poll(async () => digits(await page.getByTestId('row-count').textContent()))
        .toMatch(new RegExp(`^\\d+${TOTAL}$`));
      await scrollUntilLoaded(TOTAL);
      await expect
        .poll(async () => digits(await page.getByTestId('row-count').textContent()))
        .toBe(String(TOTAL));
      expect(await everyId(TOTAL)).toEqual(ids);
      await page.getByRole('checkbox', { name: 'Select all loaded rows' }).check();
      await expect
        .poll(async () => digits(await page.getByTestId('selection-bar').textContent()))
        .toBe(String(TOTAL));
      await session.screenshot('history-small-pages-en');
    });
  },
);

describeInConsole(
  'Steam accounts: the first page renders before the whole list is asked for',
  { path: paths.steamAccount.list.getHref() },
  () => {
    it('shows the first page while the whole list is held, and asks for that list only after the first page answered', async () => {
      const { page } = session;
      // The order of what happened, from the browser's side (issue 15: on PGlite the whole list, asked for
      // beside the first page, held the server and so the screen's first render).
      const events: string[] = [];
      const isWholeList = (url: URL) =>
        url.pathname === '/api/steam/accounts/extended/' && url.searchParams.get('page_size') === '999999';
      const isFirstPage = (url: URL) =>
        url.pathname === '/api/steam/accounts/extended/' && url.searchParams.get('page_size') === '100';
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(isWholeList, async (route) => {
        events.push('whole list asked');
        await held;
        await route.continue();
      });
      const onResponse = (response: { url: () => string }) => {
        const url = new URL(response.url());
        if (isFirstPage(url)) events.push('first page answered');
        if (isWholeList(url)) events.push('whole list answered');
      };
      page.on('response', onResponse);
      const answered = page.waitForResponse((response) => isWholeList(new URL(response.url())), {
        timeout: 60_000,
      });
      try {
        await session.goto(paths.steamAccount.list.getHref());
        await waitForRows(page);
        events.push('first rows shown');
        // The first page's rows stay on screen with the whole list still held.
        await expect.poll(() => events.includes('whole list asked')).toBe(true);
        await session.screenshot('steam-accounts-first-page');
        expect(events.indexOf('first page answered')).toBeGreaterThanOrEqual(0);
        expect(events.indexOf('first page answered')).toBeLessThan(events.indexOf('whole list asked'));
        expect(await page.locator('[role="table"] [role="row"][aria-rowindex="2"]').count()).toBe(1);
        expect(events).not.toContain('whole list answered');
      } finally {
        release();
        page.off('response', onResponse);
      }
      expect((await answered).status()).toBe(200);
      await waitForRows(page);
      await page.unroute(isWholeList);
    });
  },
);
