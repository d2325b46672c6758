import { z } from 'zod';

import { MARKET_CODES } from '../enums.ts';
import { defineEntity, type EntityCreate, type EntityPatch, type EntityRecord } from '../entity.ts';
import { field, rateInputSchema, type FieldDef } from '../fields.ts';

/** An exchange rate an operator sets: a decimal with at most 6 places, above zero (a 0 rate zeroes totals). */
const positiveRate = (description: string): FieldDef<string, string, true> => ({
  ...field.rate({ default: '0', description }),
  write: rateInputSchema.refine((value) => Number(value) > 0, {
    message: 'Курс должен быть больше нуля (The rate must be above zero)',
  }),
});

/** When the rates last changed: the server sets it; totals converted with them show this date. */
const ratesSetAt: FieldDef<string | null, never, true> = {
  kind: 'datetime',
  // A reply from before migration 020 (or a hand-made fixture) without it reads as never set.
  read: z.string().nullable().default(null),
  write: null,
  optional: true,
  description: 'When usd_to_rub_rate or eur_to_rub_rate was last set',
};

export const marketEntity = defineEntity('market', 'Market', {
  id: field.id(),
  name: field.text({ max: 100, min: 1 }),
  code: field.enum(MARKET_CODES),
  usd_to_rub_rate: positiveRate('RUB per 1 USD'),
  eur_to_rub_rate: positiveRate('RUB per 1 EUR'),
  rates_set_at: ratesSetAt,
  is_active: field.bool({ default: true }),
  ...field.timestamps(),
});

export type Market = EntityRecord<typeof marketEntity.fields>;
export type MarketCreate = EntityCreate<typeof marketEntity.fields>;
export type MarketPatch = EntityPatch<typeof marketEntity.fields>;
