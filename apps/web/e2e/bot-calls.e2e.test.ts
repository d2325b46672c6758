import type { Locator, Page, Response } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';

import { paths } from '../src/config/paths.ts';
import { describeInConsole, session } from './console-suite.ts';
import { waitForRows } from './harness.ts';

/**
 * Every bot call of spec section 7 reachable from the console (issue 12 item 4), in Debian's Chromium on the
 * demo, in Russian and English: the Steam account's row menu keeps its submenus readable at 1440x900 and
 * 1366x768; profile, group, gems, trade offer (64-bit asset ids as strings) and the last-email link run as
 * jobs followed to their end with a result; the market database screen under Справочники shows prices,
 * stats, our tm orders by name, an account's items and resets the distribution after a confirmation.
 */

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 45_000, interval: 250 });

/** A group of the demo Steam simulator (its first seeded group: 103582791429521408 + 40000, past 2^53). */
const DEMO_GROUP_ID = '103582791429561408';

const TEXTS = {
  ru: {
    account: 'trade_bot_05',
    partner: 'trade_bot_06',
    menuFor: (name: string) => `Действия с ${name}`,
    done: 'Готово',
    close: 'Закрыть',
    groups: {
      profile: 'Профиль и оформление',
      community: 'Группы и лента',
      inventory: 'Инвентарь',
      trades: 'Обмены',
      mail: 'Почта',
    },
    editProfile: 'Изменить данные профиля',
    profileName: 'Имя профиля',
    setTheme: 'Тема профиля',
    theme: 'Тема',
    themeOption: 'Полночь',
    subscribe: 'Вступить в группу',
    myGroups: 'Мои группы',
    groupId: 'ID группы',
    inventory: 'Прочитать инвентарь',
    appId: 'ID приложения',
    contextId: 'Контекст инвентаря',
    gems: 'Разобрать предмет на самоцветы',
    assetId: 'ID предмета в Steam',
    itemAppId: 'ID игры предмета',
    createOffer: 'Отправить предложение обмена',
    partnerSelect: 'Партнёр — наш аккаунт',
    assetIds: 'ID предметов в Steam',
    followEmail: 'Перейти по ссылке из последнего письма',
    database: 'База цен площадок',
    pricesTable: 'Цены из базы площадки',
    names: /Названия предметов/,
    lookUpPrices: 'Цены из базы',
    ordersByNames: 'Наши ордера Market CSGO по названиям',
    allOrders: 'Все наши ордера Market CSGO',
    dbAccount: 'Аккаунт площадки',
    accountItems: 'Предметы аккаунта на площадке',
    reset: 'Сбросить распределение',
    resetDone: 'Распределение сброшено',
    stats: /В базе \d+ предм\./,
  },
  en: {
    account: 'trade_bot_07',
    partner: 'trade_bot_08',
    menuFor: (name: string) => `Actions for ${name}`,
    done: 'Done',
    close: 'Close',
    groups: {
      profile: 'Profile and decoration',
      community: 'Groups and feed',
      inventory: 'Inventory',
      trades: 'Trade offers',
      mail: 'Mail',
    },
    editProfile: 'Edit profile info',
    profileName: 'Profile name',
    setTheme: 'Profile theme',
    theme: 'Theme',
    themeOption: 'Midnight',
    subscribe: 'Join a group',
    myGroups: 'My groups',
    groupId: 'Group ID',
    inventory: 'Read the inventory',
    appId: 'App ID',
    contextId: 'Inventory context',
    gems: 'Turn an item into gems',
    assetId: 'Asset ID',
    itemAppId: "The item's game ID",
    createOffer: 'Send a trade offer',
    partnerSelect: 'Partner: one of our accounts',
    assetIds: 'Item asset IDs',
    followEmail: 'Follow the link of the last email',
    database: 'Market price database',
    pricesTable: 'Prices from the market database',
    names: /Item names/,
    lookUpPrices: 'Prices from the database',
    ordersByNames: 'Our Market CSGO orders by name',
    allOrders: 'All our Market CSGO orders',
    dbAccount: 'Market account',
    accountItems: "The account's items on the market",
    reset: 'Reset the distribution',
    resetDone: 'Distribution reset',
    stats: /\d+ items in the database/,
  },
} as const;

interface JobBody {
  id: string;
  state: string;
  result: unknown;
}

interface InventoryResult {
  items: { assetId: string; appId: number; marketFeeApp: number | null; tradable: boolean }[];
}

/** Every job read the page makes, to take a finished job's result as the page received it. */
function watchJobs(page: Page): JobBody[] {
  const seen: JobBody[] = [];
  page.on('response', (response: Response) => {
    if (!/\/api-node\/jobs\/[^/]+\/$/.test(new URL(response.url()).pathname)) return;
    void response
      .json()
      .then((body: JobBody) => seen.push(body))
      .catch(() => undefined);
  });
  return seen;
}

for (const lang of ['ru', 'en'] as const) {
  const T = TEXTS[lang];
  let jobs: JobBody[];

  /** Opens `action` of the row menu's submenu `group`; the action's dialog. */
  const openAction = async (group: string, action: string): Promise<Locator> => {
    const { page } = session;
    // A dialog a failed test left open would hide the menu from the next one.
    if (await page.getByRole('dialog').count()) {
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    }
    await page.getByRole('button', { name: T.menuFor(T.account) }).click();
    await page.getByRole('menuitem', { name: group }).click();
    await page.getByRole('menu', { name: group }).getByRole('menuitem', { name: action }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    return dialog;
  };

  /** Runs the dialog's call and waits for its job to end in `state`; the job as the page last read it. */
  const runToEnd = async (dialog: Locator, state: 'done' | 'ended' = 'done'): Promise<JobBody> => {
    const [started] = await Promise.all([
      session.page.waitForResponse(
        // The call's start (every call of the menu this file runs is a POST; the shell polls alerts by GET).
        (r) =>
          r.request().method() === 'POST' &&
          r.url().includes('/api-node/') &&
          !r.url().includes('/api-node/jobs/') &&
          r.status() < 300,
      ),
      dialog.getByTestId('run-action').click(),
    ]);
    const { id } = (await started.json()) as JobBody;
    const ended = () =>
      jobs.filter((job) => job.id === id && job.state !== 'queued' && job.state !== 'running');
    await poll(() => ended().length).toBeGreaterThan(0);
    const job = ended().at(-1)!;
    if (state === 'done') {
      expect(job.state).toBe('done');
      await poll(() => dialog.getByTestId('job-state').textContent()).toBe(T.done);
    }
    return job;
  };
  const runToDone = (dialog: Locator) => runToEnd(dialog, 'done');

  const close = async (dialog: Locator) => {
    await dialog.getByRole('button', { name: T.close }).click();
    await dialog.waitFor({ state: 'hidden' });
  };

  /** Every item of the open menus lies inside the viewport. */
  const menusFit = async (viewport: { width: number; height: number }) => {
    const boxes = await session.page
      .getByRole('menuitem')
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes.length).toBeGreaterThan(5);
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(viewport.width);
      expect(box.bottom).toBeLessThanOrEqual(viewport.height);
    }
  };

  describeInConsole(
    `bot calls in Chromium (${lang})`,
    { path: paths.steamAccount.list.getHref(), uiLang: lang },
    () => {
      beforeAll(async () => {
        jobs = watchJobs(session.page);
      });

      it('keeps the row menu and its submenus on screen at 1440x900 and 1366x768', async () => {
        const { page } = session;
        for (const viewport of [
          { width: 1440, height: 900 },
          { width: 1366, height: 768 },
        ]) {
          await page.setViewportSize(viewport);
          await waitForRows(page);
          await page.getByRole('button', { name: T.menuFor(T.account) }).click();
          await page.getByRole('menuitem', { name: T.groups.profile }).click();
          await page.getByRole('menu', { name: T.groups.profile }).waitFor();
          // The submenu has faded in (MUI's grow transition) before it is measured and photographed.
          await page.waitForFunction(
            (name) =>
              [...document.querySelectorAll('[role="menu"]')].some(
                (menu) =>
                  menu.getAttribute('aria-label') === name &&
                  getComputedStyle(menu.closest('.MuiPaper-root') ?? menu).opacity === '1',
              ),
            T.groups.profile,
          );
          await menusFit(viewport);
          await session.screenshot(`bot-calls-menu-${lang}-${viewport.width}`);
          await page.keyboard.press('Escape');
          await page.keyboard.press('Escape');
          await page.getByRole('menu').first().waitFor({ state: 'hidden' });
        }
        await page.setViewportSize({ width: 1440, height: 900 });
      });

      it('edits the profile and sets its theme, each followed as a job', async () => {
        let dialog = await openAction(T.groups.profile, T.editProfile);
        await dialog.getByRole('textbox', { name: T.profileName }).fill(`e2e ${lang}`);
        await runToDone(dialog);
        await session.screenshot(`bot-calls-profile-${lang}`);
        await close(dialog);
        dialog = await openAction(T.groups.profile, T.setTheme);
        await dialog.getByRole('combobox', { name: T.theme }).click();
        await session.page.getByRole('option', { name: T.themeOption }).click();
        const [request] = await Promise.all([
          session.page.waitForRequest((r) => r.url().includes('/steam/decorate/set-theme')),
          runToDone(dialog),
        ]);
        expect(request.postDataJSON()).toEqual({ theme: 'Midnight' });
        await close(dialog);
      });

      it('joins a group by its 64-bit id and lists the groups', async () => {
        let dialog = await openAction(T.groups.community, T.subscribe);
        await dialog.getByRole('textbox', { name: T.groupId }).fill(DEMO_GROUP_ID);
        const [request] = await Promise.all([
          session.page.waitForRequest((r) => r.url().includes('/subscribe-to-group')),
          runToDone(dialog),
        ]);
        // The id goes as the digits typed: a JSON number would round it.
        expect(request.postData()).toContain(`"group_id":"${DEMO_GROUP_ID}"`);
        await close(dialog);
        dialog = await openAction(T.groups.community, T.myGroups);
        const job = await runToDone(dialog);
        expect(JSON.stringify(job.result)).toContain(DEMO_GROUP_ID);
        await session.screenshot(`bot-calls-groups-${lang}`);
        await close(dialog);
      });

      it('turns a Steam item into gems', async () => {
        let dialog = await openAction(T.groups.inventory, T.inventory);
        await dialog.getByRole('spinbutton', { name: T.appId }).fill('753');
        await dialog.getByRole('textbox', { name: T.contextId }).fill('6');
        const steamItems = (await runToDone(dialog)).result as InventoryResult;
        const card = steamItems.items.find((item) => item.marketFeeApp !== null);
        await close(dialog);
        dialog = await openAction(T.groups.inventory, T.gems);
        if (card) {
          await dialog.getByRole('textbox', { name: T.assetId }).fill(card.assetId);
          await dialog.getByRole('spinbutton', { name: T.itemAppId }).fill(String(card.marketFeeApp));
          const job = await runToDone(dialog);
          expect(job.result).toMatchObject({ gemsReceived: expect.any(Number) });
        } else {
          // The demo's simulated accounts hold no Steam cards (753/6): a CS2 item is refused by the simulator,
          // and the job ends with its reason shown instead of a result.
          await dialog.getByRole('textbox', { name: T.assetId }).fill('38350177038');
          await dialog.getByRole('spinbutton', { name: T.itemAppId }).fill('730');
          const job = await runToEnd(dialog, 'ended');
          expect(job.state).toBe('failed');
          await dialog.getByTestId('job-error').waitFor();
        }
        await session.screenshot(`bot-calls-gems-${lang}`);
        await close(dialog);
      });

      it("sends a trade offer to our own account's trade URL with asset ids as strings", async () => {
        let dialog = await openAction(T.groups.inventory, T.inventory);
        const inventory = (await runToDone(dialog)).result as InventoryResult;
        const assets = inventory.items.filter((item) => item.tradable).slice(0, 2);
        expect(assets.length).toBeGreaterThan(0);
        await close(dialog);
        dialog = await openAction(T.groups.trades, T.createOffer);
        await dialog.getByRole('combobox', { name: T.partnerSelect }).click();
        await session.page.getByRole('option', { name: new RegExp(`^${T.partner}`) }).click();
        await dialog.getByRole('textbox', { name: T.assetIds }).fill(assets.map((a) => a.assetId).join('\n'));
        const [request] = await Promise.all([
          session.page.waitForRequest((r) => r.url().includes('/create-offer')),
          runToDone(dialog),
        ]);
        const body = request.postDataJSON() as { trade_url: string; assets: { asset_id: unknown }[] };
        expect(body.trade_url).toMatch(
          /^https:\/\/steamcommunity\.com\/tradeoffer\/new\/\?partner=\d+&token=/,
        );
        expect(body.assets.map((asset) => asset.asset_id)).toEqual(assets.map((a) => a.assetId));
        expect(body.assets.every((asset) => typeof asset.asset_id === 'string')).toBe(true);
        await session.screenshot(`bot-calls-offer-${lang}`);
        await close(dialog);
      });

      it('follows the link of the last email', async () => {
        const dialog = await openAction(T.groups.mail, T.followEmail);
        const [request] = await Promise.all([
          session.page.waitForRequest((r) => r.url().includes('/follow-to-last-email/')),
          dialog.getByTestId('run-action').click(),
        ]);
        expect(request.postDataJSON()).toEqual({ id: expect.any(Number) });
        // The job ends: done, or failed with the reason shown (the demo mailbox may hold no link).
        await poll(async () =>
          ['Готово', 'Ошибка', 'Done', 'Failed'].includes(
            (await dialog.getByTestId('job-state').textContent()) ?? '',
          ),
        ).toBe(true);
        await session.screenshot(`bot-calls-email-${lang}`);
        await close(dialog);
      });

      it("follows the last email's link from the account's checklist too", async () => {
        const { page } = session;
        await session.goto(paths.steamAccount.checkList.getHref());
        await waitForRows(page);
        await page.getByText(T.account, { exact: true }).first().click();
        const dialog = page.getByRole('dialog');
        const [request] = await Promise.all([
          page.waitForRequest((r) => r.url().includes('/follow-to-last-email/')),
          dialog.getByTestId('follow-email').click(),
        ]);
        expect(request.postDataJSON()).toEqual({ id: expect.any(Number) });
        await poll(async () =>
          ['Готово', 'Ошибка', 'Done', 'Failed'].includes(
            (await dialog.getByTestId('job-state').textContent()) ?? '',
          ),
        ).toBe(true);
        await session.screenshot(`bot-calls-checklist-email-${lang}`);
        await dialog.getByRole('button', { name: T.close }).click();
        await dialog.waitFor({ state: 'hidden' });
      });

      it('shows the market database: prices, stats, orders by name, account items, reset', async () => {
        const { page } = session;
        await session.goto(paths.marketDatabase.getHref());
        await waitForRows(page, { table: T.pricesTable });
        await page.getByTestId('database-stats').getByText(T.stats).waitFor();
        await session.screenshot(`bot-calls-database-${lang}`);
        const first = (await page
          .getByRole('table', { name: T.pricesTable })
          .locator('[aria-rowindex="2"] td')
          .first()
          .textContent())!;
        await page.getByRole('textbox', { name: T.names }).fill(first);
        await page.getByRole('button', { name: T.lookUpPrices, exact: true }).click();
        await poll(() =>
          page.getByRole('table', { name: T.pricesTable }).locator('[role="row"]').count(),
        ).toBe(2);

        await page.getByRole('button', { name: T.ordersByNames }).click();
        const orders = page.getByTestId('orders-job');
        await poll(() => orders.getByTestId('job-state').textContent()).toBe(T.done);
        await page.getByRole('button', { name: T.allOrders }).click();
        await poll(() => orders.getByTestId('job-state').textContent()).toBe(T.done);
        await orders.getByTestId('job-result').waitFor();

        await page.getByRole('combobox', { name: T.dbAccount }).click();
        await page.getByRole('option').first().click();
        await page.getByRole('button', { name: T.accountItems }).click();
        const items = page.getByTestId('items-job');
        await poll(() => items.getByTestId('job-state').textContent()).toBe(T.done);
        await session.screenshot(`bot-calls-database-jobs-${lang}`);

        await page.getByRole('button', { name: T.reset }).click();
        const dialog = page.getByRole('dialog');
        await session.screenshot(`bot-calls-database-reset-${lang}`);
        await dialog.getByTestId('confirm-button').click();
        await page.getByRole('alert').filter({ hasText: T.resetDone }).first().waitFor();
      });

      it('met no page errors', () => {
        expect(session.problems).toEqual([]);
      });
    },
  );
}
