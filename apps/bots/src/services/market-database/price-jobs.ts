import { BOT_SERVICE_MARKETS, MARKET_CODES, type MarketCode } from '@toydesk/contract';
import { createTmFamilyClient, TmMarket, type Market, type MarketPrice } from '@toydesk/markets';
import { listMarketsWithActiveKey, storeImportedPrices } from '@toydesk/db';
import { mapInSlices } from '@toydesk/http';
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

/**
 * Keyed markets whose whole price list is one request (lis_skins' search, BitSkins' in-sell list, CSFloat's
 * price list, Skinport's items, Waxpeer's prices): the schedule imports them too when an active account has a
 * key. One request per market per schedule run (every 30 minutes by default) is far under every limit known
 * (docs/marketplaces.md: Skinport about 8 requests per 5 minutes, the strictest). DMarket and Steam are left
 * out: their prices are read per item name (DMarket's market items 10 rps, Steam's price overview far less),
 * so a full list is thousands of requests; the trading loops read the names they trade.
 */
export const KEYED_PRICE_LIST_MARKETS: MarketCode[] = [
  'lis_skins',
  'bitskins',
  'csfloat',
  'skinport',
  'waxpeer',
];

/** The markets one schedule run imports: the public lists, and the keyed lists an active account can read. */
export async function scheduledPriceMarkets(
  runtime: Pick<BotRuntime, 'db' | 'markets'>,
): Promise<MarketCode[]> {
  const configured = (market: MarketCode) => Boolean(runtime.markets.endpoints[market].baseUrl);
  const keyed = new Set(
    await listMarketsWithActiveKey(runtime.db, KEYED_PRICE_LIST_MARKETS.filter(configured)),
  );
  return [
    ...PUBLIC_PRICE_MARKETS.filter(configured),
    ...KEYED_PRICE_LIST_MARKETS.filter((m) => keyed.has(m)),
  ];
}

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
  const prices = await onePricePerName(await fetchPrices(ctx, market));
  await ctx.log(`${prices.length} price(s) read from ${market}`);
  const rows = await mapInSlices(prices, (p) => ({
    market_hash_name: p.market_hash_name,
    price: p.price,
    buy_order: p.buy_order,
    currency: p.currency,
    volume: p.volume,
    classid_instanceid: p.classid_instanceid ?? null,
  }));
  const removed = await storeImportedPrices(ctx.deps.db, market, rows, ctx.job.id);
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
      const markets = await scheduledPriceMarkets(ctx.deps);
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
