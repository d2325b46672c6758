import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { paths } from '../src/config/paths.ts';
import { api, describeInConsole, session } from './console-suite.ts';
import { apiRequest, problemsExcept, waitForRows, waitForTable, type Paged } from './harness.ts';

/**
 * Issue 12's catalogue, tag and history fixes in Debian's Chromium, in Russian and in English: a market toy's
 * prices save from the edit dialog; each market toy row's prices are in its market's currency; tm and cs7
 * item links open market.csgo.com, not Steam; a tag name is refused twice (any case) and its colour is
 * picked from swatches; the history's days are the operator's local days and its filters live in the URL.
 * Every row it makes carries RUN in its name, so other files and demo rows are left alone.
 */

const RUN = `e2e-fix-${Date.now()}`;

/** Polls until the value matches; the shared machine can be slow, so generously. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000, interval: 250 });

/** The texts each language shows, as an operator reads them. */
const TEXTS = {
  ru: {
    search: 'Поиск',
    priceSell: 'Цена продажи',
    save: 'Сохранить',
    create: 'Создать',
    pricesSaved: 'Цены сохранены',
    openListing: 'Открыть на площадке',
    name: 'Название',
    duplicate: 'Тег с таким названием уже есть',
    created: 'Запись создана',
    dateFrom: 'С даты',
    dateTo: 'По дату',
    // A select's accessible name is its label and its value; 'Аккаунт площадки' is another select.
    marketSelect: /^Площадка/,
    allMarkets: 'Все площадки',
    tagsTitle: 'Теги',
    buy: 'Покупка',
    sell: 'Продажа',
    statsSearch: 'Поиск по названию предмета',
  },
  en: {
    search: 'Search',
    priceSell: 'Sell price',
    save: 'Save',
    create: 'Create',
    pricesSaved: 'Prices saved',
    openListing: 'Open on the market',
    name: 'Name',
    duplicate: 'A tag with this name already exists',
    created: 'Record created',
    dateFrom: 'From',
    dateTo: 'To',
    marketSelect: /^Market(?! account)/,
    allMarkets: 'All markets',
    tagsTitle: 'Tags',
    buy: 'Buy',
    sell: 'Sell',
    statsSearch: 'Search by market hash name',
  },
} as const;

type Lang = keyof typeof TEXTS;

interface MarketToyRow {
  id: number;
  market: string;
  price_sell: string | null;
}
interface TagRow {
  id: number;
  name: string;
  color: string;
}

/** The refused duplicate tag, which the browser reports as a failed load. */
const EXPECTED_400 = /status of 400 .*\/api\/tag\//;

async function notified(page: Page, text: string) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

for (const lang of ['ru', 'en'] as const satisfies readonly Lang[]) {
  const T = TEXTS[lang];
  const tag = `${RUN}-${lang}`;

  const marketToys = async (name: string) =>
    (
      await api<Paged<MarketToyRow>>(
        'GET',
        `/api/market/toys/?search=${encodeURIComponent(name)}&ordering=id&page_size=50`,
      )
    ).body.results;

  describeInConsole(
    `catalogue fixes in Chromium (${lang})`,
    { path: paths.toySettings.market.getHref(), uiLang: lang },
    () => {
      beforeAll(async () => {
        // One item priced on Market CSGO, Market CSGO USD, DMarket and CS7.
        const reply = await api('POST', '/api/market/toys/bulk-create-or-update-by-market-hash-name/', [
          { market_hash_name: `${RUN} ${lang} AK-47 | Redline`, market: 'tm', price_sell: '275.59' },
          { market_hash_name: `${RUN} ${lang} AK-47 | Redline`, market: 'tm_usd', price_sell: '12.11' },
          { market_hash_name: `${RUN} ${lang} AK-47 | Redline`, market: 'dmarket', price_sell: '13.40' },
          { market_hash_name: `${RUN} ${lang} AK-47 | Redline`, market: 'cs7', price_sell: '280.00' },
        ]);
        expect(reply.status).toBeLessThan(300);
      });

      afterAll(async () => {
        for (const row of await marketToys(`${RUN} ${lang}`).catch(() => []))
          await apiRequest(session, 'DELETE', `/api/market/toys/${row.id}/`).catch(() => undefined);
        const tags = await api<Paged<TagRow>>('GET', `/api/tag/?search=${encodeURIComponent(tag)}`).catch(
          () => null,
        );
        for (const row of tags?.body.results ?? [])
          await apiRequest(session, 'DELETE', `/api/tag/${row.id}/`).catch(() => undefined);
      });

      const openMarketRows = async () => {
        const { page } = session;
        await session.goto(paths.toySettings.market.getHref());
        await waitForRows(page);
        await page.getByRole('textbox', { name: T.search }).fill(`${RUN} ${lang}`);
        await poll(() => page.getByRole('row').filter({ hasText: RUN }).count()).toBe(4);
      };
      const rowOf = (page: Page, marketName: string) =>
        page
          .getByRole('row')
          .filter({ hasText: RUN })
          .filter({ has: page.getByRole('cell', { name: marketName, exact: true }) });

      it("saves a market toy's prices from its edit dialog", async () => {
        const { page } = session;
        await openMarketRows();
        await rowOf(page, 'Market CSGO').getByRole('cell').nth(3).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('textbox', { name: T.priceSell }).fill('299.90');
        const saved = page.waitForRequest(
          (request) => request.method() === 'PATCH' && request.url().includes('/api/market/toys/'),
        );
        await dialog.getByRole('button', { name: T.save }).click();
        await saved;
        await notified(page, T.pricesSaved);
        await dialog.waitFor({ state: 'detached' });
        const tm = (await marketToys(`${RUN} ${lang}`)).find((row) => row.market === 'tm');
        expect(tm?.price_sell).toBe('299.90');
        await session.screenshot(`catalogue-fixes-market-toy-saved-${lang}`);
      });

      it("shows each row's prices in its market's currency", async () => {
        const { page } = session;
        await openMarketRows();
        await poll(() => rowOf(page, 'Market CSGO USD').textContent()).toContain('12.11\u00a0$');
        await poll(() => rowOf(page, 'DMarket').textContent()).toContain('13.40\u00a0$');
        expect(await rowOf(page, 'Market CSGO USD').textContent()).not.toContain('₽');
        expect(await rowOf(page, 'DMarket').textContent()).not.toContain('₽');
        expect(await rowOf(page, 'Market CSGO').textContent()).toContain('\u00a0₽');
        expect(await rowOf(page, 'CS7').textContent()).toContain('280.00\u00a0₽');
        await session.screenshot(`catalogue-fixes-market-currencies-${lang}`);

        // The edit dialog of a dollar row shows its prices in dollars too.
        await rowOf(page, 'Market CSGO USD').getByRole('cell').nth(3).click();
        const dialog = page.getByRole('dialog');
        const price = dialog.getByRole('textbox', { name: T.priceSell });
        expect(await price.inputValue()).toBe('12.11');
        expect(await price.locator('xpath=..').locator('.MuiInputAdornment-root').textContent()).toBe('$');
        expect(await dialog.textContent()).not.toContain('₽');
        // Once the dialog has faded in, so the picture shows it rather than the list through it.
        await poll(() =>
          page.locator('.MuiDialog-container').evaluate((el) => getComputedStyle(el).opacity),
        ).toBe('1');
        await session.screenshot(`catalogue-fixes-market-toy-usd-dialog-${lang}`);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      });

      it('links tm, tm_usd and cs7 items to market.csgo.com, DMarket items to DMarket', async () => {
        const { page } = session;
        await openMarketRows();
        const href = (marketName: string) =>
          rowOf(page, marketName).getByRole('link', { name: T.openListing }).getAttribute('href');
        const name = encodeURIComponent(`${RUN} ${lang} AK-47 | Redline`).replace(
          /[!'()*]/g,
          (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
        );
        for (const market of ['Market CSGO', 'Market CSGO USD', 'CS7'])
          expect(await href(market)).toBe(`https://market.csgo.com/en/?search=${name}`);
        expect(await href('DMarket')).toBe(
          `https://dmarket.com/ingame-items/item-list/csgo-skins?title=${name}`,
        );
      });

      it('takes a tag colour from swatches and refuses a duplicate name in any case', async () => {
        const { page } = session;
        await session.goto(paths.tags.getHref());
        await waitForRows(page);
        await page.getByRole('button', { name: T.create, exact: true }).click();
        let dialog = page.getByRole('dialog');
        await dialog.getByRole('textbox', { name: T.name }).fill(tag);
        // No free text for the colour: a palette of swatches and the browser's colour picker.
        const swatches = dialog.getByRole('radiogroup');
        await swatches.getByRole('radio').nth(3).click();
        const picked = await swatches.getByRole('radio', { checked: true }).getAttribute('data-color');
        expect(picked).toMatch(/^#[0-9a-f]{6}$/);
        await session.screenshot(`catalogue-fixes-tag-colour-${lang}`);
        await dialog.getByRole('button', { name: T.create, exact: true }).click();
        await notified(page, T.created);
        const stored = await api<Paged<TagRow>>('GET', `/api/tag/?search=${encodeURIComponent(tag)}`);
        expect(stored.body.results).toMatchObject([{ name: tag, color: picked }]);

        // The same name in capitals: refused on the name field, nothing created.
        await page.getByRole('button', { name: T.create, exact: true }).click();
        dialog = page.getByRole('dialog');
        await dialog.getByRole('textbox', { name: T.name }).fill(tag.toUpperCase());
        await dialog.getByRole('button', { name: T.create, exact: true }).click();
        await dialog.getByText(T.duplicate).waitFor();
        await session.screenshot(`catalogue-fixes-tag-duplicate-${lang}`);
        await page.keyboard.press('Escape');
        const after = await api<Paged<TagRow>>('GET', `/api/tag/?search=${encodeURIComponent(tag)}`);
        expect(after.body.results).toHaveLength(1);

        // The server refuses it too, whatever the console checks.
        const direct = await api<Record<string, string[]>>('POST', '/api/tag/', {
          name: ` ${tag.toUpperCase()}`,
        });
        expect(direct.status).toBe(400);
        expect(direct.body.name?.join(' ')).toContain('Тег с таким названием уже есть');
      });

      it("filters the history by the operator's local days and keeps every filter in the URL", async () => {
        const { page } = session;
        // Moscow (UTC+3, no summer time): 20 November there starts at 21:00 UTC on the 19th.
        const cdp = await session.context.newCDPSession(page);
        await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'Europe/Moscow' });
        const request = page.waitForRequest(
          (r) => r.url().includes('/history-extended/') && r.url().includes('date__gte='),
        );
        await session.goto(
          `${paths.history.list.getHref()}?date_from=2026-11-20&date_to=2026-11-21&side=sell`,
        );
        const query = new URL((await request).url()).searchParams;
        expect(query.get('date__gte')).toBe('2026-11-19T21:00:00.000Z');
        expect(query.get('date__lt')).toBe('2026-11-21T21:00:00.000Z');
        expect(query.getAll('side')).toEqual(['sell']);
        expect(await page.getByLabel(T.dateFrom, { exact: true }).inputValue()).toBe('2026-11-20');
        expect(await page.getByLabel(T.dateTo, { exact: true }).inputValue()).toBe('2026-11-21');

        // A filter chosen on the page goes to the URL, and survives a reload and a round trip.
        await page.getByRole('combobox', { name: T.marketSelect }).click();
        await page.getByRole('option', { name: 'Market CSGO USD', exact: true }).click();
        await poll(() => new URL(page.url()).searchParams.get('market')).toBe('tm_usd');
        expect(new URL(page.url()).searchParams.get('date_from')).toBe('2026-11-20');
        await page.reload();
        await page
          .getByRole('combobox', { name: T.marketSelect })
          .filter({ hasText: 'Market CSGO USD' })
          .waitFor();
        expect(await page.getByLabel(T.dateFrom, { exact: true }).inputValue()).toBe('2026-11-20');
        await waitForTable(page);
        // The totals of a dollar market's deals are in dollars (they were summed in RUB, to nothing).
        await poll(() => page.getByTestId('totals-sold').textContent()).toMatch(/\u00a0\$$/);
        await session.screenshot(`catalogue-fixes-history-filters-${lang}`);
        await session.goto(paths.tags.getHref());
        await waitForRows(page);
        await page.goBack();
        await page
          .getByRole('combobox', { name: T.marketSelect })
          .filter({ hasText: 'Market CSGO USD' })
          .waitFor();
        expect(await page.getByLabel(T.dateTo, { exact: true }).inputValue()).toBe('2026-11-21');
        await cdp.send('Emulation.setTimezoneOverride', { timezoneId: '' }).catch(() => undefined);
      });

      it('keeps the market stats choices in the URL', async () => {
        const { page } = session;
        await session.goto(`${paths.history.marketStats.getHref('tm')}?side=buy&search=Redline`);
        await page.getByRole('button', { name: T.buy, exact: true, pressed: true }).waitFor();
        expect(await page.getByRole('textbox', { name: T.statsSearch }).inputValue()).toBe('Redline');
        await page.getByRole('button', { name: T.sell, exact: true }).click();
        await poll(() => new URL(page.url()).searchParams.get('side')).toBeNull();
        await page.getByRole('textbox', { name: T.statsSearch }).fill('Asiimov');
        await poll(() => new URL(page.url()).searchParams.get('search')).toBe('Asiimov');
        await page.reload();
        expect(await page.getByRole('textbox', { name: T.statsSearch }).inputValue()).toBe('Asiimov');
        await session.screenshot(`catalogue-fixes-market-stats-${lang}`);
        expect(new URL(page.url()).search).toBe('?search=Asiimov');
        expect(
          await page.getByRole('button', { name: T.sell, exact: true }).getAttribute('aria-pressed'),
        ).toBe('true');
      });

      it('met no page errors', () => {
        expect(problemsExcept(session.problems, [EXPECTED_400])).toEqual([]);
      });
    },
  );
}
