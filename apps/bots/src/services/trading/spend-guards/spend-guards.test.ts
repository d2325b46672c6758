import { randomUUID } from 'node:crypto';

import { spendGuardInputSchema } from '@toydesk/contract';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';

import { JobContext } from '../../../jobs/job-context.ts';
import type { BotRuntime } from '../../../bot-runtime.ts';
import { recordDoneSpend } from '@toydesk/db';
import { seedMarketAccount } from '../../../testing/seed-trading.ts';
import { loopActions } from '../../../testing/loop-actions.ts';
import { useSimApp } from '../../../testing/use-sim-app.ts';
import { DYNAMIC_ORDERS_LOOP } from '../dynamic-orders/dynamic-orders-loop.ts';
import { createTradingContextForTest } from '../trading-context.ts';
import { checkSpendOutcome, queueSpendChecks, SPEND_CHECK_KIND } from './spend-check-job.ts';

describe('spend guards and spending checks (issue 11, items 6 and 7)', () => {
  const bed = useSimApp({ names: 20 });

  beforeEach(async () => {
    await bed.app.db.query('UPDATE market_toy SET enable_dynamic_order = false');
  });

  async function account(options: { dryRun?: boolean } = {}) {
    const key = await bed.sim.account('tm', { money: 1_000_000, currency: 'RUB' });
    const id = await seedMarketAccount(bed.app.runtime, {
      key,
      loops: { dynamic_orders: true },
      dryRun: options.dryRun,
    });
    return { id, key };
  }

  async function toy(name: string, min: string, max: string) {
    await bed.app.db.query(
      `WITH t AS (INSERT INTO toy (market_hash_name) VALUES ($1)
                  ON CONFLICT (market_hash_name) DO UPDATE SET updated_at = now() RETURNING id)
       INSERT INTO market_toy (toy, market, min_price_buy, max_price_buy, enable_dynamic_order)
       SELECT id, 'tm', $2, $3, true FROM t
       ON CONFLICT (toy, market) DO UPDATE SET min_price_buy = excluded.min_price_buy,
         max_price_buy = excluded.max_price_buy, enable_dynamic_order = true`,
      [name, min, max],
    );
  }

  const setGuard = (id: number, body: unknown) =>
    bed.app.request<Record<string, unknown>>('PUT', `/api-node/market-accounts/${id}/spend-guard/`, { body });

  async function orders(key: string) {
    const answer = await bed.sim.v2<{ orders: { hash_name: string }[] | null }>('tm', 'get-orders', {
      key,
      page: 0,
    });
    return answer.orders ?? [];
  }

  const actions = (id: number) => loopActions(bed.app.db, id, 'dynamic-orders');

  async function guardAlert(id: number) {
    const [row] = await bed.app.db.query<{
      severity: string;
      message: string;
      details: Record<string, unknown>;
    }>(
      `SELECT severity, message, details FROM bot_alert WHERE kind = 'spend-guard' AND market_account = $1`,
      [id],
    );
    return row;
  }

  it('stores both guards per account and shows today’s spending against the cap', async () => {
    const { id } = await account();
    const empty = await bed.app.request<Record<string, unknown>>(
      'GET',
      `/api-node/market-accounts/${id}/spend-guard/`,
    );
    expect(empty.body).toMatchObject({
      daily_cap: null,
      max_price_percent: null,
      currency: 'RUB',
      spent_today: '0',
    });
    const saved = await setGuard(id, { daily_cap: '500.50', max_price_percent: 130 });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ daily_cap: '500.500', max_price_percent: 130, currency: 'RUB' });
    await recordDoneSpend(
      bed.app.db,
      {
        marketAccount: id,
        market: 'tm',
        call: 'buy',
        customId: 'elsewhere-1',
        source: 'proxy',
        subject: 'x',
        amount: '120.25',
        currency: 'RUB',
      },
      null,
    );
    const view = await bed.app.request<Record<string, unknown>>(
      'GET',
      `/api-node/market-accounts/${id}/spend-guard/`,
    );
    expect(view.body).toMatchObject({ spent_today: '120.250' });
    const spends = await bed.app.request<{ results: unknown[] }>(
      'GET',
      `/api-node/market-accounts/${id}/spends/`,
    );
    expect(spends.body.results).toEqual([
      expect.objectContaining({ custom_id: 'elsewhere-1', state: 'done' }),
    ]);
    expect((await bed.app.request('GET', '/api-node/market-accounts/999999/spend-guard/')).status).toBe(404);
    const summary = await bed.app.request<{ results: { market_account: number; spent_today: string }[] }>(
      'GET',
      '/api-node/spend-guards/',
    );
    expect(summary.body.results).toContainEqual(
      expect.objectContaining({ market_account: id, spent_today: '120.250', daily_cap: '500.500' }),
    );
  });

  it('bad guard values are a 400 and change nothing', async () => {
    const { id } = await account();
    await setGuard(id, { daily_cap: '10', max_price_percent: 150 });
    const stored = async () =>
      JSON.stringify(
        await bed.app.db.query(
          'SELECT daily_cap::text, max_price_percent FROM market_spend_guard WHERE market_account = $1',
          [id],
        ),
      );
    const before = await stored();
    const junk = fc.oneof(
      fc.constantFrom('', '-1', '1e3', '12.3456', 'abc', '0x10', ' 5', null, -5, 0, 1.5, 100001, true),
      fc.string({ maxLength: 20 }),
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.double(),
    );
    const body = fc.record({ daily_cap: junk, max_price_percent: junk }, { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(body, async (candidate) => {
        fc.pre(!spendGuardInputSchema.safeParse(candidate).success);
        const answer = await setGuard(id, candidate);
        expect(answer.status, `${JSON.stringify(candidate)} → ${answer.text}`).toBe(400);
        expect(await stored()).toBe(before);
      }),
      { numRuns: 60 },
    );
  });

  it('a buy order above the price guard is refused with an alert naming toy, price and guard', async () => {
    const { id, key } = await account();
    const name = bed.freshName();
    await toy(name, '1.00', '100000.00');
    // 1 % of the lowest listing: every order price is above it.
    await setGuard(id, { daily_cap: null, max_price_percent: 1 });
    const tick = await DYNAMIC_ORDERS_LOOP.tick(
      await createTradingContextForTest(bed.app.runtime, id, 'dynamic-orders'),
    );
    expect(tick.summary).toContain('1 stopped by spend guards');
    expect(await orders(key)).toEqual([]);
    const [action] = await actions(id);
    expect(action).toMatchObject({ kind: 'spend-refused', dry_run: false, detail: { guard: 'max-price' } });
    const alert = await guardAlert(id);
    expect(alert?.details).toMatchObject({ guard: 'max-price', market_hash_name: name, call: 'set-order' });
    expect(alert?.message).toContain(name);
    expect(alert?.message).toContain(String(action!.detail.price));
  });

  it('the daily cap counts what other processes spent today, also in dry run ("would be refused")', async () => {
    const { id, key } = await account({ dryRun: true });
    const name = bed.freshName();
    await toy(name, '1.00', '100000.00');
    await setGuard(id, { daily_cap: '100', max_price_percent: null });
    // Spent elsewhere today (the console's proxy, another worker): 99.99 of 100.
    await recordDoneSpend(
      bed.app.db,
      {
        marketAccount: id,
        market: 'tm',
        call: 'buy',
        customId: `other-${id}`,
        source: 'proxy',
        subject: name,
        amount: '99.99',
        currency: 'RUB',
      },
      null,
    );
    await DYNAMIC_ORDERS_LOOP.tick(await createTradingContextForTest(bed.app.runtime, id, 'dynamic-orders'));
    expect(await orders(key)).toEqual([]);
    const [action] = await actions(id);
    expect(action).toMatchObject({ kind: 'would-be-refused', dry_run: true, detail: { guard: 'daily-cap' } });
    expect(await guardAlert(id)).toMatchObject({
      severity: 'info',
      details: { dry_run: true, guard: 'daily-cap' },
    });

    // Without the guard the same dry-run tick would place it (nothing refused).
    await setGuard(id, { daily_cap: null, max_price_percent: null });
    await DYNAMIC_ORDERS_LOOP.tick(await createTradingContextForTest(bed.app.runtime, id, 'dynamic-orders'));
    expect((await actions(id))[0]).toMatchObject({ kind: 'order-placed', dry_run: true });
  });

  it('a buy order whose outcome tm cannot confirm raises spend-unknown instead of failing the tick', async () => {
    const { id, key } = await account();
    const name = bed.freshName();
    await toy(name, '1.00', '100000.00');
    // Both attempts of set-order lose their connection and tm shows no order: the client cannot tell.
    await bed.sim.control('tm', 'POST', 'faults', {
      match: { path: '/api/v2/set-order?', key },
      kind: 'drop',
      count: 2,
    });
    const tick = await DYNAMIC_ORDERS_LOOP.tick(
      await createTradingContextForTest(bed.app.runtime, id, 'dynamic-orders'),
    );
    expect(tick.summary).toContain('1 refused');
    const [alert] = await bed.app.db.query<{ message: string; details: Record<string, unknown> }>(
      `SELECT message, details FROM bot_alert WHERE kind = 'spend-unknown' AND market_account = $1`,
      [id],
    );
    expect(alert?.details).toMatchObject({ subject: name });
    expect(alert?.message).toContain('outcome is unknown');
  });

  function jobContext(): JobContext<BotRuntime> {
    return new JobContext<BotRuntime>(
      bed.app.runtime,
      {
        id: randomUUID(),
        kind: SPEND_CHECK_KIND,
        attempt: 1,
        maxAttempts: 1,
        account: null,
        expireInSeconds: 60,
      },
      new AbortController().signal,
      bed.app.db,
    );
  }

  it('an unknown spending call is looked up by custom_id until settled, with an alert', async () => {
    const { id, key } = await account();
    const name = bed.freshName();
    // The purchase happened at tm, but its answer was lost (recorded as unknown by the proxy).
    await bed.sim.v2('tm', 'buy', { key, hash_name: name, price: 100_000_000, custom_id: 'lost-1' });
    const [row] = await bed.app.db.query<{ id: number }>(
      `INSERT INTO market_spend (market_account, market, call, custom_id, source, subject, amount, currency, state)
       VALUES ($1, 'tm', 'buy', 'lost-1', 'proxy', $2, 1000000, 'RUB', 'unknown') RETURNING id`,
      [id, name],
    );
    // And one that never happened, lost long enough ago to be taken as not done.
    const [old] = await bed.app.db.query<{ id: number }>(
      `INSERT INTO market_spend (market_account, market, call, custom_id, source, subject, amount, currency, state,
         created_at)
       VALUES ($1, 'tm', 'buy', 'lost-2', 'proxy', $2, 5, 'RUB', 'unknown', now() - interval '1 hour') RETURNING id`,
      [id, name],
    );
    // Checked by hand (the job's function) ...
    expect(await checkSpendOutcome(jobContext(), { spend: row!.id })).toBe('done');
    expect(await checkSpendOutcome(jobContext(), { spend: row!.id })).toBe('settled-before');
    // ... and by the queue: the dispatch claims the open one and a worker settles it.
    const queued = await queueSpendChecks(bed.app.runtime);
    expect(queued).toContain(old!.id);
    expect(queued).not.toContain(row!.id);
    // Claimed: a second dispatch within the minute queues it not again.
    expect(await queueSpendChecks(bed.app.runtime)).not.toContain(old!.id);
    for (let i = 0; i < 100; i++) {
      const [now] = await bed.app.db.query<{ state: string }>(
        'SELECT state FROM market_spend WHERE id = $1',
        [old!.id],
      );
      if (now?.state !== 'unknown') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const states = await bed.app.db.query<{ custom_id: string; state: string }>(
      `SELECT custom_id, state FROM market_spend WHERE market_account = $1 ORDER BY custom_id`,
      [id],
    );
    expect(states).toEqual([
      { custom_id: 'lost-1', state: 'done' },
      { custom_id: 'lost-2', state: 'not_done' },
    ]);
    const [alert] = await bed.app.db.query<{ details: Record<string, unknown> }>(
      `SELECT details FROM bot_alert WHERE kind = 'spend-settled' AND market_account = $1`,
      [id],
    );
    expect(alert?.details).toMatchObject({ call: 'buy', spend_state: expect.any(String) });
  });
});
