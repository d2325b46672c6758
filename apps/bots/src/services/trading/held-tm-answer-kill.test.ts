import { testDbKind } from '@toydesk/db/testing';
import { describe, expect, it } from 'vitest';

import { eventually } from '../../testing/eventually.ts';
import {
  holdTmAnswer,
  killHard,
  startTradingKillStage,
  tmCalls,
  useCleanups,
  type TradingKillStage,
} from '../../testing/kill-test-stage.ts';
import { seedMarketAccount, seedTmToy, type LoopFlag } from '../../testing/seed-trading.ts';
import type { BotRuntime } from '../../bot-runtime.ts';

/** What tm holds for the account after the held call: the order (by name) or listing (by item id) it made. */
interface Made {
  id: string;
  price: number;
}

/** A loop whose tick makes one tm call that tm carries out and then does not answer. */
interface HeldCallCase {
  loop: string;
  loopFlag: LoopFlag;
  /** The toy's tm row: what makes the loop act on it. */
  toy: Record<string, number | boolean>;
  /** The tm account, holding `name` if the loop sells it. */
  account(stage: TradingKillStage, name: string): Promise<string>;
  /** The call tm carries out and holds the answer of. */
  held: string;
  /** What tm holds that the held call made. */
  made(stage: TradingKillStage, key: string): Promise<Made[]>;
  /** The call by which the next worker's tick shows it ran (it counts up past the killed worker's). */
  revivedCall: string;
  /** The loop's table of what it made, by market account. */
  table: 'bot_dynamic_order' | 'sell_item';
  /** What tm holds at the end, given what the killed worker made of the toy `name`. */
  checkMade(after: Made[], before: Made, name: string): void;
  /** The loop's rows at the end (`SELECT *` of its table for the account). */
  checkRows(rows: Record<string, unknown>[], made: Made, name: string): void;
}

const CASES: HeldCallCase[] = [
  {
    // tm placed the order, its answer is pending: the next worker's tick finds the order in get-orders.
    loop: 'dynamic-orders',
    loopFlag: 'dynamic_orders',
    toy: { min_price_buy: 1, max_price_buy: 5, enable_dynamic_order: true },
    account: ({ market }) => market.account('tm', { money: 1_000_000 }),
    held: 'set-order',
    made: async ({ market }, key) => {
      const { orders } = await market.v2<{ orders: { hash_name: string; price: number }[] | null }>(
        'tm',
        'get-orders',
        { key, page: 0 },
      );
      return (orders ?? []).map((order) => ({ id: order.hash_name, price: order.price }));
    },
    revivedCall: 'get-orders',
    table: 'bot_dynamic_order',
    checkMade: (after, before, name) => expect(after).toEqual([{ id: name, price: before.price }]),
    checkRows: (rows, _made, name) =>
      expect(rows).toEqual([expect.objectContaining({ market_hash_name: name })]),
  },
  {
    // tm listed the item (undercutting: floor 1), its answer is pending: the next worker's tick does not
    // list it a second time, reprices it and records it in sell_item once.
    loop: 'list-reprice',
    loopFlag: 'auto_sell',
    toy: { price_sell: 100000, price_buy: 1 },
    account: async ({ market }, name) => (await market.tmSeller([name])).key,
    held: 'add-to-sale',
    made: async ({ market }, key) => {
      const { items } = await market.v2<{ items: { item_id: string; price: number }[] | null }>(
        'tm',
        'items',
        {
          key,
        },
      );
      return (items ?? []).map((item) => ({ id: item.item_id, price: item.price }));
    },
    revivedCall: 'MassSetPriceById',
    table: 'sell_item',
    checkMade: (after, before) => {
      expect(after).toHaveLength(1);
      expect(after[0]!.id).toBe(before.id);
      expect(after[0]!.price).toBeLessThan(100_000);
    },
    checkRows: (rows, made) =>
      expect(rows).toEqual([expect.objectContaining({ market_item_id: made.id, status: 'on_sale' })]),
  },
];

/** The loop's rows for the account, once its tick wrote them (PGlite: the worker holds the database). */
async function loopRows(db: BotRuntime['db'], table: HeldCallCase['table'], accountId: number) {
  // The table is one of the cases' constants, never input.
  return db.query<Record<string, unknown>>(`SELECT * FROM ${table} WHERE market_account = $1`, [accountId]);
}

/**
 * A loop run by the real trading runner in a worker process, killed with SIGKILL while tm holds the answer
 * of a call it carried out: the next worker's tick reads tm again and makes nothing a second time.
 */
describe.each(CASES)('a worker killed with SIGKILL while tm holds the $held answer of a $loop tick', (c) => {
  const cleanups = useCleanups();

  it('the next worker makes nothing twice', async () => {
    const stage = await startTradingKillStage(cleanups, `${c.loop}-kill`);
    const { market, api } = stage;
    const [name] = market.names(1);
    const key = await c.account(stage, name!);
    const { db } = api.runtime;
    await seedTmToy(db, name!, c.toy);
    const id = await seedMarketAccount(api.runtime, {
      key,
      steamAccount: `${c.loop}-killed`,
      loops: { [c.loopFlag]: true },
    });
    // tm carries the call out, then holds the answer far longer than the test runs.
    await holdTmAnswer(market, key, `/api/v2/${c.held}`, 'after');
    expect(await stage.dispatch()).toMatchObject({ started: expect.any(Number) });
    const calls = tmCalls(market, key);

    const first = await stage.startWorker();
    const made = await eventually(
      () => c.made(stage, key),
      (list) => list.length > 0,
      45_000,
    );
    expect(made).toHaveLength(1);
    await killHard(first);

    // What the killed worker called: the new worker's tick must call again on its own.
    const calledBefore = await calls(c.revivedCall);
    // Past the dead tick's lease a new worker revives the chain at its start.
    const second = await stage.revive();
    const called = await eventually(
      () => calls(c.revivedCall),
      (count) => count > calledBefore,
      60_000,
    );
    expect(called).toBeGreaterThan(calledBefore);
    // Let the tick write its rows before stopping the worker.
    const written = async () => testDbKind() === 'pglite' || (await loopRows(db, c.table, id)).length > 0;
    await eventually(written, (done) => done, 30_000);
    second.child.kill('SIGTERM');
    expect(await second.exited, second.output.join('\n')).toBe(0);

    expect(await calls(c.held)).toBe(1);
    c.checkMade(await c.made(stage, key), made[0]!, name!);

    const reopened = await stage.reopen();
    try {
      c.checkRows(await loopRows(reopened.runtime.db, c.table, id), made[0]!, name!);
    } finally {
      await reopened.close();
    }
  }, 180_000);
});
