import { z } from 'zod';

import { MARKET_CODES, SCOPES } from '../enums.ts';
import { defineEntity, type EntityCreate, type EntityPatch, type EntityRecord } from '../entity.ts';
import { field } from '../fields.ts';
import { PAINT_PHASES } from '../paint-phases.ts';

/**
 * How the dynamic buy-order loop treats one toy on one market: shared for every account of the market,
 * or private to one market account (which then wins over the shared row); per Doppler phase when `phase` is
 * set (each phase is its own buy order at its own prices).
 */
export const toyDynamicSettingEntity = defineEntity('toy_dynamic_setting', 'Toy dynamic setting', {
  id: field.id(),
  toy: field.fk('toy'),
  market: field.marketCode(MARKET_CODES),
  market_account: field.fk('market_account', { nullable: true }),
  market_hash_name: field.computed(z.string()),
  scope: field.enum(SCOPES, { default: 'shared' }),
  phase: field.enum(PAINT_PHASES, {
    nullable: true,
    description: 'Doppler phase of the buy order (null: the name without a phase); one row per phase',
  }),
  min_price_buy: field.money({ nullable: true }),
  max_price_buy: field.money({ nullable: true }),
  enable_dynamic_order: field.bool({ default: false }),
  step: field.money({ default: '0.01', description: 'How much to outbid the best order by' }),
  max_orders: field.int({
    min: 0,
    max: 1000,
    default: 1,
    description: 'At most this many items bought per order',
  }),
  ...field.timestamps(),
});

export type ToyDynamicSetting = EntityRecord<typeof toyDynamicSettingEntity.fields>;
export type ToyDynamicSettingCreate = EntityCreate<typeof toyDynamicSettingEntity.fields>;
export type ToyDynamicSettingPatch = EntityPatch<typeof toyDynamicSettingEntity.fields>;
