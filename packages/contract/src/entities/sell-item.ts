import { CURRENCIES, MARKET_CODES, SELL_ITEM_STATUSES } from '../enums.ts';
import { defineEntity, type EntityCreate, type EntityPatch, type EntityRecord } from '../entity.ts';
import { field } from '../fields.ts';

/** An inventory item listed for sale on a marketplace. */
export const sellItemEntity = defineEntity('sell_item', 'Sell item', {
  id: field.id(),
  market_account: field.fk('market_account'),
  market: field.marketCode(MARKET_CODES),
  steam_account: field.fk('steam_account', { nullable: true }),
  toy: field.fk('toy', { nullable: true }),
  market_hash_name: field.text({ max: 512, min: 1 }),
  classid_instanceid: field.classidInstanceid(),
  asset_id: field.text({ max: 64, nullable: true }),
  market_item_id: field.text({ max: 64, nullable: true }),
  price: field.money({ positive: true }),
  currency: field.enum(CURRENCIES, { default: 'RUB' }),
  position: field.int({
    min: 0,
    nullable: true,
    description: 'Place among the offers of the same item, 1 = cheapest',
  }),
  status: field.enum(SELL_ITEM_STATUSES, { default: 'on_sale' }),
  listed_at: field.datetime({ hasDefault: true }),
  sold_at: field.datetime({ nullable: true }),
  updated_at: field.createdAt(),
});

export type SellItem = EntityRecord<typeof sellItemEntity.fields>;
export type SellItemCreate = EntityCreate<typeof sellItemEntity.fields>;
export type SellItemPatch = EntityPatch<typeof sellItemEntity.fields>;
