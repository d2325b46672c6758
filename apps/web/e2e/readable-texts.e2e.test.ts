import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { paths } from '../src/config/paths.ts';
import { foreignWords, hasJson, LATIN_ALLOWED } from '../src/lib/job-results/readable-text.ts';
import { describeInConsole, session } from './console-suite.ts';
import { apiRequest } from './harness.ts';

/**
 * Issue 12 "Done when": no user-visible string of the Russian console is English or JSON outside the
 * «Подробнее» views. Walks every route (shell.e2e.test.ts's ROUTES, copied by reference, plus the routes
 * it does not list), every group of bot jobs with their results, the alerts and a trading drawer, and
 * checks the visible text: Latin-only words must be names (accounts, markets, items, tags, proxies from
 * the demo's own data, or the allowlist of product and technical names), and no JSON anywhere.
 */

/** shell.e2e.test.ts's ROUTES (a test file cannot be imported without running its tests). */
const SHELL_ROUTES: string[] = [
  paths.steamAccount.list.getHref(),
  paths.steamAccount.checkList.getHref(),
  paths.marketAccount.list.getHref(),
  paths.marketAccount.orders.getHref('tm'),
  paths.inventory.list.getHref(),
  paths.sellItems.list.getHref(),
  paths.history.list.getHref(),
  paths.history.marketStats.getHref('tm'),
  paths.toySettings.common.getHref(),
  paths.toySettings.market.getHref(),
  paths.proxy.getHref(),
  paths.tags.getHref(),
  paths.serverGroups.getHref(),
  paths.availableIps.getHref(),
  paths.transactions.getHref(),
  paths.auditLog.getHref(),
  paths.botDeliveries.getHref(),
  paths.ui.getHref(),
];

/** Every fixed route of paths.ts, so a route added since (markets, Steam Guard, ...) is walked too. */
function allFixedRoutes(): string[] {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const entry = node as { path?: unknown; getHref?: (arg?: unknown) => string };
    if (typeof entry.path === 'string' && typeof entry.getHref === 'function' && !entry.path.includes(':')) {
      const href = entry.getHref();
      if (href !== '/') found.push(href);
    }
    for (const child of Object.values(node)) walk(child);
  };
  walk(paths);
  return found;
}

const ROUTES = [...new Set([...SHELL_ROUTES, ...allFixedRoutes(), `${paths.botJobs.getHref()}?routine=1`])];

/** One visible text of the page: where it is and what it says. */
interface VisibleText {
  text: string;
  /** Inside a table's data cell: the demo's own data (names, notes), checked for JSON and raw codes only. */
  cell: boolean;
  /** The element's role or tag and its nearest labelled ancestor, to say where a finding is. */
  where: string;
}

/**
 * The page's visible texts (leaf text nodes and placeholders), leaving out the «Подробнее» panels and the
 * job logs (`data-details`), hidden elements and icons. Item name cells (`<span title=name>name</span>`)
 * come back as names.
 */
async function visibleTexts(page: Page): Promise<{ texts: VisibleText[]; names: string[] }> {
  return page.evaluate(() => {
    const texts: { text: string; where: string; cell: boolean }[] = [];
    const names: string[] = [];
    const isShown = (el: Element) => {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0)
        return false;
      return el.getClientRects().length > 0;
    };
    const describe = (el: Element) => {
      const labelled = el.closest('[aria-label], [data-testid], [role="dialog"], [role="columnheader"]');
      const label = labelled
        ? (labelled.getAttribute('aria-label') ??
          labelled.getAttribute('data-testid') ??
          labelled.getAttribute('role'))
        : '';
      return `${el.tagName.toLowerCase()}${label ? ` in ${label}` : ''}`;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const parent = node.parentElement;
      if (!text || !parent) continue;
      if (parent.closest('[data-details], script, style, noscript, svg, [aria-hidden="true"]')) continue;
      if (!isShown(parent)) continue;
      if (parent.getAttribute('title') === text) {
        names.push(text);
        continue;
      }
      // Sentences the console builds (job results, alerts, loop actions) are UI text even inside a cell.
      const built = parent.closest(
        '[data-testid="job-outcome"], [data-testid="alert-text"], [data-testid="loop-action"]',
      );
      const cell = !built && !!parent.closest('[role="cell"], [role="gridcell"], td');
      texts.push({ text, where: describe(parent), cell });
    }
    for (const input of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
      if (isShown(input))
        texts.push({ text: input.getAttribute('placeholder') ?? '', where: 'placeholder', cell: false });
    }
    return { texts, names };
  });
}

/** Hosts, URLs, e-mails, file names and dotted codes are data, not words of a language. */
const DATA_TOKEN = /\S+@\S+|\S*:\/\/\S*|\b[\w-]+(?:\.[\w-]+)+\b|#[0-9a-f]{3,8}\b/gi;

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9_]+/)
    .filter(Boolean);
}

/** Lower-case words of every name the demo's data holds (accounts, markets, tags, proxies, operator). */
const allowed = new Set<string>(LATIN_ALLOWED);
let botToken = '';
const findings = new Map<string, string>();

/**
 * A raw code shown as it is stored: CamelCase ("CreatedNeedsConfirmation") or a lower-case word joined by
 * "_" or "-" without digits ("order-failed", "not_done"). Names with digits (logins) are not codes.
 */
const RAW_CODE = /^(?:[A-Z][a-z]+(?:[A-Z][a-z]+)+|[a-z]+(?:[_-][a-z]+)+)$/;

/**
 * What the walk finds in other areas' screens, reported to them (issue 12 deliverable 5, the helpers'
 * reports), left out here so this test guards everything else: route prefix and the text it finds.
 */
const KNOWN_ELSEWHERE: Array<[route: string, text: RegExp]> = [
  // Market codes: an identifier column of the markets tables (the markets screen and the UI kit's copy).
  ['/markets', /^[a-z0-9]+(_[a-z0-9]+)+$/],
  ['/ui', /^[a-z0-9]+(_[a-z0-9]+)+$/],
  // The names a price lookup did not find: item names, data.
  ['/market-database', /\|.*;/],
];

const known = (route: string, text: string) =>
  KNOWN_ELSEWHERE.some(([prefix, pattern]) => route.startsWith(prefix) && pattern.test(text));

function check(route: string, texts: VisibleText[], names: string[]) {
  const local = new Set(allowed);
  for (const name of names) for (const word of wordsOf(name)) local.add(word);
  for (const { text, where, cell } of texts) {
    if (known(route, text)) continue;
    if (hasJson(text)) findings.set(`${route} | JSON | ${text.slice(0, 80)}`, where);
    if (cell) {
      // A proper name spelled CamelCase ("BitSkins") is a name, not a code.
      if (RAW_CODE.test(text) && !local.has(text.toLowerCase()))
        findings.set(`${route} | raw code | ${text}`, where);
      continue;
    }
    const english = foreignWords(text.replace(DATA_TOKEN, ' '), local);
    if (english.length > 0) findings.set(`${route} | ${english.join(' ')} | ${text.slice(0, 80)}`, where);
  }
}

async function walk(route: string) {
  const { page } = session;
  await session.goto(route);
  await page
    .waitForSelector(
      '[role="table"] [role="row"][aria-rowindex="2"], [role="table"] p, [role="dialog"], main h1',
      {
        timeout: 20_000,
      },
    )
    .catch(() => undefined);
  await page.waitForLoadState('networkidle');
  const { texts, names } = await visibleTexts(page);
  check(route, texts, names);
}

describeInConsole(
  'readable texts: the Russian console shows no English and no JSON',
  { path: paths.tags.getHref() },
  () => {
    beforeAll(async () => {
      const common = (await apiRequest(session, 'GET', '/api/frontend/common')).body as {
        data: {
          bot_token: string;
          markets: Array<{ name: string; code: string }>;
          steamAccounts: Array<{ steam_account_name: string; market_accounts: Array<{ label: string }> }>;
          tags: Array<{ name: string }>;
          operator: { username: string };
        };
      };
      botToken = common.data.bot_token;
      const names = [
        ...common.data.markets.flatMap((market) => [market.name, market.code]),
        ...common.data.steamAccounts.flatMap((account) => [
          account.steam_account_name,
          ...account.market_accounts.map((market) => market.label),
        ]),
        ...common.data.tags.map((tag) => tag.name),
        common.data.operator.username,
      ];
      for (const name of names) for (const word of wordsOf(name)) allowed.add(word);
    });

    afterAll(async () => {
      if (findings.size > 0)
        console.log(
          `readable-texts findings:\n${[...findings].map(([what, where]) => `  ${what}  (${where})`).join('\n')}`,
        );
    });

    it('says every bot job result and error in Russian, the raw data only behind «Подробнее»', async () => {
      const { page } = session;
      // A proxy check of every proxy, so proxy results are there beside the scheduler's own jobs.
      const started = await session.context.request.fetch(`${session.baseUrl}/api-node/proxy/check-all/`, {
        method: 'POST',
        headers: { 'X-App-Token': botToken, accept: 'application/json' },
      });
      expect(started.status()).toBe(202);
      // A finished job of each kind the demo runs: one list per group, routine jobs included, then failures.
      const seenKinds = new Set<string>();
      const lists = [
        ...['trading', 'steam', 'signup', 'orders', 'prices', 'proxy', 'spend', 'other'].map(
          (group) => `group=${group}&state=done`,
        ),
        'state=failed',
      ];
      for (const list of lists) {
        const group = list;
        await session.goto(`${paths.botJobs.getHref()}?routine=1&${list}`);
        await page.waitForSelector('[role="table"] [role="row"][aria-rowindex="2"], [role="table"] p');
        await page.waitForLoadState('networkidle');
        const outcomes = await page.getByTestId('job-outcome').allTextContents();
        for (const outcome of outcomes) {
          expect(/[А-Яа-яЁё]/.test(outcome), `«${outcome}» is not Russian`).toBe(true);
          expect(hasJson(outcome), `«${outcome}» is JSON`).toBe(false);
        }
        const { texts, names } = await visibleTexts(page);
        check(`/bot-jobs?${list}`, texts, names);
        if (outcomes.length > 0) seenKinds.add(group);
      }
      await session.goto(`${paths.botJobs.getHref()}?routine=1&group=trading&state=done`);
      await page.getByTestId('job-outcome').first().waitFor();
      await session.screenshot('readable-jobs-trading-done');
      // The demo's scheduler runs the trading loops within its first minute.
      expect([...seenKinds]).toEqual(expect.arrayContaining(['group=trading&state=done']));

      // One job opened: its dialog is sentences; its raw result opens behind «Подробнее».
      await session.goto(`${paths.botJobs.getHref()}?routine=1&group=trading&state=done`);
      await page.getByTestId('job-outcome').first().waitFor();
      await page.getByRole('table').getByRole('row').nth(1).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('job-result').waitFor();
      const { texts, names } = await visibleTexts(page);
      check('job dialog', texts, names);
      expect(await dialog.getByTestId('result-details').count()).toBe(0);
      await dialog.getByRole('button', { name: 'Подробнее' }).first().click();
      await expect(dialog.getByTestId('result-details').first().textContent()).resolves.toMatch(/[{[]/);
      await session.screenshot('readable-job-dialog');
      await page.keyboard.press('Escape');
    });

    it('says the alerts with Russian titles and sentences', async () => {
      const { page } = session;
      await session.goto(`${paths.botAlerts.getHref()}`);
      await page.waitForSelector('[role="table"] [role="row"][aria-rowindex="2"], [role="table"] p');
      await page.waitForLoadState('networkidle');
      for (const text of await page.getByTestId('alert-text').allTextContents())
        expect(/[А-Яа-яЁё]/.test(text), `«${text}» is not Russian`).toBe(true);
      const { texts, names } = await visibleTexts(page);
      check('/bot-alerts', texts, names);
      await session.screenshot('readable-alerts');
    });

    it("shows a dry-run trading loop's summary and actions as Russian sentences", async () => {
      const { page } = session;
      const loops = (
        await session.context.request.fetch(`${session.baseUrl}/api-node/trading/`, {
          headers: { 'X-App-Token': botToken, accept: 'application/json' },
        })
      ).json() as Promise<{
        results: Array<{ market_account: number; recent_actions: unknown[]; dry_run: boolean }>;
      }>;
      const all = (await loops).results;
      // The items the actions name are names (market hash names), like the item cells' ones.
      for (const text of JSON.stringify(all.map((loop) => loop.recent_actions)).match(
        /"(?:market_hash_name|items)":(?:"[^"]*"|\[[^\]]*\])/g,
      ) ?? [])
        for (const word of wordsOf(text.replace(/"(market_hash_name|items)":/, ''))) allowed.add(word);
      const busy = all.find((loop) => loop.dry_run && loop.recent_actions.length > 0);
      if (!busy) return;
      await session.goto(paths.marketAccount.list.getHref());
      await page.waitForSelector('[role="table"] [role="row"][aria-rowindex="2"]');
      const common = (await apiRequest(session, 'GET', '/api/frontend/common')).body as {
        data: { steamAccounts: Array<{ market_accounts: Array<{ id: number; label: string }> }> };
      };
      const label = common.data.steamAccounts
        .flatMap((account) => account.market_accounts)
        .find((market) => market.id === busy.market_account)?.label;
      if (!label) return;
      await page.getByRole('textbox', { name: 'Поиск' }).fill(label.split(' ').at(-1) ?? label);
      await page
        .getByRole('button', { name: `Торговые циклы ${label}` })
        .first()
        .click();
      await page.getByTestId('loop-summary').first().waitFor();
      for (const button of await page.getByRole('button', { name: /^Последние действия/ }).all())
        await button.click();
      const actions = await page.getByTestId('loop-action').allTextContents();
      expect(actions.length).toBeGreaterThan(0);
      for (const text of actions) expect(/[А-Яа-яЁё]/.test(text), `«${text}» is not Russian`).toBe(true);
      const { texts, names } = await visibleTexts(page);
      check('trading drawer', texts, names);
      await session.screenshot('readable-trading-drawer');
      await page.keyboard.press('Escape');
    });

    it('walks every route in Russian: no English word outside names, no JSON', async () => {
      for (const route of ROUTES) await walk(route);
      // Every finding in one message: the route, the words, the text and where it sits.
      expect([...findings].map(([what, where]) => `${what} (${where})`)).toEqual([]);
    });

    it('met no page errors', () => {
      expect(session.problems).toEqual([]);
    });
  },
);
