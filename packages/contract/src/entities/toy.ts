import { RECORD_STATUSES, TOY_LABELS } from '../enums.ts';
import { defineEntity, type EntityCreate, type EntityPatch, type EntityRecord } from '../entity.ts';
import { field } from '../fields.ts';

export const toyEntity = defineEntity('toy', 'Toy', {
  id: field.id(),
  market_hash_name: field.text({ max: 512, min: 1 }),
  classid: field.digits({ max: 32, nullable: true }),
  instance: field.digits({ max: 32, nullable: true }),
  classid_instanceid: field.classidInstanceid(),
  icon_url: field.text({ max: 2048, nullable: true }),
  icon_url_large: field.text({ max: 2048, nullable: true }),
  ru_name: field.text({ max: 512, nullable: true }),
  label: field.enum(TOY_LABELS, { default: 'normal', description: 'Rarity/type label' }),
  rarity: field.text({ max: 64, nullable: true, description: 'The game rarity, e.g. Covert' }),
  weapon: field.text({ max: 64, nullable: true }),
  group: field.fk('toy_group', { nullable: true }),
  tags: field.intArray('tag'),
  ignore_price: field.bool({ default: false }),
  record_status: field.enum(RECORD_STATUSES, { default: 'normal' }),
  ...field.timestamps(),
});

export type Toy = EntityRecord<typeof toyEntity.fields>;
export type ToyCreate = EntityCreate<typeof toyEntity.fields>;
export type ToyPatch = EntityPatch<typeof toyEntity.fields>;
