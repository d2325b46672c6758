import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { paths } from '../src/config/paths.ts';
import { api, describeInConsole, session } from './console-suite.ts';
import {
  botRequest,
  createTmAccount,
  deleteTmAccount,
  waitForRows,
  type Paged,
  type TmAccountFixture,
} from './harness.ts';

/**
 * Money actions ask first (issue 12, deliverable 2) in Debian's Chromium against the shared demo server: the
 * Steam account menu's buy order on the Steam market shows the money preview and starts no job on Cancel,
 * one job on confirmation (Russian, then English); «Запустить сейчас» of a live market account asks with the
 * account's spend cap and price guard and runs nothing on Cancel. It uses a Steam account and a market
 * account of its own (RUN in the name), deleted at the end.
 */

const RUN = `e2e-money-${Date.now()}`;
const ITEM = 'AK-47 | Redline (Field-Tested)';

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000, interval: 250 });

let fixture: TmAccountFixture | null = null;
/** Every start of a Steam buy order or a trading loop run the page sent. */
const sent: string[] = [];

/** The jobs of `kind` the bot services hold for `account` (GET /api-node/jobs/). */
async function jobCount(kind: string, account: number): Promise<number> {
  const jobs = await botRequest<Paged<{ id: string }>>(
    session,
    'GET',
    `/api-node/jobs/?kind=${kind}&account=${account}`,
  );
  expect(jobs.status).toBe(200);
  return jobs.body.count;
}

async function dialogShown(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-container')].every(
      (element) => getComputedStyle(element).opacity === '1',
    ),
  );
}

const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

const TEXTS = {
  ru: {
    search: 'Поиск',
    menuFor: `Действия с ${RUN}`,
    group: 'Торговая площадка Steam',
    action: 'Ордер на торговой площадке Steam',
    name: 'Название предмета',
    price: 'Цена',
    quantity: 'Количество',
    previewTitle: `Поставить ордер на покупку в Steam: ${RUN}?`,
    cancel: 'Отмена',
    confirm: 'Поставить ордер',
    close: 'Закрыть',
  },
  en: {
    search: 'Search',
    menuFor: `Actions for ${RUN}`,
    group: 'Steam market',
    action: 'Steam market buy order',
    name: 'Market hash name',
    price: 'Price',
    quantity: 'Quantity',
    previewTitle: `Place a Steam buy order: ${RUN}?`,
    cancel: 'Cancel',
    confirm: 'Place order',
    close: 'Close',
  },
} as const;

describeInConsole('money actions ask first in Chromium', { path: paths.steamAccount.list.getHref() }, () => {
  beforeAll(async () => {
    session.page.on('request', (request) => {
      if (
        request.method() === 'POST' &&
        /\/market\/create-order\/?$|\/trading\/\d+\/[\w-]+\/run\/?$/.test(request.url())
      )
        sent.push(request.url());
    });
    fixture = await createTmAccount(session, RUN, 'e2e-money-confirm-0001');
    // Live, with guards: set here through the API (the console's own switch asks; safe-money covers it).
    expect(
      (await api('PATCH', `/api/market/accounts/${fixture.account.id}/`, { dry_run: false })).status,
    ).toBe(200);
  });

  afterAll(async () => {
    if (session) await deleteTmAccount(session, fixture);
  });

  for (const lang of ['ru', 'en'] as const) {
    const T = TEXTS[lang];
    it(`a Steam buy order shows the preview; Cancel starts no job, confirm starts one (${lang})`, async () => {
      const { page } = session;
      if (lang === 'en') await page.evaluate(() => localStorage.setItem('toydesk.lang', 'en'));
      // The common data is read at start: reload so it knows our Steam account.
      await page.reload();
      await waitForRows(page);
      await page.getByRole('textbox', { name: T.search }).fill(RUN);
      await page.getByRole('button', { name: T.menuFor, exact: true }).click();
      await page.getByRole('menuitem', { name: T.group }).click();
      await page.getByRole('menu', { name: T.group }).getByRole('menuitem', { name: T.action }).click();
      const form = page.getByRole('dialog').filter({ has: page.getByTestId('run-action') });
      await form.getByRole('textbox', { name: T.name }).fill(ITEM);
      await form.getByRole('textbox', { name: T.price }).fill('12.5');
      await form.getByRole('spinbutton', { name: T.quantity }).fill('3');
      const before = await jobCount('steam.market-create-order', fixture!.steamAccountId);
      const sentBefore = sent.length;

      await form.getByTestId('run-action').click();
      const preview = page.getByRole('dialog', { name: T.previewTitle });
      await preview.waitFor();
      const row = plain(await preview.getByTestId('money-preview-row').textContent());
      expect(row).toContain(ITEM);
      expect(row).toContain(RUN);
      expect(row).toMatch(/37[.,]50 ₽/);
      expect(plain(await preview.getByTestId('money-preview-totals').textContent())).toMatch(/37[.,]50 ₽/);
      await dialogShown(page);
      await session.screenshot(`money-confirm-steam-order-${lang}`);
      await preview.getByRole('button', { name: T.cancel }).click();
      await preview.waitFor({ state: 'detached' });
      expect(sent.length).toBe(sentBefore);
      expect(await jobCount('steam.market-create-order', fixture!.steamAccountId)).toBe(before);

      await form.getByTestId('run-action').click();
      await page
        .getByRole('dialog', { name: T.previewTitle })
        .getByRole('button', { name: T.confirm })
        .click();
      await form.getByTestId('job-progress').waitFor();
      expect(sent.length).toBe(sentBefore + 1);
      await poll(() => jobCount('steam.market-create-order', fixture!.steamAccountId)).toBe(before + 1);
      await form.getByRole('button', { name: T.close }).click();
      await form.waitFor({ state: 'detached' });
    });
  }

  it('«Запустить сейчас» on a live account asks with its cap and price guard; Cancel runs nothing', async () => {
    const { page } = session;
    await page.evaluate(() => localStorage.setItem('toydesk.lang', 'ru'));
    await session.goto(paths.marketAccount.list.getHref());
    await waitForRows(page);
    await page.getByRole('textbox', { name: 'Поиск' }).fill(RUN);
    const { account } = fixture!;
    await page.getByRole('button', { name: `Торговые циклы ${account.label}` }).click();
    const card = page.getByTestId('loop-list-reprice');
    const before = await jobCount('trading.list-reprice', account.id);
    const sentBefore = sent.length;
    await card.getByRole('button', { name: 'Запустить сейчас: Выставление и цены' }).click();
    const dialog = page.getByRole('dialog', {
      name: `Запустить цикл всерьёз: Выставление и цены · ${account.label}?`,
    });
    await dialog.waitFor();
    const row = dialog.getByTestId(`go-live-${account.id}`);
    await poll(async () => plain(await row.textContent())).toContain('1 500.00 ₽');
    expect(plain(await row.textContent())).toContain('не выше 120 % от опорной цены');
    expect(plain(await row.textContent())).toContain('Выставление и цены');
    await dialogShown(page);
    await session.screenshot('money-confirm-run-now-live-ru');
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(sent.length).toBe(sentBefore);
    expect(await jobCount('trading.list-reprice', account.id)).toBe(before);
    expect(await card.getByTestId('run-loop-dry-run').count()).toBe(0);
  });

  it('met no page errors', () => {
    expect(session.problems).toEqual([]);
  });
});
