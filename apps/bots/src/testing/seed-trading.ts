import { randomUUID } from 'node:crypto';

import { MARKET_CODES, type MarketCode } from '@toydesk/contract';

import { reserveRowId, sealedPlace } from '@toydesk/db';

import type { BotRuntime } from '../bot-runtime.ts';

/**
 * The rows a trading test starts from: the markets, a toy on tm, a Steam account and a market account on
 * it with the loops the test runs switched on. Each test keeps what it seeds beyond these.
 */

type SeedRuntime = Pick<BotRuntime, 'db' | 'vault'>;

/** The market rows the server seeds at its start: a bots-only test database needs them too. */
export async function seedMarkets(db: BotRuntime['db']): Promise<void> {
  await db.query(
    `INSERT INTO market (code, name) SELECT c, c FROM unnest($1::text[]) AS c ON CONFLICT (code) DO NOTHING`,
    [[...MARKET_CODES]],
  );
}

/**
 * A toy named `name` and its tm row with `columns` (a band, prices, loop switches), after seedMarkets.
 * Returns the toy's id.
 */
export async function seedTmToy(
  db: BotRuntime['db'],
  name: string,
  columns: Record<string, number | boolean>,
): Promise<number> {
  const [toy] = await db.query<{ id: number }>(
    'INSERT INTO toy (market_hash_name) VALUES ($1) RETURNING id',
    [name],
  );
  const names = Object.keys(columns);
  // The column names are the test's own constants, never input.
  await db.query(
    `INSERT INTO market_toy (toy, market, ${names.join(', ')})
     VALUES ($1, 'tm', ${names.map((_, i) => `$${i + 2}`).join(', ')})`,
    [toy!.id, ...Object.values(columns)],
  );
  return toy!.id;
}

/** A Steam account with a login and its password sealed for its row (the id taken first, like the bots). */
async function insertWithPassword(
  db: BotRuntime['db'],
  vault: BotRuntime['vault'],
  name: string,
  password: string,
): Promise<{ id: number }[]> {
  const id = await reserveRowId(db, 'steam_account');
  return db.query<{ id: number }>(
    'INSERT INTO steam_account (id, steam_account_name, login, password) VALUES ($1, $2, $2, $3) RETURNING id',
    [id, name, vault.seal(password, sealedPlace('steam_account', 'password', id))],
  );
}

/**
 * A Steam account named `name`; with `password` it has a login (its name) and that password, sealed.
 * Returns its id.
 */
export async function seedSteamAccount(
  runtime: SeedRuntime,
  name: string,
  password?: string,
): Promise<number> {
  const { db, vault } = runtime;
  const [row] =
    password === undefined
      ? await db.query<{ id: number }>(
          'INSERT INTO steam_account (steam_account_name) VALUES ($1) RETURNING id',
          [name],
        )
      : await insertWithPassword(db, vault, name, password);
  return row!.id;
}

/** The loop switches of a market account. */
export type LoopFlag = 'dynamic_orders' | 'auto_sell' | 'keep_online' | 'auto_deliver';

export interface MarketAccountSeed {
  /** The marketplace's API key, sealed by the vault. */
  key: string;
  /** 'tm' unless said. */
  market?: MarketCode;
  /** 'RUB' unless said. */
  currency?: string;
  /**
   * The Steam account: the id of one already stored, or the name of a new one (seedSteamAccount, with
   * `password`). Unless said, a new one named after the loops with a random tail.
   */
  steamAccount?: number | string;
  password?: string;
  /** The loops switched on (true) or off; the others keep the column's default (off). */
  loops?: Partial<Record<LoopFlag, boolean>>;
  /** false unless said: the loops call the marketplace. */
  dryRun?: boolean | undefined;
}

/** A market account as `seed` says, after seedMarkets. Returns its id. */
export async function seedMarketAccount(runtime: SeedRuntime, seed: MarketAccountSeed): Promise<number> {
  const loops = Object.entries(seed.loops ?? {});
  const steamAccount =
    typeof seed.steamAccount === 'number'
      ? seed.steamAccount
      : await seedSteamAccount(
          runtime,
          seed.steamAccount ??
            `${loops.map(([flag]) => flag).join('-') || 'account'}-${randomUUID().slice(0, 8)}`,
          seed.password,
        );
  // The loop columns are LoopFlag's names, never input: they are safe to place in the statement.
  const id = await reserveRowId(runtime.db, 'market_account');
  const [row] = await runtime.db.query<{ id: number }>(
    `INSERT INTO market_account (id, market, steam_account, api_key, currency, dry_run${loops.map(([flag]) => `, ${flag}`).join('')})
     VALUES ($6, $1, $2, $3, $4, $5${loops.map((_, i) => `, $${i + 7}`).join('')}) RETURNING id`,
    [
      seed.market ?? 'tm',
      steamAccount,
      runtime.vault.seal(seed.key, sealedPlace('market_account', 'api_key', id)),
      seed.currency ?? 'RUB',
      seed.dryRun ?? false,
      id,
      ...loops.map(([, on]) => on),
    ],
  );
  return row!.id;
}
