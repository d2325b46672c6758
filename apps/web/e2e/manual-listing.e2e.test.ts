import type { Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { paths } from '../src/config/paths.ts';
import { api, describeInConsole, session } from './console-suite.ts';
import { waitForRows, type Paged } from './harness.ts';

/**
 * Manual listing (issue 12, item 8) on the demo: a live tm RUB account lists two sale candidates and one
 * inventory item through «Выставить на площадку» (preview with the ₽ prices and the toy's band, Cancel
 * sends nothing, confirmation lists them on the tm simulator, the sell items list shows them), and one
 * more in English. The items are four of the account's items on the simulated market, entered in its
 * Steam inventory and linked to their toys; the account goes back to dry run at the end.
 */

type MarketAccount = {
  id: number;
  steam_account: number;
  dry_run: boolean;
  keep_online: boolean;
  auto_deliver: boolean;
  auto_sell: boolean;
  dynamic_orders: boolean;
  api_key: unknown;
};
type SimItem = { id: string; market_hash_name: string; classid?: string; instanceid?: string };
type Chosen = { assetId: string; name: string; toy: number; priceBuy: string; priceSell: string };

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 60_000, interval: 500 });

/** A marketplace call through the console's proxy with the account's key (as the console makes it). */
async function tm<T>(account: number, path: string): Promise<T> {
  const cookies = await session.context.cookies(session.baseUrl);
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await session.context.request.fetch(`${session.baseUrl}/api/market-proxy/${path}`, {
    headers: { 'X-XSRF-TOKEN': xsrf, 'X-Market': 'tm', 'X-Market-Account': String(account) },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** "1 234.50 ₽" as the console writes it (digits grouped with a space of either kind). */
function rub(amount: string): RegExp {
  const [whole = '0', fraction = '00'] = Number(amount).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\\s?');
  return new RegExp(`${grouped}[.,]${fraction}\\s₽`);
}

/** The list-items requests the page sends while `action` runs. */
async function listingPosts(page: Page, action: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const onRequest = (request: Request) => {
    if (request.method() === 'POST' && request.url().includes('/list-items/')) seen.push(request.url());
  };
  page.on('request', onRequest);
  try {
    await action();
  } finally {
    page.off('request', onRequest);
  }
  return seen;
}

/** The dialog has finished fading in and its confirm button is enabled: what the operator then sees. */
async function settled(dialog: Locator) {
  await poll(() =>
    dialog.evaluate(
      (element) => getComputedStyle(element.closest('.MuiDialog-container') ?? element).opacity,
    ),
  ).toBe('1');
  await poll(() => dialog.getByTestId('money-preview-confirm').isEnabled()).toBe(true);
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describeInConsole('manual listing in Chromium', { path: paths.sellItems.list.getHref() }, () => {
  let account: MarketAccount;
  let steamName: string;
  let chosen: Chosen[];

  beforeAll(async () => {
    const accounts = await api<Paged<MarketAccount>>(
      'GET',
      '/api/market/accounts/?market=tm&status=active&currency=RUB&page_size=100',
    );
    // An account whose loops are all off: going live lists nothing but what this file lists.
    account = accounts.body.results.find(
      (row) => row.dry_run && !row.keep_online && !row.auto_deliver && !row.auto_sell && !row.dynamic_orders,
    )!;
    expect(account).toBeTruthy();
    const steam = await api<{ steam_account_name: string }>(
      'GET',
      `/api/steam/accounts/${account.steam_account}/`,
    );
    steamName = steam.body.steam_account_name;

    // Four of the account's items on the simulated tm, with distinct names, into its Steam inventory.
    const inventory = await tm<{ items: SimItem[] | null }>(account.id, 'api/v2/my-inventory');
    const byName = new Map<string, SimItem>();
    for (const item of inventory.items ?? [])
      if (!byName.has(item.market_hash_name)) byName.set(item.market_hash_name, item);
    const items = [...byName.values()].slice(0, 4);
    expect(items).toHaveLength(4);
    const upsert = await api(
      'POST',
      '/api/toy/steam-inventory/bulk/create-and-update/',
      items.map((item) => ({
        steam_account: account.steam_account,
        asset_id: String(item.id),
        market_hash_name: item.market_hash_name,
        tradable: true,
        marketable: true,
        status: 'in_inventory',
      })),
    );
    expect(upsert.status, JSON.stringify(upsert.body)).toBeLessThan(300);
    const rows = await api<Paged<{ id: number; asset_id: string }>>(
      'GET',
      `/api/toy/steam-inventory/?steam_account=${account.steam_account}&page_size=1000`,
    );
    const ids = rows.body.results
      .filter((row) => items.some((item) => String(item.id) === row.asset_id))
      .map((row) => row.id);
    await api('POST', '/api/toy/steam-inventory/connect-items/', { ids });
    chosen = [];
    for (const item of items) {
      const [row] = (
        await api<Paged<{ toy: number | null }>>(
          'GET',
          `/api/toy/steam-inventory/?steam_account=${account.steam_account}&asset_id=${item.id}`,
        )
      ).body.results;
      expect(row?.toy, item.market_hash_name).toBeTruthy();
      const [band] = (
        await api<Paged<{ price_buy: string; price_sell: string }>>(
          'GET',
          `/api/market/toys/?toy=${row!.toy}&market=tm`,
        )
      ).body.results;
      expect(band?.price_sell).toBeTruthy();
      chosen.push({
        assetId: String(item.id),
        name: item.market_hash_name,
        toy: row!.toy!,
        priceBuy: band!.price_buy,
        priceSell: band!.price_sell,
      });
    }
    const live = await api('PATCH', `/api/market/accounts/${account.id}/`, { dry_run: false });
    expect(live.status).toBe(200);
  });

  afterAll(async () => {
    if (account)
      await api('PATCH', `/api/market/accounts/${account.id}/`, { dry_run: true }).catch(() => undefined);
  });

  async function openCandidates(tab: string, steamLabel: string) {
    const { page } = session;
    await session.goto(paths.sellItems.list.getHref());
    await page.getByRole('tab', { name: tab }).click();
    await choose(page, steamLabel, steamName);
    await waitForRows(page);
  }

  /** Finds a candidate by its asset id (the search takes one) and ticks it. */
  async function tickCandidate(item: Chosen, search: string) {
    const { page } = session;
    await page.getByRole('textbox', { name: search }).fill(item.assetId);
    const row = page.getByRole('row').filter({ hasText: item.assetId });
    await row.getByRole('checkbox').check();
  }

  async function onSale(assetId: string) {
    const list = await api<Paged<{ asset_id: string; price: string; status: string }>>(
      'GET',
      `/api/market/sell/items/?market_account=${account.id}&status=on_sale&page_size=1000`,
    );
    return list.body.results.find((row) => row.asset_id === assetId) ?? null;
  }

  it('lists two sale candidates on tm RUB: preview with ₽ and the band, Cancel sends nothing, confirm lists them', async () => {
    const { page } = session;
    const [a, b] = chosen as [Chosen, Chosen];
    await openCandidates('Кандидаты на продажу', 'Steam-аккаунт');
    await tickCandidate(a, 'Поиск');
    await tickCandidate(b, 'Поиск');
    const dialog = page.getByRole('dialog');
    try {
      await page.getByText('Выбрано 2 строки').waitFor();
      await page.getByRole('button', { name: 'Выставить на площадку' }).click();
      await dialog.getByText('Выставить 2 предмета на площадку').waitFor();
    } catch (error) {
      await session.screenshot('manual-listing-failed');
      throw error;
    }
    // Far above every price_sell: each row goes out at its toy's price_sell.
    await dialog.getByRole('textbox', { name: 'Цена, ₽' }).fill('9999999');
    const preview = dialog.getByTestId('money-preview-row');
    await poll(() => preview.count()).toBe(2);
    for (const item of [a, b]) {
      const row = preview.filter({ hasText: item.name });
      await poll(async () => (await row.textContent()) ?? '').toMatch(rub(item.priceSell));
      const text = (await row.textContent()) ?? '';
      expect(text).toContain(`Market CSGO · ${steamName}`);
      expect(text).toMatch(/диапазон .*₽ – .*₽/);
      expect(text).toContain('снижена до цены продажи');
    }
    await poll(async () => (await dialog.getByTestId('money-preview-summary').textContent()) ?? '').toMatch(
      /Будет отправлено строк:\s*2/,
    );
    await settled(dialog);
    await session.screenshot('manual-listing-preview');

    const cancelled = await listingPosts(page, async () => {
      await dialog.getByRole('button', { name: 'Отмена' }).click();
      await dialog.waitFor({ state: 'detached' });
    });
    expect(cancelled).toEqual([]);
    expect(await onSale(a.assetId)).toBeNull();

    await page.getByRole('button', { name: 'Выставить на площадку' }).click();
    await dialog.getByRole('textbox', { name: 'Цена, ₽' }).fill('9999999');
    await poll(() => preview.count()).toBe(2);
    const sent = await listingPosts(page, async () => {
      await dialog.getByTestId('money-preview-confirm').click();
      await dialog.getByTestId('listing-results').waitFor();
    });
    expect(sent).toHaveLength(1);
    const summary = dialog.getByTestId('listing-summary');
    await summary.waitFor({ timeout: 60_000 });
    expect(await summary.textContent()).toContain('Выставлено: 2, отказов: 0');
    expect(await dialog.getByTestId('listing-item').filter({ hasText: 'выставлен за' }).count()).toBe(2);
    await session.screenshot('manual-listing-result');
    await dialog.getByRole('button', { name: 'Закрыть' }).click();

    for (const item of [a, b]) {
      await poll(async () => (await onSale(item.assetId))?.price).toBe(Number(item.priceSell).toFixed(2));
    }
    const listed = await tm<{ items: { assetid: string }[] | null }>(account.id, 'api/v2/items');
    expect(
      (listed.items ?? []).filter((entry) => [a.assetId, b.assetId].includes(String(entry.assetid))),
    ).toHaveLength(2);
  });

  it('lists an inventory item on tm from the inventory screen', async () => {
    const { page } = session;
    const item = chosen[2]!;
    await session.goto(paths.inventory.list.getHref());
    await waitForRows(page);
    await choose(page, 'Steam-аккаунт', steamName);
    await page.getByRole('textbox', { name: 'Поиск' }).fill(item.name);
    const row = page.getByRole('row').filter({ hasText: item.assetId });
    await row.waitFor();
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Выставить на площадку' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Цена, ₽' }).fill('9999999');
    await poll(async () => (await dialog.getByTestId('money-preview-row').textContent()) ?? '').toMatch(
      rub(item.priceSell),
    );
    await dialog.getByTestId('money-preview-confirm').click();
    const summary = dialog.getByTestId('listing-summary');
    await summary.waitFor({ timeout: 60_000 });
    expect(await summary.textContent()).toContain('Выставлено: 1, отказов: 0');
    await session.screenshot('manual-listing-inventory');
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await poll(async () => (await onSale(item.assetId))?.status).toBe('on_sale');
  });

  it('does the same in English', async () => {
    const { page } = session;
    const item = chosen[3]!;
    await page.getByRole('button', { name: 'English' }).click();
    await openCandidates('Candidates for sale', 'Steam account');
    await tickCandidate(item, 'Search');
    await page.getByRole('button', { name: 'List on a marketplace' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('List 1 item on a marketplace').waitFor();
    await dialog.getByRole('textbox', { name: 'Price, ₽' }).fill('9999999');
    const row = dialog.getByTestId('money-preview-row');
    await poll(async () => (await row.textContent()) ?? '').toMatch(/band .*₽ – .*₽/);
    expect(await row.textContent()).toContain('lowered to the sell price');
    await settled(dialog);
    await session.screenshot('manual-listing-preview-en');
    const cancelled = await listingPosts(page, async () => {
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    });
    expect(cancelled).toEqual([]);
    await page.getByRole('button', { name: 'List on a marketplace' }).click();
    await dialog.getByRole('textbox', { name: 'Price, ₽' }).fill('9999999');
    await poll(() => dialog.getByTestId('money-preview-row').count()).toBe(1);
    await dialog.getByTestId('money-preview-confirm').click();
    const summary = dialog.getByTestId('listing-summary');
    await summary.waitFor({ timeout: 60_000 });
    expect(await summary.textContent()).toContain('Listed: 1, refused: 0');
    await session.screenshot('manual-listing-result-en');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await poll(async () => (await onSale(item.assetId))?.status).toBe('on_sale');
    await page.getByRole('button', { name: 'Русский' }).click();
  });

  it('met no page errors', () => {
    expect(session.problems).toEqual([]);
  });
});
