import { MARKET_CODES } from '@toydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Database, migrate } from '@toydesk/db';
import { openTestDatabase } from '@toydesk/db/testing';
import { recordMoneyMovement, recordPurchase, recordSale } from './ledger.ts';

describe('ledger', () => {
  let db: Database;
  let account: number;
  let other: number;

  beforeAll(async () => {
    db = await openTestDatabase({ poolSize: 8, prefix: 'toydesk_bots_test' });
    await migrate(db);
    await db.query(`INSERT INTO market (code, name) SELECT c, c FROM unnest($1::text[]) AS c`, [
      [...MARKET_CODES],
    ]);
    const [steam] = await db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name) VALUES ('ledger-bot') RETURNING id`,
    );
    const add = async (market: string) => {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO market_account (market, steam_account, balance) VALUES ($1, $2, 100) RETURNING id`,
        [market, steam!.id],
      );
      return row!.id;
    };
    account = await add('tm');
    other = await add('dmarket');
    await db.query(`INSERT INTO toy (market_hash_name) VALUES ('AK-47 | Redline (Field-Tested)')`);
  });
  afterAll(async () => {
    await db?.close();
  });

  const balance = async (id: number) =>
    (await db.query<{ balance: string }>('SELECT balance FROM market_account WHERE id = $1', [id]))[0]!
      .balance;

  it('records a sale once: history, transaction, balance and audit, however often it is called', async () => {
    const sale = {
      market: 'tm' as const,
      externalId: '5001',
      marketAccount: account,
      marketHashName: 'AK-47 | Redline (Field-Tested)',
      price: '250.00',
      amount: '237.50',
      currency: 'RUB' as const,
      offerId: '777',
      assetId: '123',
    };
    // Concurrent calls (a retried tick racing the first) and a later one all end in one recording.
    const results = await Promise.all([recordSale(db, sale), recordSale(db, sale)]);
    const again = await recordSale(db, sale);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(again.created).toBe(false);
    const first = results.find((r) => r.created)!;
    expect(again.historyId).toBe(first.historyId);
    expect(again.transactionId).toBe(first.transactionId);

    const history = await db.query(`SELECT * FROM toy_history WHERE market_item_id = '5001'`);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      side: 'sell',
      price: '250.00',
      market: 'tm',
      market_account: account,
      offer_id: '777',
      asset_id: '123',
    });
    expect(history[0]!.toy).not.toBeNull();
    const transactions = await db.query(`SELECT * FROM "transaction" WHERE to_market_account = $1`, [
      account,
    ]);
    expect(transactions).toHaveLength(1);
    expect(transactions[0]).toMatchObject({
      kind: 'input',
      payment_method: 'market',
      amount: '237.50',
      to_market: 'tm',
      created_by: 'bot-service',
    });
    expect(await balance(account)).toBe('337.50');
    const audit = await db.query<{ entity: string }>(
      `SELECT entity FROM audit_entry WHERE operator = 'bot-service' ORDER BY id`,
    );
    expect(audit.map((a) => a.entity)).toEqual(['toy_history', 'transaction', 'market_account']);
  });

  it('keeps an operator-entered history row for the same deal and still records the money once', async () => {
    await db.query(
      `INSERT INTO toy_history (market_hash_name, side, price, market, market_item_id) VALUES ('X', 'buy', 10, 'tm', 'p-1')`,
    );
    const purchase = {
      market: 'tm' as const,
      externalId: 'p-1',
      marketAccount: account,
      marketHashName: 'X',
      price: '10.00',
      currency: 'RUB' as const,
    };
    const result = await recordPurchase(db, purchase);
    await recordPurchase(db, purchase);
    expect(await db.query(`SELECT 1 FROM toy_history WHERE market_item_id = 'p-1'`)).toHaveLength(1);
    const [tx] = await db.query(`SELECT * FROM "transaction" WHERE id = $1`, [result.transactionId]);
    expect(tx).toMatchObject({ kind: 'output', from_market_account: account, amount: '10.00' });
    expect(await balance(account)).toBe('327.50');
  });

  it('records a money movement between accounts once and moves both balances', async () => {
    const move = {
      market: 'tm' as const,
      externalId: 'send-9',
      kind: 'transfer_between_markets' as const,
      amount: '27.50',
      currency: 'RUB' as const,
      fromMarketAccount: account,
      toMarketAccount: other,
      fromMarket: 'tm' as const,
      toMarket: 'dmarket' as const,
    };
    const first = await recordMoneyMovement(db, move);
    const second = await recordMoneyMovement(db, move);
    expect(first.created).toBe(true);
    expect(second).toEqual({ ...first, created: false });
    expect(await balance(account)).toBe('300.00');
    expect(await balance(other)).toBe('127.50');
    await expect(recordMoneyMovement(db, { ...move, externalId: 'bad', amount: '1e3' })).rejects.toThrow(
      'not a money amount',
    );
  });
});
