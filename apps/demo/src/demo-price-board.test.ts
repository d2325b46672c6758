import type { MarketCode, PriceBoardResponse } from '@toydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readKeyPauses } from '@toydesk/db';
import { startTestApp, type TestApp } from '@toydesk/server/testing';

import { DEMO_KEYED_MARKETS } from './demo-simulators.ts';
import { embeddedBoot } from './embedded-boot.ts';

const TM_FAMILY: MarketCode[] = ['tm', 'tm_usd', 'cs7', 'cs7_proxy'];

/**
 * Issue 16, deliverable 2: the demo's price board compares the simulated keyed markets too. The demo opens
 * its Lis-skins, BitSkins, CSFloat, Skinport and Waxpeer accounts on the simulators with the vault's keys,
 * so the start import (`prices.import-all`) reads those markets' lists with them as it would a real
 * market's, and no key is refused (a refused key would pause the account and skip its list).
 */
describe('the demo price board after the start import', () => {
  const embedded = embeddedBoot();
  let app: TestApp;

  beforeAll(async () => {
    // A schedule that never comes round in a test: the demo start still queues its one import
    // (the bot runtime does so unless the schedule is off); trading and proxy checks stay off.
    app = await startTestApp({ TOYDESK_DEMO: '1', TOYDESK_PRICE_IMPORT_CRON: '0 0 1 1 *' }, embedded);
  }, 300_000);
  afterAll(() => app?.close());

  /** How many rows of the board's first 500 (the widest spreads) have a price on each market. */
  const pricedRows = async () => {
    const answer = await app.client.get<PriceBoardResponse>('/api/market/price-board/', {
      query: { page_size: '500', min_spread_pct: '0' },
    });
    expect(answer.status, answer.text).toBe(200);
    const count = new Map<string, number>();
    for (const row of answer.body.results) {
      for (const cell of row.markets) {
        if (cell.buy !== null) count.set(cell.market, (count.get(cell.market) ?? 0) + 1);
      }
    }
    return { count, rows: answer.body.results };
  };

  it('has prices from every simulated keyed market besides the tm family, with real spreads', async () => {
    let seen = await pricedRows();
    const deadline = Date.now() + 120_000;
    while (DEMO_KEYED_MARKETS.some((m) => !seen.count.get(m)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      seen = await pricedRows();
    }
    for (const market of [...TM_FAMILY, ...DEMO_KEYED_MARKETS]) {
      expect(seen.count.get(market) ?? 0, `rows priced on ${market}`).toBeGreaterThan(0);
    }
    // The keyed markets' prices differ from the tm family's: some row's best buy or best sale is on one.
    const keyed = new Set<string>(DEMO_KEYED_MARKETS);
    expect(
      seen.rows.some(
        (row) => Number(row.spread_pct) > 0 && (keyed.has(row.buy_market!) || keyed.has(row.sell_market!)),
      ),
    ).toBe(true);

    // No demo account's key was refused on the way (a refused key pauses the account).
    const accounts = await app.client.get<{ results: { id: number; market: string; status: string }[] }>(
      '/api/market/accounts/',
      { query: { page_size: '100' } },
    );
    const keyedIds = accounts.body.results.filter((a) => keyed.has(a.market)).map((a) => a.id);
    expect(keyedIds.length).toBeGreaterThan(0);
    expect([...(await readKeyPauses(app.services.db, keyedIds)).keys()]).toEqual([]);
  }, 200_000);
});
