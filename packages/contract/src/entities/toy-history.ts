import { CURRENCIES, MARKET_CODES, RECORD_STATUSES, SIDES } from '../enums.ts';
import { defineEntity, type EntityCreate, type EntityPatch, type EntityRecord } from '../entity.ts';
import { field } from '../fields.ts';

export const toyHistoryEntity = defineEntity('toy_history', 'Toy history', {
  id: field.id(),
  toy: field.fk('toy', { nullable: true }),
  market_hash_name: field.text({ max: 512, min: 1 }),
  classid_instanceid: field.classidInstanceid(),
  side: field.enum(SIDES),
  price: field.money(),
  currency: field.enum(CURRENCIES, { default: 'RUB' }),
  market: field.marketCode(MARKET_CODES, { nullable: true }),
  market_account: field.fk('market_account', { nullable: true }),
  steam_account: field.fk('steam_account', { nullable: true }),
  date: field.datetime({ hasDefault: true }),
  record_status: field.enum(RECORD_STATUSES, { default: 'normal' }),
  market_item_id: field.text({ max: 64, nullable: true, description: 'The marketplace item or deal id' }),
  trade_id: field.text({ max: 64, nullable: true }),
  offer_id: field.text({ max: 64, nullable: true }),
  asset_id: field.text({ max: 64, nullable: true }),
  comment: field.text({ max: 2000, nullable: true }),
  created_at: field.createdAt(),
});

export type ToyHistory = EntityRecord<typeof toyHistoryEntity.fields>;
export type ToyHistoryCreate = EntityCreate<typeof toyHistoryEntity.fields>;
export type ToyHistoryPatch = EntityPatch<typeof toyHistoryEntity.fields>;
