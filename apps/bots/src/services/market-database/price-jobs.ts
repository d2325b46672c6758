import { BOT_SERVICE_MARKETS, MARKET_CODES, type MarketCode } from '@toydesk/contract';
import { createTmFamilyClient, TmMarket, type Market, type MarketPrice } from '@toydesk/markets';
import { z } from 'zod';

import { defineJobKind, PermanentJobError } from '../../jobs/job-kind.ts';
import type { JobContext } from '../../jobs/job-context.ts';
import { LANES } from '../../lanes.ts';
import type { BotRuntime } from '../../bot-runtime.ts';
import { loadMarketAccounts, marketFor, SERVICE_MARKET_CODES } from '../market-accounts.ts';
import { pauseForRejectedKey } from '../market-keys/key-pause.ts';
import { rejectedKeyReason } from '../market-keys/rejected-key.ts';
import { onePricePerName } from './one-price-per-name.ts';

/** The markets whose public price lists are imported on the schedule (no key needed). */
export const PUBLIC_PRICE_MARKETS: MarketCode[] = ['tm', 'tm_usd', 'cs7', 'cs7_proxy'];

/** Upserts in slices so that one statement's JSON parameter stays a few megabytes. */
const SLICE = 5000;

async function fetchPrices(ctx: JobContext<BotRuntime>, market: MarketCode): Promise<MarketPrice[]> {
  const runtime = ctx.deps;
  const endpoint = runtime.markets.endpoints[market];
  if (!endpoint.baseUrl) throw new PermanentJobError(`${market} has no configured base URL`);
  if (PUBLIC_PRICE_MARKETS.includes(market)) {
    const client = createTmFamilyClient(endpoint, {
      apiKey: null,
      http: runtime.markets.http,
      // The public files need no key; the client still says so (spec section 6), into this job's log.
      logger: { warn: (message) => void ctx.log(message, 'warn') },
    });
    return new TmMarket(client).getPrices();
  }
  // Any account's key reads the list: one rejected key (paused, alerted) hands over to the next account.
  const accounts = await loadMarketAccounts(runtime, [market]);
  if (accounts.length === 0)
    throw new PermanentJobError(`No active ${market} account with a key to read its prices`);
  let lastRejection: unknown = null;
  for (const account of accounts) {
    try {
      return await marketFor(runtime, account).getPrices();
    } catch (error) {
      const rejected = rejectedKeyReason(error);
      if (!rejected) throw error;
      await pauseForRejectedKey(runtime, account.id, rejected, `prices.import ${market}`);
      await ctx.log(`account ${account.id}: ${rejected}; trying the next account`, 'warn');
      lastRejection = error;
    }
  }
  throw lastRejection;
}

export async function importPrices(ctx: JobContext<BotRuntime>, market: MarketCode) {
  const prices = onePricePerName(await fetchPrices(ctx, market));
  await ctx.log(`${prices.length} price(s) read from ${market}`);
  const db = ctx.deps.db;
  const started = await db.query<{ now: string }>('SELECT clock_timestamp() AS now');
  const stamp = started[0]!.now;
  const rows = prices.map((p) => ({
    market_hash_name: p.market_hash_name,
    price: p.price,
    buy_order: p.buy_order,
    currency: p.currency,
    volume: p.volume,
    classid_instanceid: p.classid_instanceid ?? null,
  }));
  const removed = await db.transaction(async (tx) => {
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
      [market, stamp, ctx.job.id, rows.length, gone.length],
    );
    return gone.length;
  });
  await ctx.log(`${rows.length} price(s) stored, ${removed} gone from the list removed`);
  return { market, items: rows.length, removed };
}

const importParams = z.object({ market: z.enum(MARKET_CODES) });
const itemsParams = z.object({ market: z.enum(BOT_SERVICE_MARKETS), account: z.number().int().positive() });

export const PRICE_JOB_KINDS = [
  defineJobKind<z.infer<typeof importParams>, BotRuntime>({
    kind: 'prices.import',
    lane: LANES.market,
    params: importParams,
    expireInSeconds: 600,
    retryLimit: 2,
    retryDelaySeconds: 30,
    retryBackoff: true,
    run: (ctx, params) => importPrices(ctx, params.market),
  }),
  defineJobKind<Record<string, never>, BotRuntime>({
    kind: 'prices.import-all',
    lane: LANES.priceImportAll,
    params: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
    expireInSeconds: 120,
    retryLimit: 1,
    async run(ctx) {
      const markets = PUBLIC_PRICE_MARKETS.filter((m) => ctx.deps.markets.endpoints[m].baseUrl);
      for (const market of markets) {
        await ctx.deps.queue.enqueue(
          'prices.import',
          { market },
          { singletonKey: `prices:${market}`, singletonSeconds: 300 },
        );
      }
      await ctx.log(`imports queued: ${markets.join(', ') || 'none (no configured market)'}`);
      return { markets };
    },
  }),
  defineJobKind<z.infer<typeof itemsParams>, BotRuntime>({
    kind: 'market.account-items',
    lane: LANES.market,
    params: itemsParams,
    account: (p) => p.account,
    expireInSeconds: 120,
    retryLimit: 2,
    async run(ctx, params) {
      const [account] = await loadMarketAccounts(ctx.deps, SERVICE_MARKET_CODES[params.market], [
        params.account,
      ]);
      if (!account)
        throw new PermanentJobError(`Market account ${params.account} has no key on ${params.market}`);
      let listings: Awaited<ReturnType<Market['getListings']>>;
      try {
        listings = await marketFor(ctx.deps, account).getListings();
      } catch (error) {
        const rejected = rejectedKeyReason(error);
        if (!rejected) throw error;
        // Retrying cannot help; the account's loops are paused and the alert raised.
        await pauseForRejectedKey(ctx.deps, account.id, rejected, 'market.account-items');
        throw new PermanentJobError(rejected, { key_rejected: true });
      }
      await ctx.log(`${listings.length} item(s)`);
      return { market: params.market, market_account: account.id, items: listings };
    },
  }),
];
