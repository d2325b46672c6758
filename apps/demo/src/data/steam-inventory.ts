import type { InventoryItemStatus } from '@toydesk/contract';
import { bulkInsert } from '@toydesk/db';

import { DAY, HOUR, type DemoContext } from './demo-context.ts';
import { IdSequence } from './id-sequence.ts';
import { pickPopular } from './popular-toys.ts';
import type { Random } from './prng.ts';
import type { DemoSteamAccount } from './steam-accounts.ts';
import type { DemoToy } from './toys.ts';

/**
 * The bots' Steam inventories: a few thousand items, mostly popular ones, each with a float inside its
 * finish's and wear's range. Items bought in the last week are still on trade hold.
 */

export interface DemoInventoryItem {
  steamAccount: DemoSteamAccount;
  toy: DemoToy;
  assetId: string;
  tradable: boolean;
  marketable: boolean;
  tradeHoldUntil: number | null;
  floatValue: string | null;
  acquiredAt: number;
  /** When the bot last refreshed the item (or listed it). */
  updatedAt: number;
  status: InventoryItemStatus;
}

/** How many items an account holds, by its status. */
function sizeOf(account: DemoSteamAccount, rng: Random): number {
  switch (account.status) {
    case 'active':
      return rng.int(70, 170);
    case 'limited':
      return rng.int(20, 60);
    case 'new':
      return rng.int(0, 3);
    default:
      return rng.int(5, 30);
  }
}

/** A float in [min, max) as a 6-decimal string, drawn in whole millionths so it never leaves the range. */
export function floatIn(range: { min: number; max: number }, rng: Random): string {
  const lo = Math.round(range.min * 1_000_000);
  const hi = Math.max(lo, Math.round(range.max * 1_000_000) - 1);
  const millionths = rng.int(lo, hi);
  return millionths >= 1_000_000 ? '1.000000' : `0.${String(millionths).padStart(6, '0')}`;
}

/** Steam asset ids of the demo; sold items that left the inventories draw from the same sequence. */
export function createAssetIds(ctx: DemoContext): IdSequence {
  return new IdSequence(38_100_000_000, ctx.rng('asset-ids'), 400_000);
}

export function buildInventory(
  ctx: DemoContext,
  accounts: DemoSteamAccount[],
  popular: DemoToy[],
  allToys: DemoToy[],
  assetIds: IdSequence,
): DemoInventoryItem[] {
  const rng = ctx.rng('steam-inventory');
  const items: DemoInventoryItem[] = [];
  for (const account of accounts) {
    const size = sizeOf(account, rng);
    for (let i = 0; i < size; i += 1) {
      const toy = rng.chance(0.75) ? pickPopular(popular, rng, 1.4) : rng.pick(allToys);
      const onHold = rng.chance(0.12);
      // A trade hold lasts 7 days from the purchase.
      const acquiredAt = onHold
        ? ctx.now - rng.int(0, 6 * 24) * HOUR - rng.int(0, 59) * 60_000
        : ctx.now - rng.int(8, 300) * DAY - rng.int(0, 23) * HOUR;
      items.push({
        steamAccount: account,
        toy,
        assetId: assetIds.next(),
        tradable: !onHold && account.status !== 'locked' && account.status !== 'banned',
        marketable: !rng.chance(0.03),
        tradeHoldUntil: onHold ? acquiredAt + 7 * DAY : null,
        floatValue: toy.item.floatRange ? floatIn(toy.item.floatRange, rng) : null,
        acquiredAt,
        updatedAt: Math.max(acquiredAt, ctx.now - rng.int(0, 47) * HOUR),
        status: 'in_inventory',
      });
    }
  }
  return items;
}

export async function insertInventory(ctx: DemoContext, items: DemoInventoryItem[]): Promise<number> {
  const rows = items.map((it) => ({
    steam_account: it.steamAccount.id,
    asset_id: it.assetId,
    classid: it.toy.classid,
    instanceid: it.toy.instance,
    classid_instanceid: it.toy.classidInstanceid,
    market_hash_name: it.toy.item.marketHashName,
    toy: it.toy.id,
    tradable: it.tradable,
    marketable: it.marketable,
    trade_hold_until: it.tradeHoldUntil === null ? null : new Date(it.tradeHoldUntil).toISOString(),
    float_value: it.floatValue,
    icon_url: null,
    status: it.status,
    created_at: new Date(it.acquiredAt).toISOString(),
    updated_at: new Date(it.updatedAt).toISOString(),
  }));
  await bulkInsert(
    ctx.tx,
    'steam_inventory',
    {
      steam_account: 'integer',
      asset_id: 'text',
      classid: 'text',
      instanceid: 'text',
      classid_instanceid: 'text',
      market_hash_name: 'text',
      toy: 'integer',
      tradable: 'boolean',
      marketable: 'boolean',
      trade_hold_until: 'timestamptz',
      float_value: 'text',
      icon_url: 'text',
      status: 'text',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    rows,
  );
  return rows.length;
}
