import { CURRENCIES, MARKET_CODES, RECORD_STATUSES } from '../enums.ts';
import { defineEntity, type EntityCreate, type EntityPatch, type EntityRecord } from '../entity.ts';
import { field } from '../fields.ts';

/** One collected price point: a market's prices for one item on one day. */
export const historyStatEntity = defineEntity('history_stat', 'History stat', {
  id: field.id(),
  market: field.marketCode(MARKET_CODES),
  market_hash_name: field.text({ max: 512, min: 1 }),
  toy: field.fk('toy', { nullable: true }),
  date: field.date(),
  avg_price: field.money(),
  min_price: field.money(),
  max_price: field.money(),
  volume: field.int({ min: 0, default: 0 }),
  currency: field.enum(CURRENCIES, { default: 'RUB' }),
  point_status: field.enum(RECORD_STATUSES, { default: 'normal' }),
  created_at: field.createdAt(),
});

export type HistoryStat = EntityRecord<typeof historyStatEntity.fields>;
export type HistoryStatCreate = EntityCreate<typeof historyStatEntity.fields>;
export type HistoryStatPatch = EntityPatch<typeof historyStatEntity.fields>;
