import { z } from 'zod';

import { MARKET_CODES, RECORD_STATUSES, SCOPES } from '../enums.ts';
import { defineEntity, type EntityCreate, type EntityPatch, type EntityRecord } from '../entity.ts';
import { field } from '../fields.ts';

export const marketToyEntity = defineEntity('market_toy', 'Market toy', {
  id: field.id(),
  toy: field.fk('toy'),
  market: field.marketCode(MARKET_CODES),
  market_hash_name: field.computed(z.string()),
  price_buy: field.money({ nullable: true }),
  price_sell: field.money({ nullable: true }),
  min_price_buy: field.money({ nullable: true }),
  max_price_buy: field.money({ nullable: true }),
  enable_dynamic_order: field.bool({ default: false }),
  scope: field.enum(SCOPES, { default: 'shared' }),
  tags: field.intArray('tag'),
  record_status: field.enum(RECORD_STATUSES, { default: 'normal' }),
  ...field.timestamps(),
});

export type MarketToy = EntityRecord<typeof marketToyEntity.fields>;
export type MarketToyCreate = EntityCreate<typeof marketToyEntity.fields>;
export type MarketToyPatch = EntityPatch<typeof marketToyEntity.fields>;
