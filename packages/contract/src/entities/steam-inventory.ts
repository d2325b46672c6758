import { INVENTORY_ITEM_STATUSES } from '../enums.ts';
import { defineEntity, type EntityCreate, type EntityPatch, type EntityRecord } from '../entity.ts';
import { field } from '../fields.ts';

export const steamInventoryEntity = defineEntity('steam_inventory', 'Steam inventory item', {
  id: field.id(),
  steam_account: field.fk('steam_account'),
  asset_id: field.digits({ max: 64, min: 1 }),
  classid: field.digits({ max: 32, nullable: true }),
  instanceid: field.digits({ max: 32, nullable: true }),
  classid_instanceid: field.classidInstanceid(),
  market_hash_name: field.text({ max: 512, min: 1 }),
  toy: field.fk('toy', { nullable: true }),
  tradable: field.bool({ default: true }),
  marketable: field.bool({ default: true }),
  trade_hold_until: field.datetime({ nullable: true }),
  float_value: field.text({
    max: 24,
    nullable: true,
    pattern: /^0(\.\d{1,20})?$|^1(\.0+)?$/,
    patternMessage: 'Float от 0 до 1',
  }),
  icon_url: field.text({ max: 2048, nullable: true }),
  status: field.enum(INVENTORY_ITEM_STATUSES, { default: 'in_inventory' }),
  ...field.timestamps(),
});

export type SteamInventoryItem = EntityRecord<typeof steamInventoryEntity.fields>;
export type SteamInventoryItemCreate = EntityCreate<typeof steamInventoryEntity.fields>;
export type SteamInventoryItemPatch = EntityPatch<typeof steamInventoryEntity.fields>;
