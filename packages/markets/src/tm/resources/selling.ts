import { z } from 'zod';

import { ADD_TO_SALE_RETRY_WAIT_MS, isAddToSaleInventoryError } from '@toydesk/contract';

import { inBatches } from '../batches.ts';
import { TmBadKeyError, TmError, describeFailure } from '../tm-errors.ts';
import type { TmRequester } from '../tm-requester.ts';
import { fromTmMajor, fromTmMajorOrNull, fromTmUnits, toTmUnits, type TmCurrency } from '../tm-units.ts';
import {
  okEnvelope,
  optionalWireId,
  wireCurrency,
  wireFlag,
  wireId,
  wireMajor,
  wireMinor,
} from '../tm-wire.ts';
import type { TmAccountResource } from './account.ts';

/** Selling (marketplaces.md 1.2 and 1.5): inventory, listing, repricing, delisting and `items`. */

export interface TmInventoryItem {
  /** The Steam assetid (what add-to-sale takes as `id`). */
  assetId: string;
  classid: string | null;
  instanceid: string | null;
  marketHashName: string;
  /** tm's reference price in this client's currency. */
  marketPrice: string | null;
  tradable: boolean;
}

/** items[].status: 1 on sale; 2 sold, hand it over; 3 bought, waiting for the seller; 4 bought, ready. */
export type TmItemStatus = '1' | '2' | '3' | '4';

export interface TmItem {
  itemId: string;
  assetId: string | null;
  classid: string | null;
  instanceid: string | null;
  marketHashName: string;
  price: string;
  currency: TmCurrency;
  status: TmItemStatus | string;
  /** real_instance: the instance id the item really has (instanceid may be tm's grouping one). */
  realInstance: string | null;
  position: number | null;
  /** Seconds until the current deadline (transfer, acceptance), when there is one. */
  left: number | null;
  liveTime: number | null;
  botId: string | null;
  /**
   * settlement: when Steam's trade protection ends for a delivered item (unix seconds), after which tm
   * settles it; null when tm sends 0 or nothing (no delivery under protection yet).
   */
  settlementAt: number | null;
}

export interface TmAddToSaleParams {
  assetId: string;
  /** Major units of `currency`. */
  price: string;
  /** The `cur` sent: the list price currency (spec 5/9). Default: the client's currency (RUB unless set). */
  currency?: TmCurrency;
}

export interface TmListItemResult {
  assetId: string;
  itemId: string | null;
  /** tm's error string (or the transport's message) when the item was not listed. */
  error: string | null;
  /** Whether the item needed the inventory refresh and a second try. */
  retried: boolean;
}

export interface TmSetPriceResult {
  itemId: string;
  ok: boolean;
  /** The price tm confirmed ("0.00" when taken off sale). */
  price: string | null;
  error: string | null;
}

/** MassSetPriceById takes at most this many items per call (bots send batches of 100). */
export const TM_MASS_SET_PRICE_BATCH = 100;

const inventorySchema = okEnvelope.extend({
  items: z
    .array(
      z.looseObject({
        id: wireId,
        classid: optionalWireId,
        instanceid: optionalWireId,
        market_hash_name: z.string(),
        market_price: wireMajor.nullish(),
        tradable: wireFlag.optional(),
      }),
    )
    .nullish(),
});

const addToSaleSchema = okEnvelope.extend({ item_id: wireId });

const itemsSchema = okEnvelope.extend({
  items: z
    .array(
      z.looseObject({
        item_id: wireId,
        assetid: optionalWireId,
        classid: optionalWireId,
        instanceid: optionalWireId,
        real_instance: optionalWireId,
        market_hash_name: z.string(),
        price: wireMajor,
        currency: wireCurrency.optional(),
        status: z.union([z.string(), z.number()]).transform(String),
        position: z.number().nullish(),
        left: z.number().nullish(),
        live_time: z.number().nullish(),
        botid: optionalWireId,
        settlement: z.number().nullish(),
      }),
    )
    .nullish(),
});

const removeAllSchema = okEnvelope.extend({ count: z.number().int().nullish() });

const massSetPriceSchema = okEnvelope.extend({
  items: z
    .array(
      z.looseObject({
        item_id: wireId,
        success: z.boolean().optional(),
        price: wireMinor.nullish(),
        error: z.string().nullish(),
      }),
    )
    .nullish(),
});

export class TmSellingResource {
  constructor(
    private readonly tm: TmRequester,
    private readonly account: TmAccountResource,
  ) {}

  /** my-inventory: Steam items tm sees and that are not listed (`id` is the assetid). */
  async myInventory(): Promise<TmInventoryItem[]> {
    const answer = await this.tm.call('my-inventory', { schema: inventorySchema });
    return (answer.items ?? []).map((item) => ({
      assetId: item.id,
      classid: item.classid,
      instanceid: item.instanceid,
      marketHashName: item.market_hash_name,
      marketPrice: fromTmMajorOrNull(item.market_price, this.tm.currency),
      tradable: item.tradable ?? true,
    }));
  }

  /**
   * add-to-sale?id=&price=&cur=: one try. The price is rounded up to tm's unit, so an item is never listed
   * below the typed price; `cur` is always sent, so a switched account currency refuses the listing
   * instead of listing at a price read in the wrong unit.
   */
  async addToSale(params: TmAddToSaleParams): Promise<{ itemId: string }> {
    const currency = params.currency ?? this.tm.currency;
    const answer = await this.tm.call('add-to-sale', {
      query: { id: params.assetId, price: toTmUnits(params.price, currency, 'up'), cur: currency },
      schema: addToSaleSchema,
    });
    return { itemId: answer.item_id };
  }

  /**
   * Lists items with the spec's reaction (sections 4 and 8): add-to-sale each; the ones refused with
   * item_not_in_inventory, item_not_recieved, no_description_found, inventory_not_loaded or
   * item_is_not_tradable get one update-inventory, a 30 s wait on the client's clock, and one more try.
   * Other refusals and failures are reported per item; a bad key stops everything.
   */
  async listItems(items: readonly TmAddToSaleParams[]): Promise<TmListItemResult[]> {
    const results: TmListItemResult[] = [];
    const again: number[] = [];
    for (const item of items) {
      const outcome = await this.tryList(item, false);
      if (outcome.error !== null && isAddToSaleInventoryError(outcome.error)) again.push(results.length);
      results.push(outcome);
    }
    if (again.length === 0) return results;
    await this.account.updateInventory();
    await this.tm.clock.sleep(ADD_TO_SALE_RETRY_WAIT_MS);
    for (const index of again) {
      const item = items[index];
      if (item !== undefined) results[index] = await this.tryList(item, true);
    }
    return results;
  }

  /** One item through listItems. */
  async listItem(item: TmAddToSaleParams): Promise<TmListItemResult> {
    const [result] = await this.listItems([item]);
    if (result === undefined) throw new Error('tm: listItems returned no result');
    return result;
  }

  /** set-price?item_id=&price=&cur=: a price of "0" takes the item off sale; `bad_item` for an unknown id. */
  async setPrice(params: { itemId: string; price: string; currency?: TmCurrency }): Promise<void> {
    const currency = params.currency ?? this.tm.currency;
    await this.tm.call('set-price', {
      query: { item_id: params.itemId, price: toTmUnits(params.price, currency, 'up'), cur: currency },
      schema: okEnvelope,
    });
  }

  /** remove-all-from-sale: how many listings were taken off. */
  async removeAllFromSale(): Promise<{ count: number }> {
    const answer = await this.tm.call('remove-all-from-sale', { schema: removeAllSchema });
    return { count: answer.count ?? 0 };
  }

  /** items: our listings (status 1, 2) and purchases (3, 4); tm's `null` is an empty list. */
  async items(): Promise<TmItem[]> {
    const answer = await this.tm.call('items', { schema: itemsSchema });
    return (answer.items ?? []).map((item) => {
      const currency = item.currency ?? this.tm.currency;
      return {
        itemId: item.item_id,
        assetId: item.assetid,
        classid: item.classid,
        instanceid: item.instanceid,
        marketHashName: item.market_hash_name,
        price: fromTmMajor(item.price, currency),
        currency,
        status: item.status,
        realInstance: item.real_instance,
        position: item.position ?? null,
        left: item.left ?? null,
        liveTime: item.live_time ?? null,
        botId: item.botid,
        settlementAt: item.settlement ? item.settlement : null,
      };
    });
  }

  /**
   * MassSetPriceById (legacy POST, form `list[<item_id>]=<minor units>`), in batches of 100 (a few in
   * flight, paced by the rate limiter). A price of
   * "0" (or null) takes the item off sale. Per-item results in the order given; a batch that fails as a
   * whole marks its items with the failure and the next batches still run (a bad key stops everything).
   */
  async massSetPriceById(
    items: readonly { itemId: string; price: string | null }[],
  ): Promise<TmSetPriceResult[]> {
    return inBatches(items, TM_MASS_SET_PRICE_BATCH, (batch) => this.massSetPriceBatch(batch));
  }

  private async massSetPriceBatch(batch: readonly { itemId: string; price: string | null }[]) {
    const currency = this.tm.currency;
    const form: [string, number][] = batch.map((item) => [
      `list[${item.itemId}]`,
      item.price === null ? 0 : toTmUnits(item.price, currency, 'up'),
    ]);
    let answer;
    try {
      answer = await this.tm.call('MassSetPriceById', {
        form,
        schema: massSetPriceSchema,
      });
    } catch (error) {
      if (error instanceof TmBadKeyError) throw error;
      const message = error instanceof TmError ? error.code : describeFailure(error);
      return batch.map((item) => ({ itemId: item.itemId, ok: false, price: null, error: message }));
    }
    const byId = new Map((answer.items ?? []).map((entry) => [entry.item_id, entry]));
    return batch.map((item): TmSetPriceResult => {
      const entry = byId.get(item.itemId);
      if (entry === undefined) return { itemId: item.itemId, ok: false, price: null, error: 'not_in_answer' };
      const ok = entry.success !== false && !entry.error;
      return {
        itemId: item.itemId,
        ok,
        price:
          ok && entry.price !== null && entry.price !== undefined ? fromTmUnits(entry.price, currency) : null,
        error: ok ? null : (entry.error ?? 'failed'),
      };
    });
  }

  private async tryList(item: TmAddToSaleParams, retried: boolean): Promise<TmListItemResult> {
    try {
      const { itemId } = await this.addToSale(item);
      return { assetId: item.assetId, itemId, error: null, retried };
    } catch (error) {
      if (error instanceof TmBadKeyError) throw error;
      const message = error instanceof TmError ? error.code : describeFailure(error);
      return { assetId: item.assetId, itemId: null, error: message, retried };
    }
  }
}
