import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../database.ts';
import { migrate } from '../migrate.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { createVault } from '../vault/vault.ts';
import {
  loadMarketAccount,
  loadMarketAccountAddedAt,
  loadMarketAccountLabel,
  loadMarketAccountMarket,
  MARKET_ACCOUNT_KEY_DIGESTS_SQL,
  listMarketAccountLoopStates,
  loadMarketAccountsWithKey,
  listMarketAccountKeysAndBalances,
  markMarketAccountOnline,
  marketAccountExists,
  moveMarketAccountBalance,
  switchMarketAccountLoopOff,
} from './market-account.ts';

const vault = createVault(randomBytes(32));
let db: Database;
const ids: Record<'withProxy' | 'noKey' | 'disabled', number> = { withProxy: 0, noKey: 0, disabled: 0 };

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  await db.query(`INSERT INTO market (code, name) VALUES ('tm', 'Market.CSGO'), ('dmarket', 'DMarket')`);
  const [proxy] = await db.query<{ id: number }>(
    `INSERT INTO proxy (protocol, host, port, username, password) VALUES ('socks5', '10.0.0.7', 1080, 'u', $1)
     RETURNING id`,
    [vault.encrypt('proxy-pass')],
  );
  // One account per market and Steam account (a unique key): each gets its own Steam account.
  const insert = async (market: string, apiKey: string | null, status: string, proxyId: number | null) => {
    const [steam] = await db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name) VALUES ('repo_bot_' || $1) RETURNING id`,
      [String(apiKey)],
    );
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO market_account (market, steam_account, api_key, pay_password, status, proxy, auto_sell)
       VALUES ($1, $2, $3, $4, $5, $6, true) RETURNING id`,
      [market, steam!.id, apiKey && vault.encrypt(apiKey), vault.encrypt('pay-1'), status, proxyId],
    );
    return row!.id;
  };
  ids.withProxy = await insert('tm', 'key-1', 'active', proxy!.id);
  ids.noKey = await insert('tm', null, 'active', null);
  ids.disabled = await insert('tm', 'key-3', 'disabled', null);
  await insert('dmarket', 'key-4', 'active', null);
});
afterAll(async () => {
  await db?.close();
});

describe('the market account repository', () => {
  it('loads one account with its label, switches, proxy and decrypted secrets', async () => {
    const account = await loadMarketAccount(db, vault, ids.withProxy, { useProxy: true, payPassword: true });
    expect(account).toMatchObject({
      id: ids.withProxy,
      market: 'tm',
      currency: 'RUB',
      status: 'active',
      label: 'Market.CSGO repo_bot_key-1',
      apiKey: 'key-1',
      payPassword: 'pay-1',
      proxy: { protocol: 'socks5', host: '10.0.0.7', port: 1080, username: 'u', password: 'proxy-pass' },
      switches: { keep_online: false, auto_deliver: false, auto_sell: true, dynamic_orders: false },
      dryRun: true,
      keyPause: null,
    });
    // Demo mode calls directly; the payment password is decrypted only when asked for.
    const direct = await loadMarketAccount(db, vault, ids.withProxy, { useProxy: false });
    expect(direct?.proxy).toBeNull();
    expect(direct).not.toHaveProperty('payPassword');
    expect((await loadMarketAccount(db, vault, ids.noKey, { useProxy: true }))?.apiKey).toBeNull();
    expect(await loadMarketAccount(db, vault, 999_999, { useProxy: true })).toBeNull();
  });

  it('lists the active accounts with a key, or exactly the asked ids whatever their status', async () => {
    const active = await loadMarketAccountsWithKey(db, vault, ['tm'], undefined, { useProxy: true });
    expect(active.map((a) => [a.id, a.apiKey])).toEqual([[ids.withProxy, 'key-1']]);
    const asked = await loadMarketAccountsWithKey(db, vault, ['tm'], [ids.disabled, ids.noKey], {
      useProxy: true,
    });
    expect(asked.map((a) => [a.id, a.apiKey])).toEqual([[ids.disabled, 'key-3']]);
  });

  it('lists the key and balance of every account of the markets that has one, whatever its status', async () => {
    expect(await listMarketAccountKeysAndBalances(db, vault, ['tm'])).toEqual([
      { market: 'tm', currency: 'RUB', balance: '0.00', apiKey: 'key-1' },
      { market: 'tm', currency: 'RUB', balance: '0.00', apiKey: 'key-3' },
    ]);
  });

  it('answers existence and market without decrypting', async () => {
    expect(await marketAccountExists(db, ids.noKey)).toBe(true);
    expect(await marketAccountExists(db, ids.noKey, ['dmarket'])).toBe(false);
    expect(await marketAccountExists(db, 999_999)).toBe(false);
    expect(await loadMarketAccountMarket(db, ids.disabled)).toEqual({ market: 'tm', currency: 'RUB' });
    expect(await loadMarketAccountMarket(db, 999_999)).toBeNull();
  });

  it('reads the label, the time added and the key digests without decrypting', async () => {
    expect(await loadMarketAccountLabel(db, ids.disabled)).toMatchObject({
      market: 'tm',
      label: 'Market.CSGO repo_bot_key-3',
    });
    expect(await loadMarketAccountLabel(db, 999_999)).toBeNull();
    expect(Number.isNaN(Date.parse((await loadMarketAccountAddedAt(db, ids.noKey)) ?? ''))).toBe(false);
    expect(await loadMarketAccountAddedAt(db, 999_999)).toBeNull();
    const digests = await db.query<{ id: number; status: string; key_digest: string | null }>(
      `SELECT id, status, key_digest FROM ${MARKET_ACCOUNT_KEY_DIGESTS_SQL} a WHERE id = ANY($1::int[]) ORDER BY id`,
      [[ids.noKey, ids.disabled]],
    );
    expect(digests.map((d) => [d.id, d.status, d.key_digest?.length ?? null])).toEqual([
      [ids.noKey, 'active', null],
      [ids.disabled, 'disabled', 32],
    ]);
  });

  it('switches a loop off once with an audit entry, notes online, moves the balance', async () => {
    await switchMarketAccountLoopOff(db, 'bot', ids.withProxy, 'auto_sell', 'banned');
    await switchMarketAccountLoopOff(db, 'bot', ids.withProxy, 'auto_sell', 'banned');
    const [state] = await listMarketAccountLoopStates(db, ids.withProxy);
    expect(state).toMatchObject({ id: ids.withProxy, status: 'active', auto_sell: false, dry_run: true });
    expect((await listMarketAccountLoopStates(db)).map((a) => a.id)).toHaveLength(4);
    const audits = await db.query<{ after: Record<string, unknown> }>(
      `SELECT after FROM audit_entry WHERE entity = 'market_account' AND entity_id = $1`,
      [ids.withProxy],
    );
    expect(audits.map((a) => a.after)).toEqual([{ id: ids.withProxy, auto_sell: false, reason: 'banned' }]);

    await markMarketAccountOnline(db, ids.noKey, true);
    await markMarketAccountOnline(db, ids.noKey, false);
    const [online] = await db.query<{ online: boolean; stamped: boolean }>(
      'SELECT online, last_online_at IS NOT NULL AS stamped FROM market_account WHERE id = $1',
      [ids.noKey],
    );
    expect(online).toEqual({ online: false, stamped: true });

    await db.transaction((tx) => moveMarketAccountBalance(tx, 'bot', ids.noKey, '-12.5'));
    const [balance] = await db.query<{ balance: string }>(
      'SELECT balance FROM market_account WHERE id = $1',
      [ids.noKey],
    );
    expect(balance?.balance).toBe('-12.50');
  });
});
