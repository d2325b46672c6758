import { MARKET_CODES } from '../enums.ts';
import { defineEntity, type EntityCreate, type EntityPatch, type EntityRecord } from '../entity.ts';
import { field } from '../fields.ts';

export const marketEntity = defineEntity('market', 'Market', {
  id: field.id(),
  name: field.text({ max: 100, min: 1 }),
  code: field.enum(MARKET_CODES),
  usd_to_rub_rate: field.rate({ default: '0', description: 'RUB per 1 USD' }),
  eur_to_rub_rate: field.rate({ default: '0', description: 'RUB per 1 EUR' }),
  is_active: field.bool({ default: true }),
  created_at: field.createdAt(),
  updated_at: field.createdAt(),
});

export type Market = EntityRecord<typeof marketEntity.fields>;
export type MarketCreate = EntityCreate<typeof marketEntity.fields>;
export type MarketPatch = EntityPatch<typeof marketEntity.fields>;
