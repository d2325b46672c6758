import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { paths } from '../src/config/paths.ts';
import { formatAmount } from '../src/lib/format.ts';
import { priceLot, type PricingMode } from '../src/lib/mass-pricing.ts';
import { api, describeInConsole, session } from './console-suite.ts';
import {
  apiRequest,
  botRequest,
  createTmAccount,
  deleteTmAccount,
  waitForRows,
  type Paged,
  type TmAccountFixture,
} from './harness.ts';

/**
 * Safe money actions in Chromium (issue 12, deliverable 2): going live asks first and names the account's
 * spend guards (Cancel sends nothing, Confirm switches), and mass pricing of a RUB and a USD lot in each mode
 * previews every lot in its own currency with the band's clamping; the prices sent are read back from the
 * bot jobs. In Russian, then in English. What it creates carries RUN in its name and is deleted at the end;
 * the demo lots it prices belong to dry-run accounts (the jobs only record what they would set).
 */

const RUN = `e2e-money-${Date.now()}`;
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000, interval: 250 });
/** Text as an operator reads it: every kind of space (grouping, no-break) as one plain space. */
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

let fixture: TmAccountFixture | null = null;

interface SellRow {
  id: number;
  market_account: number;
  market: string;
  toy: number | null;
  market_hash_name: string;
  market_item_id: string | null;
  price: string;
  currency: string;
}
interface Band {
  toy: number;
  price_buy: string | null;
  price_sell: string | null;
}
interface Lot {
  item: SellRow;
  band: Band;
}

const readAccount = async () =>
  (
    await api<{ dry_run: boolean; keep_online: boolean }>(
      'GET',
      `/api/market/accounts/${fixture!.account.id}/`,
    )
  ).body;

/** A lot on sale on `market` with a listing, a band (buy < sell) and a name no other lot on sale has. */
async function pickLot(market: 'tm' | 'tm_usd'): Promise<Lot> {
  const items = (
    await api<Paged<SellRow>>('GET', `/api/market/sell/items/?status=on_sale&market=${market}&page_size=200`)
  ).body.results.filter((item) => item.market_item_id && item.toy !== null);
  // The newest ones are what other files price (trading.e2e.test.ts): taken from the middle.
  const candidates = items.slice(10, 80);
  const toys = [...new Set(candidates.map((item) => item.toy))];
  const bands = (
    await api<Paged<Band>>(
      'GET',
      `/api/market/toys/?market=${market}&${toys.map((toy) => `toy=${toy}`).join('&')}&page_size=1000`,
    )
  ).body.results;
  for (const item of candidates) {
    const band = bands.find((row) => row.toy === item.toy);
    if (!band?.price_buy || !band.price_sell || !(Number(band.price_buy) + 1 < Number(band.price_sell)))
      continue;
    const same = await api<Paged<SellRow>>(
      'GET',
      `/api/market/sell/items/?status=on_sale&market_hash_name=${encodeURIComponent(item.market_hash_name)}`,
    );
    if (same.body.count === 1) return { item, band };
  }
  throw new Error(`no ${market} lot on sale with a band and a unique name`);
}

/** The cheapest other offer of the lot's name, as the console reads it (tm's search through the proxy). */
async function competitorOf(lot: Lot): Promise<string | null> {
  const { item } = lot;
  const reply = (await apiRequest(
    session,
    'GET',
    `/api/market-proxy/api/v2/search-list-items-by-hash-name-all?list_hash_name%5B%5D=${encodeURIComponent(item.market_hash_name)}`,
    undefined,
    { 'X-Market': item.market, 'X-Market-Account': String(item.market_account) },
  )) as { status: number; body: { currency: string; data: Record<string, { id: number; price: number }[]> } };
  const prices = (reply.body.data?.[item.market_hash_name] ?? [])
    .filter((offer) => String(offer.id) !== item.market_item_id)
    .map((offer) => offer.price);
  if (prices.length === 0) return null;
  const units = Math.min(...prices);
  return item.currency === 'RUB' ? (units / 100).toFixed(2) : (units / 1000).toFixed(3);
}

function expected(lot: Lot, mode: PricingMode, competitor: string | null = null) {
  return priceLot(
    {
      currency: lot.item.currency,
      price: lot.item.price,
      priceBuy: lot.band.price_buy,
      priceSell: lot.band.price_sell,
      competitor,
    },
    mode,
  );
}

const previewRow = (dialog: Locator, lot: Lot) =>
  dialog.getByTestId('money-preview-row').filter({ hasText: lot.item.market_hash_name });

/** Waits until the open dialogs have faded in, so a screenshot shows them as the operator reads them. */
async function dialogShown(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-container')].every(
      (element) => getComputedStyle(element).opacity === '1',
    ),
  );
}

async function selectLots(page: Page, lots: readonly Lot[], words: { search: string; select: string }) {
  for (const lot of lots) {
    await page.getByRole('textbox', { name: words.search }).fill(lot.item.market_hash_name);
    await page
      .getByRole('checkbox', { name: `${words.select} ${lot.item.market_hash_name}`, exact: true })
      .check({ timeout: 20_000 });
  }
}

describeInConsole('safe money actions in Chromium', { path: paths.marketAccount.list.getHref() }, () => {
  let rub: Lot;
  let usd: Lot;
  /** The bulk-update and set-prices requests the page sent. */
  const sent: string[] = [];

  beforeAll(async () => {
    session.page.on('request', (request) => {
      if (/bulk-update-by-ids|\/set-prices$/.test(request.url())) sent.push(request.url());
    });
    fixture = await createTmAccount(session, RUN, 'e2e-money-key-0001');
    [rub, usd] = await Promise.all([pickLot('tm'), pickLot('tm_usd')]);
  });

  afterAll(async () => {
    if (session) await deleteTmAccount(session, fixture);
  });

  it('going live asks first with the spend guards; Cancel sends nothing, Confirm switches (Russian)', async () => {
    const { page } = session;
    await page.reload();
    await waitForRows(page);
    await page.getByRole('textbox', { name: 'Поиск' }).fill(RUN);
    const row = page.getByRole('row').filter({ hasText: RUN });
    await row.waitFor();
    const dryRun = row.getByRole('switch', { name: `Пробный режим: ${fixture!.account.label}` });
    await dryRun.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Включить торговлю всерьёз: ${fixture!.account.label}?`).waitFor();
    const line = plain(await dialog.getByTestId(`go-live-${fixture!.account.id}`).textContent());
    expect(line).toContain(fixture!.account.label);
    expect(line).toContain('1 500.00 ₽');
    expect(line).toContain('не выше 120 % от опорной цены');
    expect(line).toContain('0.00 ₽');
    await dialogShown(page);
    await session.screenshot('safe-money-go-live-ru');
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(sent).toEqual([]);
    expect(await dryRun.isChecked()).toBe(true);
    expect((await readAccount()).dry_run).toBe(true);

    await dryRun.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Включить всерьёз' }).click();
    await poll(async () => (await readAccount()).dry_run).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it('a loop switched on outside dry run asks too (English)', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'English' }).click();
    const row = page.getByRole('row').filter({ hasText: RUN });
    const keepOnline = row.getByRole('switch', { name: `Keep online: ${fixture!.account.label}` });
    await keepOnline.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Trade for real: ${fixture!.account.label}?`).waitFor();
    const line = plain(await dialog.getByTestId(`go-live-${fixture!.account.id}`).textContent());
    expect(line).toContain('Keep online');
    expect(line).toContain('1,500.00 ₽');
    expect(line).toContain('at most 120 % of the reference price');
    await dialogShown(page);
    await session.screenshot('safe-money-go-live-en');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await readAccount()).keep_online).toBe(false);
    await keepOnline.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Go live' }).click();
    await poll(async () => (await readAccount()).keep_online).toBe(true);
    // Switching off spends nothing: no question.
    await keepOnline.click();
    await poll(async () => (await readAccount()).keep_online).toBe(false);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: 'Русский' }).click();
  });

  it('mass pricing previews a RUB and a USD lot per currency in every mode, clamped to the band; Cancel sends nothing (Russian)', async () => {
    const { page } = session;
    await session.goto(paths.sellItems.list.getHref());
    await waitForRows(page);
    sent.length = 0;
    await selectLots(page, [rub, usd], { search: 'Поиск', select: 'Выбрать' });
    await page.getByRole('button', { name: 'Задать цену выбранным' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Цены 2 лотов').waitFor();

    // Absolute, one input per currency: above the RUB band's top, under the USD band's bottom.
    const rubPrice = (Number(rub.band.price_sell) + 100).toFixed(2);
    const absolute: PricingMode = { kind: 'absolute', prices: { RUB: rubPrice, USD: '0.01' } };
    await dialog.getByRole('textbox', { name: 'Новая цена, ₽' }).fill(rubPrice);
    await dialog.getByRole('textbox', { name: 'Новая цена, $' }).fill('0.01');
    const rubAbs = expected(rub, absolute);
    const usdAbs = expected(usd, absolute);
    expect(rubAbs).toMatchObject({ to: rub.band.price_sell, clamped: 'ceiling' });
    expect(usdAbs).toMatchObject({ to: usd.band.price_buy, clamped: 'floor' });
    await poll(async () => plain(await previewRow(dialog, rub).textContent())).toContain(
      `→ ${plain(formatAmount(rubAbs.to, 'RUB', 'ru'))}`,
    );
    expect(plain(await previewRow(dialog, rub).textContent())).toContain('снижена до цены продажи');
    const usdText = plain(await previewRow(dialog, usd).textContent());
    expect(usdText).toContain(
      `${plain(formatAmount(usd.item.price, 'USD', 'ru'))}→ ${plain(formatAmount(usdAbs.to, 'USD', 'ru'))}`,
    );
    expect(usdText).toContain('поднята до цены покупки');
    const summary = plain(await dialog.getByTestId('money-preview-summary').textContent());
    expect(summary).toContain('Будет отправлено строк: 2');
    expect(summary).toContain(
      `${plain(formatAmount(rubAbs.to, 'RUB', 'ru'))} · ${plain(formatAmount(usdAbs.to, 'USD', 'ru'))}`,
    );
    expect(await dialog.getByTestId('money-preview-confirm').isEnabled()).toBe(true);
    await dialogShown(page);
    await session.screenshot('safe-money-mass-absolute-ru');

    // Percent: rounded to 0.01 in each lot's currency.
    await dialog.getByLabel('Изменить на процент').check();
    await dialog.getByRole('textbox', { name: /Изменение, %/ }).fill('+3');
    for (const lot of [rub, usd]) {
      const priced = expected(lot, { kind: 'percent', percent: '+3' });
      await poll(async () => plain(await previewRow(dialog, lot).textContent())).toContain(
        `→ ${plain(formatAmount(priced.to, lot.item.currency, 'ru'))}`,
      );
    }

    // Undercut by one step under the cheapest other offer.
    await dialog.getByLabel('Ниже самого дешёвого конкурента').check();
    for (const lot of [rub, usd]) {
      const competitor = await competitorOf(lot);
      const priced = expected(lot, { kind: 'undercut', steps: 1 }, competitor);
      await poll(async () => plain(await previewRow(dialog, lot).textContent())).toContain(
        priced.to === null
          ? 'нет цены конкурента'
          : `→ ${plain(formatAmount(priced.to, lot.item.currency, 'ru'))}`,
      );
    }
    await session.screenshot('safe-money-mass-undercut-ru');
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(sent).toEqual([]);
  });

  it('mass pricing sends only the confirmed prices, per account, as previewed (English)', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Set price of selected' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Prices of 2 lots').waitFor();
    // Inside both bands and unlike the current prices.
    const inside = (lot: Lot) => {
      const low = Number(lot.band.price_buy);
      const price = (low + 0.5).toFixed(2);
      return price === Number(lot.item.price).toFixed(2) ? (low + 0.51).toFixed(2) : price;
    };
    const prices = { RUB: inside(rub), USD: inside(usd) };
    await dialog.getByRole('textbox', { name: 'New price, ₽' }).fill(prices.RUB);
    await dialog.getByRole('textbox', { name: 'New price, $' }).fill(prices.USD);
    const summary = dialog.getByTestId('money-preview-summary');
    await poll(async () => plain(await summary.textContent())).toContain(
      `${plain(formatAmount(prices.RUB, 'RUB', 'en'))} · ${plain(formatAmount(prices.USD, 'USD', 'en'))}`,
    );
    expect(plain(await summary.textContent())).toContain('Rows to send: 2');
    expect(await dialog.getByTestId('money-preview-confirm').isEnabled()).toBe(true);
    await dialogShown(page);
    await session.screenshot('safe-money-mass-confirm-en');
    await dialog.getByRole('button', { name: 'Set prices' }).click();
    await page.getByTestId('market-price-jobs').waitFor();
    expect(sent).toHaveLength(2);

    // What reached the bot services: one set-prices job per account, with exactly the previewed price.
    for (const lot of [rub, usd]) {
      await poll(async () => {
        const jobs = await botRequest<Paged<{ params: { items?: { item_id: string; price: string }[] } }>>(
          session,
          'GET',
          `/api-node/jobs/?kind=trading.set-prices&account=${lot.item.market_account}&page_size=5`,
        );
        return jobs.body.results.some((job) =>
          (job.params.items ?? []).some(
            (item) =>
              item.item_id === lot.item.market_item_id &&
              item.price === prices[lot.item.currency as 'RUB' | 'USD'],
          ),
        );
      }).toBe(true);
    }
    await session.screenshot('safe-money-mass-jobs-en');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Русский' }).click();
  });

  it('met no page errors', () => {
    expect(session.problems).toEqual([]);
  });
});
