import type { BotJob, BotTradingStatus } from '@toydesk/contract';

import { describe, expect, it } from 'vitest';

import { seedMarketAccount } from '../../../testing/seed-trading.ts';
import { loopActions } from '../../../testing/loop-actions.ts';
import { useSimApp } from '../../../testing/use-sim-app.ts';
import { tickAttempts } from '../../../testing/job-attempts.ts';
import { createTradingContextForTest } from '../trading-context.ts';
import type { TradingLoopDef } from '../trading-loop.ts';
import { createListRepriceLoop, LIST_REPRICE_LOOP } from './list-reprice-loop.ts';
import { repriceTarget, sellLimits } from './reprice-rule.ts';

describe('the repricing rule', () => {
  it('undercuts the cheapest competitor by 0.01 within [price_buy, price_sell]', () => {
    const limits = sellLimits('100', '60');
    expect(repriceTarget(limits, ['80.50', '75.10', '90'])).toBe('75.09');
    expect(repriceTarget(limits, ['55'])).toBe('60.00');
    expect(repriceTarget(limits, ['150'])).toBe('100.00');
    expect(repriceTarget(limits, [])).toBe('100.00');
  });

  it('never undercuts a toy without a usable price_buy', () => {
    expect(sellLimits('100', null)).toEqual({ floor: '100.00', ceiling: '100.00' });
    expect(sellLimits('100', '120')).toEqual({ floor: '100.00', ceiling: '100.00' });
    expect(repriceTarget(sellLimits('100', '0'), ['50'])).toBe('100.00');
  });
});

type Stats = { keys: Record<string, { byMethod: Record<string, number> }> };

describe('list-reprice against the tm simulator', () => {
  const bed = useSimApp({ names: 60 });

  async function account(items: string[], options: { dryRun?: boolean } = {}) {
    const created = await bed.sim.tmSeller(items);
    const id = await seedMarketAccount(bed.app.runtime, {
      key: created.key,
      loops: { auto_sell: true },
      dryRun: options.dryRun,
    });
    return { id, key: created.key, items: created.items };
  }

  /** tm lists the item, then the connection drops before its answer, `count` times (the transport retries once). */
  async function dropAddToSaleAnswers(key: string, count: number) {
    await bed.sim.control('tm', 'POST', 'faults', {
      match: { path: '/api/v2/add-to-sale', key },
      kind: 'drop',
      phase: 'after',
      count,
    });
  }

  async function toy(name: string, priceSell: string, priceBuy: string | null) {
    const [row] = await bed.app.db.query<{ id: number }>(
      `INSERT INTO toy (market_hash_name) VALUES ($1) RETURNING id`,
      [name],
    );
    await bed.app.db.query(
      `INSERT INTO market_toy (toy, market, price_sell, price_buy) VALUES ($1, 'tm', $2, $3)`,
      [row!.id, priceSell, priceBuy],
    );
  }

  /** The cheapest offer of a name on the simulated market, in roubles (kopecks / 100). */
  async function cheapest(key: string, name: string, excludeIds: string[] = []): Promise<number> {
    const answer = await bed.sim.v2<{ data: Record<string, { id: number; price: number }[]> }>(
      'tm',
      'search-list-items-by-hash-name-all',
      { key, 'list_hash_name[]': name },
    );
    const prices = (answer.data[name] ?? [])
      .filter((offer) => !excludeIds.includes(String(offer.id)))
      .map((offer) => offer.price);
    return Math.min(...prices) / 100;
  }

  async function listings(key: string) {
    const answer = await bed.sim.v2<{
      items: { item_id: string; assetid: string; price: number; status: string }[] | null;
    }>('tm', 'items', { key });
    return answer.items ?? [];
  }

  async function calls(key: string, method: string): Promise<number> {
    const stats = await bed.sim.control<Stats>('tm', 'GET', 'stats');
    return stats.keys[key]?.byMethod[method] ?? 0;
  }

  const actions = (id: number) => loopActions(bed.app.db, id, 'list-reprice');

  async function sellItems(id: number) {
    return bed.app.db.query<{ market_item_id: string; asset_id: string; price: string; status: string }>(
      `SELECT market_item_id, asset_id, price::text AS price, status FROM sell_item
       WHERE market_account = $1 ORDER BY id`,
      [id],
    );
  }

  async function tick(id: number, loop: TradingLoopDef = LIST_REPRICE_LOOP) {
    return loop.tick(await createTradingContextForTest(bed.app.runtime, id, 'list-reprice'));
  }

  it('lists the items of toys with a price_sell, reprices them within limits and mirrors them in sell_item', async () => {
    const undercut = bed.freshName();
    const floored = bed.freshName();
    const noToy = bed.freshName();
    const { id, key, items } = await account([undercut, floored, noToy]);
    const low = await cheapest(key, undercut);
    const high = await cheapest(key, floored);
    await toy(undercut, (low * 3).toFixed(2), (low / 2).toFixed(2));
    // The floor (price_buy) is above every competitor: the item stays at the floor.
    await toy(floored, (high * 3).toFixed(2), (high * 2).toFixed(2));

    const result = await tick(id);
    expect(result.summary).toMatch(/^2 listed, 2 repriced/);
    const listed = await listings(key);
    expect(listed).toHaveLength(2);
    const byAsset = new Map(items.map((item) => [item.assetid, item.market_hash_name]));
    const priceOf = (name: string) => listed.find((l) => byAsset.get(l.assetid) === name)!.price;
    expect(priceOf(undercut)).toBeCloseTo(low - 0.01, 2);
    expect(priceOf(floored)).toBeCloseTo(high * 2, 2);
    expect(listed.some((l) => byAsset.get(l.assetid) === noToy)).toBe(false);

    const rows = await sellItems(id);
    expect(rows.map((row) => row.status)).toEqual(['on_sale', 'on_sale']);
    expect(rows.map((row) => row.market_item_id).sort()).toEqual(listed.map((l) => l.item_id).sort());
    expect(rows.find((row) => byAsset.get(row.asset_id) === undercut)!.price).toBe((low - 0.01).toFixed(2));
    const kinds = (await actions(id)).map((action) => action.kind);
    expect(kinds.filter((kind) => kind === 'listed')).toHaveLength(2);
    expect(kinds).toContain('repriced');

    // A second tick finds nothing new and nothing to move.
    expect((await tick(id)).summary).toMatch(/^0 listed, 0 repriced/);
    expect(await calls(key, 'add-to-sale')).toBe(2);

    // Taken off sale by hand: the rows become removed, and the items come back through a new listing.
    await bed.sim.v2('tm', 'remove-all-from-sale', { key });
    expect((await tick(id)).summary).toMatch(/^2 listed, 2 repriced, 2 gone from sale/);
    const after = await sellItems(id);
    expect(after.map((row) => row.status)).toEqual(['removed', 'removed', 'on_sale', 'on_sale']);
  });

  it("follows a sold listing through the deliver loop's record of its deal", async () => {
    const name = bed.freshName();
    const { id, key } = await account([name]);
    await toy(name, '100000', null);
    await tick(id);
    const [listing] = await listings(key);
    await bed.sim.control('tm', 'POST', `accounts/${key}/sell`, { item_id: listing!.item_id, force: true });
    await tick(id);
    const status = async () => (await sellItems(id)).map((row) => row.status);
    expect(await status()).toEqual(['sold']);

    const [delivery] = await bed.app.db.query<{ id: number }>(
      `INSERT INTO bot_delivery (market_account, market, deal_id, market_hash_name, price, currency, state)
       VALUES ($1, 'tm', $2, $3, 1, 'RUB', 'trade_ready') RETURNING id`,
      [id, listing!.item_id, name],
    );
    await tick(id);
    expect(await status()).toEqual(['delivering']);
    await bed.app.db.query(`UPDATE bot_delivery SET state = 'delivered' WHERE id = $1`, [delivery!.id]);
    await tick(id);
    expect(await status()).toEqual(['delivered']);
  });

  it('reprices through MassSetPriceById in batches, never below the floor', async () => {
    const name = bed.freshName();
    const { id, key } = await account([name, name, name, name, name]);
    const low = await cheapest(key, name);
    const floor = (low - 0.5).toFixed(2);
    await toy(name, (low * 4).toFixed(2), floor);

    const result = await tick(id, createListRepriceLoop({ batchSize: 2 }));
    expect(result.summary).toMatch(/^5 listed, 5 repriced/);
    expect(await calls(key, 'MassSetPriceById')).toBe(3);
    const batches = (await actions(id)).filter((action) => action.kind === 'repriced');
    expect(batches.map((batch) => batch.detail.count).sort()).toEqual([1, 2, 2]);
    for (const listing of await listings(key)) expect(listing.price).toBeCloseTo(low - 0.01, 2);

    // A competitor far under the floor: the listings go to the floor, not under it.
    const other = await bed.sim.tmSeller([name]);
    const competitor = await bed.sim.v2('tm', 'add-to-sale', {
      key: other.key,
      id: other.items[0]!.assetid,
      price: Math.round((low - 5) * 100),
      cur: 'RUB',
    });
    expect(competitor).toMatchObject({ success: true });
    expect((await tick(id, createListRepriceLoop({ batchSize: 2 }))).summary).toMatch(
      /^0 listed, 5 repriced/,
    );
    for (const listing of await listings(key)) expect(listing.price).toBeCloseTo(Number(floor), 2);
    expect(await calls(key, 'MassSetPriceById')).toBe(6);
  });

  it("reacts to add-to-sale's inventory errors with update-inventory and a 30 s wait, without sleeping", async () => {
    const name = bed.freshName();
    const { id, key } = await account([]);
    await toy(name, '100000', null);
    await bed.sim.control('tm', 'POST', `accounts/${key}/items`, {
      names: [name],
      addToSaleError: 'no_description_found',
      errorTimes: 1,
    });

    const first = await tick(id);
    expect(first.summary).toMatch(/^0 listed, 0 repriced, listing waits until /);
    expect(await calls(key, 'add-to-sale')).toBe(1);
    expect(await calls(key, 'update-inventory')).toBe(1);
    const [wait] = await bed.app.db.query<{ reason: string; waiting: boolean }>(
      `SELECT reason, not_before > now() AS waiting FROM bot_listing_wait WHERE market_account = $1`,
      [id],
    );
    expect(wait).toEqual({ reason: 'no_description_found', waiting: true });
    expect((await actions(id)).map((action) => action.kind)).toContain('inventory-refresh');

    // Inside the wait a tick does not try again.
    expect((await tick(id)).summary).toMatch(/listing waits until/);
    expect(await calls(key, 'add-to-sale')).toBe(1);

    // Once the wait is over (moved into the past here rather than waited for), the item is listed.
    await bed.app.db.query(
      `UPDATE bot_listing_wait SET not_before = now() - interval '1 second' WHERE market_account = $1`,
      [id],
    );
    expect((await tick(id)).summary).toMatch(/^1 listed/);
    expect(await listings(key)).toHaveLength(1);
  });

  it('raises a listing-failed alert for any other refusal and lists the rest', async () => {
    const refused = bed.freshName();
    const fine = bed.freshName();
    const { id, key } = await account([fine]);
    await toy(refused, '100000', null);
    await toy(fine, '100000', null);
    await bed.sim.control('tm', 'POST', `accounts/${key}/items`, {
      names: [refused],
      addToSaleError: 'item_not_inserted',
      errorTimes: 1,
    });
    expect((await tick(id)).summary).toMatch(/^1 listed, 0 repriced, 1 refused/);
    expect(await listings(key)).toHaveLength(1);
    expect(await calls(key, 'update-inventory')).toBe(0);
    const alerts = await bed.app.db.query<{ kind: string; details: { error: string } }>(
      'SELECT kind, details FROM bot_alert WHERE market_account = $1',
      [id],
    );
    expect(alerts).toEqual([
      expect.objectContaining({
        kind: 'listing-failed',
        details: expect.objectContaining({ error: 'item_not_inserted' }),
      }),
    ]);
    // The next tick tries it again (the market takes it now).
    expect((await tick(id)).summary).toMatch(/^1 listed/);
  });

  it('treats an inventory the market has not loaded the same way', async () => {
    const name = bed.freshName();
    const { id, key } = await account([name]);
    await toy(name, '100000', null);
    await bed.sim.control('tm', 'PATCH', `accounts/${key}`, { inventoryLoaded: false });
    expect((await tick(id)).summary).toMatch(/listing waits until/);
    expect(await calls(key, 'update-inventory')).toBe(1);
    expect(await calls(key, 'add-to-sale')).toBe(0);
    const [wait] = await bed.app.db.query<{ reason: string }>(
      'SELECT reason FROM bot_listing_wait WHERE market_account = $1',
      [id],
    );
    expect(wait?.reason).toBe('inventory_not_loaded');
  });

  it('does not list twice when a tick is run again after its add-to-sale answers were lost', async () => {
    const name = bed.freshName();
    const { id, key } = await account([name]);
    await toy(name, '100000', null);
    // The market lists the item, then the connection drops (the transport's own retry too).
    await dropAddToSaleAnswers(key, 2);
    const { jobId, attempt } = await tickAttempts(bed.app, id, 'list-reprice');
    await expect(LIST_REPRICE_LOOP.tick(attempt(1))).rejects.toThrow();
    expect(await listings(key)).toHaveLength(1);
    const [marker] = await bed.app.db.query<{ state: string }>(
      `SELECT state FROM bot_once WHERE step_key LIKE $1`,
      [`list-reprice:${id}:${jobId}:list:%`],
    );
    expect(marker?.state).toBe('started');

    const again = await LIST_REPRICE_LOOP.tick(attempt(2));
    expect(again.summary).toMatch(/^0 listed/);
    expect(await listings(key)).toHaveLength(1);
    expect(await sellItems(id)).toHaveLength(1);
  });

  it('lists once when the second try of a lost add-to-sale finds the item already listed', async () => {
    const name = bed.freshName();
    const { id, key } = await account([name]);
    await toy(name, '100000', null);
    await dropAddToSaleAnswers(key, 1);
    const result = await tick(id);
    expect(result.summary).toMatch(/^1 listed/);
    expect(await listings(key)).toHaveLength(1);
    expect(
      await bed.app.db.query('SELECT 1 FROM bot_listing_wait WHERE market_account = $1', [id]),
    ).toHaveLength(0);
  });

  it('in dry-run mode records what it would list and changes nothing on the market', async () => {
    const name = bed.freshName();
    const { id, key } = await account([name, name], { dryRun: true });
    await toy(name, '100000', null);
    const result = await tick(id);
    expect(result.summary).toMatch(/^0 listed, 0 repriced/);
    expect(await calls(key, 'add-to-sale')).toBe(0);
    expect(await listings(key)).toHaveLength(0);
    expect(await sellItems(id)).toHaveLength(0);
    const recorded = await actions(id);
    expect(recorded.filter((action) => action.kind === 'listed')).toHaveLength(2);
    expect(recorded.every((action) => action.dry_run)).toBe(true);
  });

  it('a dry-run tick run by the runner counts what it only recorded, as text the console translates', async () => {
    const name = bed.freshName();
    const { id } = await account([name, name], { dryRun: true });
    await toy(name, '100000', null);
    const run = await bed.app.request<BotJob>('POST', `/api-node/trading/${id}/list-reprice/run`);
    expect(run.status, run.text).toBe(202);
    const done = await bed.app.runtime.queue.waitFor(run.body.id, 30_000);
    expect(done?.state).toBe('done');
    // Not "0 listed" beside 2 recorded "listed" actions: the summary and its code say 2 would be listed.
    expect(done?.result).toMatchObject({
      summary: expect.stringMatching(/^0 listed, 0 repriced.*\(dry run: 2 listed\)$/),
      text: { code: 'list-reprice.done', params: { listed: 0, repriced: 0 }, dry_run: { listed: 2 } },
    });
    const status = await bed.app.request<{ results: BotTradingStatus[] }>('GET', '/api-node/trading/', {
      query: { market_account: id },
    });
    expect(status.body.results.find((row) => row.loop === 'list-reprice')?.last_summary_text).toMatchObject({
      code: 'list-reprice.done',
      dry_run: { listed: 2 },
    });
  });

  it('runs as a job of the trading runner (bot-trading.run)', async () => {
    const name = bed.freshName();
    const { id, key } = await account([name]);
    await toy(name, '100000', null);
    const run = await bed.app.request<BotJob>('POST', `/api-node/trading/${id}/list-reprice/run`);
    expect(run.status, run.text).toBe(202);
    expect((await bed.app.runtime.queue.waitFor(run.body.id, 30_000))?.state).toBe('done');
    expect(await listings(key)).toHaveLength(1);
    expect(await sellItems(id)).toHaveLength(1);
  });
});
