import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startBotTestApp, type BotTestApp } from '../../../testing/bot-test-app.ts';
import { startMarketSim, type MarketSim } from '../../../testing/market-sim.ts';
import { tmClientFor } from '../../market-accounts.ts';
import { DELIVER_LOOP } from '../deliver/deliver-loop.ts';
import { createTradingContextForTest } from '../trading-context.ts';
import { ownUserId, syncTmTransfers } from './tm-transfers.ts';

interface Ours {
  id: number;
  key: string;
}

describe('our own tm user id among the ends of the transfers', () => {
  const t = (from: string, to: string) => ({ from, to });
  it('is the end operation-history does not name as the other party', () => {
    expect(ownUserId([t('1', '2')], new Set(['2']))).toBe('1');
    expect(ownUserId([t('3', '1')], new Set(['3']))).toBe('1');
  });
  it('without names: the one end of every transfer, when there is only one', () => {
    expect(ownUserId([t('1', '2'), t('3', '1')], new Set())).toBe('1');
    expect(ownUserId([t('1', '2'), t('2', '1')], new Set())).toBeNull();
    expect(ownUserId([], new Set())).toBeNull();
  });
});

/**
 * tm money transfers into the ledger: transfers made on the tm simulator over HTTP (money-send), read back
 * by the deliver loop's transfer sync from operation-history and money-send-history.
 */
describe('tm money transfers in the ledger', () => {
  let market: MarketSim;
  let t: BotTestApp;
  let counter = 0;

  beforeAll(async () => {
    market = await startMarketSim();
    t = await startBotTestApp({ env: market.env });
  });
  afterAll(async () => {
    await t?.close();
    await market?.close();
  });

  /** A tm account on the simulator with a payment password, and (unless outside) our market account for it. */
  async function tmAccount(currency: 'RUB' | 'USD' = 'RUB'): Promise<Ours> {
    counter += 1;
    const key = await market.account('tm', { currency, money: 100_000 });
    await market.control('tm', 'POST', `accounts/${key}/settings`, { payPassword: 'pay-pass' });
    const [steamRow] = await t.db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name, login) VALUES ($1, $1) RETURNING id`,
      [`transfers${process.pid}x${counter}`],
    );
    const [row] = await t.db.query<{ id: number }>(
      `INSERT INTO market_account (market, steam_account, api_key, currency, balance, auto_deliver, dry_run)
       VALUES ('tm', $1, $2, $3, 5000, true, false) RETURNING id`,
      [steamRow!.id, t.runtime.vault.encrypt(key), currency],
    );
    return { id: row!.id, key };
  }

  /** An account at the simulated tm that is not one of ours. */
  async function outsider(currency: 'RUB' | 'USD' = 'RUB'): Promise<string> {
    const key = await market.account('tm', { currency, money: 100_000 });
    await market.control('tm', 'POST', `accounts/${key}/settings`, { payPassword: 'pay-pass' });
    return key;
  }

  /** money-send straight on the simulator (minor units), as the operator's console or another tool does. */
  async function send(fromKey: string, toKey: string, minor: number) {
    const answer = await market.v2<{ success: boolean }>('tm', `money-send/${minor}/${toKey}`, {
      key: fromKey,
      pay_pass: 'pay-pass',
    });
    expect(answer.success).toBe(true);
  }

  async function sync(account: Ours) {
    const ctx = await createTradingContextForTest(t.runtime, account.id, 'deliver');
    return syncTmTransfers(ctx, tmClientFor(t.runtime, ctx.account), { minIntervalSeconds: 0 });
  }

  const transactionsOf = (id: number) =>
    t.db.query<{
      kind: string;
      amount: string;
      currency: string;
      from_market_account: number | null;
      to_market_account: number | null;
    }>(
      `SELECT kind, amount::text, currency, from_market_account, to_market_account FROM "transaction"
       WHERE from_market_account = $1 OR to_market_account = $1 ORDER BY id`,
      [id],
    );
  const balance = async (id: number) =>
    (
      await t.db.query<{ balance: string }>('SELECT balance::text FROM market_account WHERE id = $1', [id])
    )[0]!.balance;

  it('a transfer between two of our accounts is one transaction, each balance moved once', async () => {
    const a = await tmAccount();
    const b = await tmAccount();
    await send(a.key, b.key, 150_000);

    // Repeated ticks, in both orders, and both accounts at once (two workers).
    expect((await sync(a))?.recorded).toBe(1);
    expect((await sync(b))?.recorded).toBe(1);
    await Promise.all([sync(a), sync(b), sync(a), sync(b)]);

    const rows = await transactionsOf(a.id);
    expect(rows).toEqual([
      {
        kind: 'transfer_between_accounts',
        amount: '1500.00',
        currency: 'RUB',
        from_market_account: a.id,
        to_market_account: b.id,
      },
    ]);
    expect(await transactionsOf(b.id)).toEqual(rows);
    expect(await balance(a.id)).toBe('3500.00');
    expect(await balance(b.id)).toBe('6500.00');
    const entries = await t.db.query(
      `SELECT external_id FROM bot_ledger_entry WHERE market = 'tm' AND kind = 'money'
       AND market_account IN ($1, $2) ORDER BY external_id`,
      [a.id, b.id],
    );
    expect(entries).toHaveLength(2);
  });

  it('once both user ids are known, the sender books both sides in one go', async () => {
    const a = await tmAccount();
    const b = await tmAccount();
    // A first transfer each way teaches both accounts their user ids.
    await send(a.key, b.key, 100_000);
    await Promise.all([sync(a), sync(b)]);
    await send(b.key, a.key, 120_000);
    // Only b's sync runs: a's side is booked with it, and a's own sync later adds nothing.
    expect((await sync(b))?.recorded).toBe(1);
    expect(await balance(a.id)).toBe(String((5000 - 1000 + 1200).toFixed(2)));
    expect((await sync(a))?.recorded).toBe(0);
    expect(await balance(a.id)).toBe('5200.00');
    expect(await balance(b.id)).toBe('4800.00');
    const rows = await transactionsOf(a.id);
    expect(rows.map((row) => [row.kind, row.amount, row.from_market_account, row.to_market_account])).toEqual(
      [
        ['transfer_between_accounts', '1000.00', a.id, b.id],
        ['transfer_between_accounts', '1200.00', b.id, a.id],
      ],
    );
  });

  it('money received from and sent to outside accounts: input and output in the right currency', async () => {
    const usd = await tmAccount('USD');
    const from = await outsider('RUB');
    const to = await outsider('USD');
    await send(from, usd.key, 200_000); // 2,000 RUB, converted to USD by tm
    await send(usd.key, to, 12_345); // 12.345 USD

    const ctx = await createTradingContextForTest(t.runtime, usd.id, 'deliver');
    // Through the deliver loop as the runner calls it (nothing to deliver; the transfers are booked).
    const tick = await DELIVER_LOOP.tick(ctx);
    expect(tick.summary).toContain('2 money transfers booked');
    await DELIVER_LOOP.tick(ctx);

    const history = await market.control<{ moneySends: { amount_to: number; currency_to: string }[] }>(
      'tm',
      'GET',
      `accounts/${usd.key}`,
    );
    const arrivedMils = history.moneySends.find(
      (send) => send.currency_to === 'USD' && send.amount_to !== 12_345,
    )!.amount_to;
    const rows = (await transactionsOf(usd.id)).sort((x, y) => x.kind.localeCompare(y.kind));
    expect(rows).toEqual([
      {
        kind: 'input',
        amount: (Math.round(arrivedMils / 10) / 100).toFixed(2),
        currency: 'USD',
        from_market_account: null,
        to_market_account: usd.id,
      },
      {
        kind: 'output',
        amount: '12.35',
        currency: 'USD',
        from_market_account: usd.id,
        to_market_account: null,
      },
    ]);
    const expected = (5000 * 1000 + arrivedMils - 12_345) / 1000;
    expect(Number(await balance(usd.id))).toBeCloseTo(expected, 1);
  });

  it('reads the history at most once a minute per account', async () => {
    const a = await tmAccount();
    const ctx = await createTradingContextForTest(t.runtime, a.id, 'deliver');
    expect(await syncTmTransfers(ctx, tmClientFor(t.runtime, ctx.account))).not.toBeNull();
    expect(await syncTmTransfers(ctx, tmClientFor(t.runtime, ctx.account))).toBeNull();
  });
});
