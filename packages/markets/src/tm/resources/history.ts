import { z } from 'zod';

import type { TmRequester } from '../tm-requester.ts';
import { fromTmUnits, type TmCurrency } from '../tm-units.ts';
import { okEnvelope, optionalWireId, wireCurrency, wireMinor } from '../tm-wire.ts';

/** operation-history (marketplaces.md 1.4): buys, sells, transfers between two times. */

export interface TmHistoryEntry {
  id: string | null;
  /** buy, sell, transfer_in, transfer_out, … as tm names it. */
  event: string;
  /** '1' in progress, '2' done, '5' failed. */
  stage: string | null;
  currency: TmCurrency;
  itemId: string | null;
  marketHashName: string | null;
  classid: string | null;
  instanceid: string | null;
  /** Buys: what was paid; sells: the listing price; transfers: the amount. */
  paid: string | null;
  /** Sells: what was credited after tm's fee; transfers in: what arrived. */
  received: string | null;
  customId: string | null;
  partner: string | null;
  /** Unix seconds. */
  time: number;
}

const entrySchema = z.looseObject({
  id: optionalWireId,
  event: z.string(),
  stage: optionalWireId,
  currency: wireCurrency,
  item_id: optionalWireId,
  market_hash_name: z.string().nullish(),
  class: optionalWireId,
  instance: optionalWireId,
  paid: wireMinor.nullish(),
  received: wireMinor.nullish(),
  custom_id: optionalWireId,
  for: optionalWireId,
  time: z.coerce.number(),
});

const historySchema = okEnvelope.extend({ data: z.array(entrySchema).nullish() });

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export class TmHistoryResource {
  constructor(private readonly tm: TmRequester) {}

  /** operation-history?date=&date_end= (unix seconds, both ends included; `to` defaults to now at tm). */
  async operationHistory(from: Date, to?: Date): Promise<TmHistoryEntry[]> {
    const answer = await this.tm.call('operation-history', {
      query: { date: unixSeconds(from), ...(to ? { date_end: unixSeconds(to) } : {}) },
      schema: historySchema,
    });
    return (answer.data ?? []).map((entry) => ({
      id: entry.id,
      event: entry.event,
      stage: entry.stage,
      currency: entry.currency,
      itemId: entry.item_id,
      marketHashName: entry.market_hash_name ?? null,
      classid: entry.class,
      instanceid: entry.instance,
      paid: entry.paid === null || entry.paid === undefined ? null : fromTmUnits(entry.paid, entry.currency),
      received:
        entry.received === null || entry.received === undefined
          ? null
          : fromTmUnits(entry.received, entry.currency),
      customId: entry.custom_id,
      partner: entry.for,
      time: entry.time,
    }));
  }
}
