import {
  botListItemsBodySchema,
  checkMaxPrice,
  decideListingPrice,
  isAddToSaleInventoryError,
  manualListingSupport,
  type BotListedItem,
  type BotListItemsResult,
  type ListingBand,
} from '@toydesk/contract';
import { TmBadKeyError, TmError, type Market, type TmClient } from '@toydesk/markets';
import { z } from 'zod';

import type { JobContext } from '../../../jobs/job-context.ts';
import { defineJobKind, PermanentJobError } from '../../../jobs/job-kind.ts';
import { LANES } from '../../../lanes.ts';
import type { BotRuntime } from '../../../bot-runtime.ts';
import {
  activeListingWait,
  insertListedSellItem,
  listListingCandidates,
  loadSpendGuard,
  type Queryable,
} from '@toydesk/db';
import { marketFor, tmClientFor } from '../../market-accounts.ts';
import { addToSaleOnce, waitAfterInventoryRefusal } from '../list-reprice/add-to-sale-once.ts';
import { syncSellItems } from '../list-reprice/sell-items-sync.ts';
import { loadSellToys } from '../list-reprice/sell-toys.ts';
import { loadTradingAccount } from '../trading-account.ts';
import type { TradingAccount } from '../trading-loop.ts';

export const LIST_ITEMS_KIND = 'trading.list-items';

const TM_FAMILY = new Set(['tm', 'tm_usd', 'cs7', 'cs7_proxy']);

const listItemsParams = botListItemsBodySchema.extend({
  account: z.number().int().positive(),
  /** The listing key of the request, or the job's own id when the console gave none. */
  listing_key: z.string().min(1).max(64),
});
export type ListItemsParams = z.infer<typeof listItemsParams>;

/** What the job knows of an asset before sending it: our inventory row, its toy's band, the guard's reference. */
interface Planned {
  assetId: string;
  name: string | null;
  askedPrice: string;
  currency: string;
  band: ListingBand | null;
  reference: string | null;
}

/** A planned item found in our inventory, with the price it is sent at. */
interface ToSend {
  item: Planned & { name: string };
  price: string;
  clamped: boolean;
}

/** The spec's inventory wait is running on the account: the attempt ends and the job comes back later. */
class ListingWaitError extends Error {
  constructor(until: Date) {
    super(`listing waits until ${until.toISOString()} (inventory refreshed after an add-to-sale refusal)`);
    this.name = 'ListingWaitError';
  }
}

/**
 * Lists the operator's chosen items (POST /api-node/trading/{id}/list-items/) on the account's market:
 *
 * 1. each asset must be an item of the account's Steam account (steam_inventory); its price is held in the
 *    toy's [price_buy, price_sell] band on the market (decideListingPrice: clamped to price_sell, refused
 *    below price_buy unless allow_below_buy) and against the account's price guard (checkMaxPrice, the
 *    market's imported price list as the reference; without one the guard cannot judge a sale and is
 *    skipped);
 * 2. a dry-run account stops there: the result says what would be listed;
 * 3. tm family: add-to-sale per item through `addToSaleOnce` (the list-reprice loop's code) keyed by the
 *    listing key and the asset, so neither a retried attempt nor a second job of the same key lists an asset
 *    twice. An inventory refusal (item_not_in_inventory, inventory_not_loaded, ...) gets the spec's
 *    reaction, update-inventory and the account's 30 s wait, and the attempt ends: the job is tried again
 *    after the wait (items listed so far are done markers) and, on its last attempt, reports the item
 *    refused with the market's code. Then sell_item follows the market (sell-items-sync.ts);
 * 4. other markets with a listing call: listForSale per item under the same `once` key (its check looks for
 *    the asset among the market's listings), then a sell_item row per listing.
 */
export async function listItems(
  ctx: JobContext<BotRuntime>,
  params: ListItemsParams,
): Promise<BotListItemsResult> {
  const runtime = ctx.deps;
  const loaded = await loadTradingAccount(runtime, params.account);
  if (!loaded) throw new PermanentJobError(`Market account ${params.account} does not exist`);
  const { account } = loaded;
  const unsupported = manualListingSupport(account.market);
  if (unsupported !== null) {
    throw new PermanentJobError(`Listing is not supported for market ${account.market} (${unsupported})`);
  }
  if (!loaded.hasApiKey) throw new PermanentJobError(`Market account ${account.id} has no API key`);

  const planned = await planItems(runtime.db, account, params);
  const results = new Map<string, BotListedItem>();
  const toSend: ToSend[] = [];
  const guard = await loadSpendGuard(runtime.db, account.id);
  for (const item of planned) {
    const base = {
      asset_id: item.assetId,
      market_hash_name: item.name,
      asked_price: item.askedPrice,
      currency: item.currency,
      item_id: null,
    };
    const refuse = (reason: string, price = item.askedPrice, clamped = false) =>
      results.set(item.assetId, { ...base, price, status: 'refused', reason, clamped });
    if (item.currency !== account.currency) {
      refuse('currency');
      continue;
    }
    if (item.name === null) {
      refuse('not-in-inventory');
      continue;
    }
    const decision = decideListingPrice(item.askedPrice, item.band, params.allow_below_buy ?? false);
    const clamped = decision.status === 'clamped';
    if (decision.status === 'refused') {
      refuse(decision.reason, decision.price);
      continue;
    }
    if (item.reference !== null && checkMaxPrice(guard, decision.price, item.reference) !== null) {
      refuse('max-price', decision.price, clamped);
      continue;
    }
    toSend.push({ item: { ...item, name: item.name }, price: decision.price, clamped });
  }

  if (account.dryRun) {
    for (const { item, price, clamped } of toSend) {
      await ctx.log(`dry run: would list ${item.assetId} (${item.name}) at ${price} ${account.currency}`);
      results.set(item.assetId, listed(item, price, clamped, null));
    }
    return summarize(account, true, params, results);
  }

  const stepKey = (assetId: string) => `manual-list:${account.id}:${params.listing_key}:${assetId}`;
  if (TM_FAMILY.has(account.market)) {
    await listOnTm(ctx, account, tmClientFor(runtime, account, ctx.signal), toSend, stepKey, results);
  } else {
    await listOnMarket(ctx, account, marketFor(runtime, account), toSend, stepKey, results);
  }
  const outcome = summarize(account, false, params, results);
  await ctx.log(`${outcome.listed} listed, ${outcome.refused} refused`);
  return outcome;
}

async function listOnTm(
  ctx: JobContext<BotRuntime>,
  account: TradingAccount,
  tm: TmClient,
  toSend: readonly ToSend[],
  stepKey: (assetId: string) => string,
  results: Map<string, BotListedItem>,
): Promise<void> {
  const db = ctx.deps.db;
  const lastAttempt = ctx.job.attempt >= ctx.job.maxAttempts;
  const wait = await activeListingWait(db, account.id);
  if (wait !== null && !lastAttempt) throw new ListingWaitError(wait.notBefore);
  for (const [index, { item, price, clamped }] of toSend.entries()) {
    try {
      const { itemId } = await addToSaleOnce(ctx, tm, stepKey(item.assetId), item.assetId, price);
      results.set(item.assetId, listed(item, price, clamped, itemId));
    } catch (error) {
      if (!(error instanceof TmError) || error instanceof TmBadKeyError) throw error;
      await ctx.log(`add-to-sale of ${item.assetId} refused: ${error.code}`, 'warn');
      if (isAddToSaleInventoryError(error.code)) {
        await tm.account.updateInventory();
        const until = await waitAfterInventoryRefusal(ctx, db, account.id, error.code, item.assetId);
        // The rest is tried again after the wait (this attempt's listings are done markers by then).
        if (!lastAttempt) throw new ListingWaitError(until);
        for (const rest of toSend.slice(index)) {
          results.set(rest.item.assetId, refused(rest.item, rest.price, rest.clamped, error.code));
        }
        break;
      }
      results.set(item.assetId, refused(item, price, clamped, error.code));
    }
  }
  // The sell items list shows the new listings at once (the list-reprice loop's sync, on every listing).
  const listings = await tm.selling.items();
  await syncSellItems(db, account, listings, await loadSellToys(db, account.market));
}

async function listOnMarket(
  ctx: JobContext<BotRuntime>,
  account: TradingAccount,
  market: Market,
  toSend: readonly ToSend[],
  stepKey: (assetId: string) => string,
  results: Map<string, BotListedItem>,
): Promise<void> {
  for (const { item, price, clamped } of toSend) {
    const outcome = await ctx.once<{ listing_id: string | null; error: string | null }>(
      stepKey(item.assetId),
      async () => {
        const found = (await market.getListings()).find((entry) => entry.asset_id === item.assetId);
        return found ? { listing_id: found.listing_id, error: null } : null;
      },
      async () => {
        const [answer] = await market.listForSale([{ asset_id: item.assetId, price }]);
        return { listing_id: answer?.listing_id ?? null, error: answer?.error ?? null };
      },
    );
    if (outcome.listing_id === null) {
      results.set(item.assetId, refused(item, price, clamped, outcome.error ?? 'not listed'));
      continue;
    }
    results.set(item.assetId, listed(item, price, clamped, outcome.listing_id));
    await insertListedSellItem(ctx.deps.db, account, {
      marketItemId: outcome.listing_id,
      assetId: item.assetId,
      marketHashName: item.name,
      price,
      currency: account.currency,
    });
  }
}

/** Each asked item with our inventory row's name, its toy's band on the market and the list price. */
async function planItems(
  db: Queryable,
  account: TradingAccount,
  params: ListItemsParams,
): Promise<Planned[]> {
  const rows = await listListingCandidates(
    db,
    account.steamAccount,
    params.items.map((item) => item.asset_id),
    account.market,
    account.currency,
  );
  const byAsset = new Map(rows.map((row) => [row.asset_id, row]));
  return params.items.map((item) => {
    const row = byAsset.get(item.asset_id);
    return {
      assetId: item.asset_id,
      name: row?.market_hash_name ?? null,
      askedPrice: item.price,
      currency: item.currency,
      band: row?.has_band ? { priceBuy: row.price_buy, priceSell: row.price_sell } : null,
      reference: row?.reference ?? null,
    };
  });
}

function listed(item: Planned, price: string, clamped: boolean, itemId: string | null): BotListedItem {
  return {
    asset_id: item.assetId,
    market_hash_name: item.name,
    asked_price: item.askedPrice,
    price,
    currency: item.currency,
    status: 'listed',
    item_id: itemId,
    reason: null,
    clamped,
  };
}

function refused(item: Planned, price: string, clamped: boolean, reason: string): BotListedItem {
  return { ...listed(item, price, clamped, null), status: 'refused', reason };
}

/** The result in the request's order (refusals are results: the job is done, each item says why). */
function summarize(
  account: TradingAccount,
  dryRun: boolean,
  params: ListItemsParams,
  results: Map<string, BotListedItem>,
): BotListItemsResult {
  const items = params.items.map((item) => results.get(item.asset_id)!);
  return {
    market_account: account.id,
    market: account.market,
    dry_run: dryRun,
    listed: items.filter((item) => item.status === 'listed').length,
    refused: items.filter((item) => item.status === 'refused').length,
    items,
  };
}

export const LIST_ITEMS_JOB_KINDS = [
  defineJobKind<ListItemsParams, BotRuntime>({
    kind: LIST_ITEMS_KIND,
    lane: LANES.market,
    params: listItemsParams,
    account: (params) => params.account,
    expireInSeconds: 600,
    // A retry after an inventory refusal comes after the spec's 30 s wait.
    retryLimit: 3,
    retryDelaySeconds: 31,
    run: listItems,
  }),
];
