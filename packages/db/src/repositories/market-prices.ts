import type { BotMarketDatabaseStats, BotMarketPriceRow, MarketCode } from '@toydesk/contract';

import type { Database, Queryable } from '../database.ts';

/**
 * The market database repository (tables bot_market_price, bot_price_import and bot_order_distribution,
 * migrations 010 and 018): each market's public price list as the bots last read it (one row per name), when
 * it was read and who may read it again, and which market account places the buy order of which name.
 * Every process shares them: one fetch of a list serves every loop.
 */

/** One name of an imported price list (prices exact decimals in major units of `currency`). */
export interface ImportedPrice {
  market_hash_name: string;
  price: string | null;
  buy_order: string | null;
  currency: string;
  volume: number | null;
  classid_instanceid: string | null;
}

/** Upserts in slices so that one statement's JSON parameter stays a few megabytes. */
const SLICE = 5000;

/**
 * Replaces the market's price list with an import (the prices.import job): every name upserted with one
 * time stamp, then the names the list no longer has removed, and the import noted, in one transaction.
 * Returns how many names were removed.
 */
export async function storeImportedPrices(
  db: Database,
  market: MarketCode,
  rows: readonly ImportedPrice[],
  jobId: string,
): Promise<number> {
  const started = await db.query<{ now: string }>('SELECT clock_timestamp() AS now');
  const stamp = started[0]!.now;
  return db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += SLICE) {
      await tx.query(
        `INSERT INTO bot_market_price (market, market_hash_name, price, buy_order, currency, volume, classid_instanceid, updated_at)
         SELECT $1, x.market_hash_name, x.price, x.buy_order, x.currency, x.volume, x.classid_instanceid, $3::timestamptz
         FROM jsonb_to_recordset($2::jsonb) AS x(market_hash_name text, price numeric, buy_order numeric,
           currency text, volume integer, classid_instanceid text)
         ON CONFLICT (market, market_hash_name) DO UPDATE SET price = excluded.price, buy_order = excluded.buy_order,
           currency = excluded.currency, volume = excluded.volume,
           classid_instanceid = excluded.classid_instanceid, updated_at = excluded.updated_at`,
        [market, JSON.stringify(rows.slice(i, i + SLICE)), stamp],
      );
    }
    const gone = await tx.query(
      'DELETE FROM bot_market_price WHERE market = $1 AND updated_at < $2::timestamptz RETURNING 1',
      [market, stamp],
    );
    await tx.query(
      `INSERT INTO bot_price_import (market, last_import_at, job_id, items, removed) VALUES ($1, $2, $3::uuid, $4, $5)
       ON CONFLICT (market) DO UPDATE SET last_import_at = excluded.last_import_at, job_id = excluded.job_id,
         items = excluded.items, removed = excluded.removed`,
      [market, stamp, jobId, rows.length, gone.length],
    );
    return gone.length;
  });
}

/** How old the market's list is, in ms by the database's clock; null when it was never read. */
export async function loadPriceListAgeMs(db: Queryable, market: MarketCode): Promise<number | null> {
  const [row] = await db.query<{ age_ms: number | null }>(
    `SELECT CASE WHEN isfinite(last_import_at)
              THEN (extract(epoch FROM clock_timestamp() - last_import_at) * 1000)::float8 END AS age_ms
     FROM bot_price_import WHERE market = $1`,
    [market],
  );
  return row?.age_ms === null || row?.age_ms === undefined ? null : Number(row.age_ms);
}

/**
 * Takes the refresh of the market's list for `claimSeconds`; false when the list is younger than `maxAgeMs`
 * or another process holds an unexpired claim.
 */
export async function claimPriceListRefresh(
  db: Queryable,
  market: MarketCode,
  maxAgeMs: number,
  claimSeconds: number,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO bot_price_import (market, last_import_at, refresh_claimed_until)
     VALUES ($1, '-infinity', clock_timestamp() + make_interval(secs => $3))
     ON CONFLICT (market) DO UPDATE SET refresh_claimed_until = excluded.refresh_claimed_until
     WHERE (bot_price_import.refresh_claimed_until IS NULL
            OR bot_price_import.refresh_claimed_until < clock_timestamp())
       AND bot_price_import.last_import_at < clock_timestamp() - make_interval(secs => $2::float8 / 1000)
     RETURNING 1`,
    [market, maxAgeMs, claimSeconds],
  );
  return rows.length > 0;
}

/** One name of a fetched public list: the cheapest offer and the best buy order. */
export interface ListedPrice {
  market_hash_name: string;
  price: string | null;
  buy_order: string | null;
  volume: number;
}

/**
 * Replaces the market's list with a refresh the caller claimed (claimPriceListRefresh), in one transaction:
 * every name upserted at one time stamp, the names gone removed, the import noted and the claim let go.
 */
export async function storeRefreshedPriceList(
  db: Database,
  market: MarketCode,
  rows: readonly ListedPrice[],
  currency: string,
  jobId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [now] = await tx.query<{ now: string }>('SELECT clock_timestamp()::text AS now');
    await tx.query(
      `INSERT INTO bot_market_price (market, market_hash_name, price, buy_order, currency, volume, updated_at)
       SELECT $1, x.market_hash_name, x.price, x.buy_order, $3, x.volume, $4::timestamptz
       FROM jsonb_to_recordset($2::jsonb) AS x(market_hash_name text, price numeric, buy_order numeric, volume integer)
       ON CONFLICT (market, market_hash_name) DO UPDATE SET price = excluded.price,
         buy_order = excluded.buy_order, currency = excluded.currency, volume = excluded.volume,
         updated_at = excluded.updated_at`,
      [market, JSON.stringify(rows), currency, now!.now],
    );
    const gone = await tx.query(
      'DELETE FROM bot_market_price WHERE market = $1 AND updated_at < $2::timestamptz RETURNING 1',
      [market, now!.now],
    );
    await tx.query(
      `UPDATE bot_price_import SET last_import_at = $2::timestamptz, job_id = $3::uuid, items = $4,
         removed = $5, refresh_claimed_until = NULL
       WHERE market = $1`,
      [market, now!.now, jobId, rows.length, gone.length],
    );
  });
}

/** The lowest offer and best buy order of each of `names` the market's list has. */
export function loadListPrices(
  db: Queryable,
  market: MarketCode,
  names: readonly string[],
): Promise<{ name: string; price: string | null; buy_order: string | null }[]> {
  return db.query<{ name: string; price: string | null; buy_order: string | null }>(
    `SELECT market_hash_name AS name, price::text AS price, buy_order::text AS buy_order
     FROM bot_market_price WHERE market = $1 AND market_hash_name = ANY($2::text[])`,
    [market, [...new Set(names)]],
  );
}

/** The list's rows of `names` as the market database answers them, by name. */
export function listMarketPrices(
  db: Queryable,
  market: MarketCode,
  names: readonly string[],
): Promise<BotMarketPriceRow[]> {
  return db.query<BotMarketPriceRow>(
    `SELECT market, market_hash_name, price::text AS price, buy_order::text AS buy_order, currency, volume, updated_at
     FROM bot_market_price WHERE market = $1 AND market_hash_name = ANY($2::text[]) ORDER BY market_hash_name`,
    [market, names],
  );
}

/** What the market's list holds, when it was last imported, and how its buy orders are distributed. */
export async function loadMarketDatabaseStats(
  db: Queryable,
  priceMarket: MarketCode,
  /** The service market the distribution is kept under (tm-mhn has its own). */
  distributionMarket: string,
): Promise<Omit<BotMarketDatabaseStats, 'market'>> {
  const [stats] = await db.query<{ items: number; with_buy_order: number }>(
    `SELECT count(*)::int AS items, count(buy_order)::int AS with_buy_order FROM bot_market_price WHERE market = $1`,
    [priceMarket],
  );
  const [imported] = await db.query<{ last_import_at: string; job_id: string | null }>(
    'SELECT last_import_at, job_id::text AS job_id FROM bot_price_import WHERE market = $1',
    [priceMarket],
  );
  const distribution = await db.query<{ market_account: number; items: number }>(
    `SELECT market_account, count(*)::int AS items FROM bot_order_distribution WHERE market = $1
     GROUP BY market_account ORDER BY market_account`,
    [distributionMarket],
  );
  return {
    items: stats?.items ?? 0,
    with_buy_order: stats?.with_buy_order ?? 0,
    last_import_at: imported?.last_import_at ?? null,
    last_import_job: imported?.job_id ?? null,
    distribution,
  };
}

/** Forgets which account orders which name on the market; returns how many names were assigned. */
export async function resetOrderDistribution(db: Queryable, market: string): Promise<number> {
  const removed = await db.query('DELETE FROM bot_order_distribution WHERE market = $1 RETURNING 1', [
    market,
  ]);
  return removed.length;
}
