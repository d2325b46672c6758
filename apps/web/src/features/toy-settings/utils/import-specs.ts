import { marketToyEntity, toyEntity, type MarketToyCreate, type UiLang } from '@toydesk/contract';
import { z } from 'zod';

import { validateWithSchema } from '@/lib/validation';

import type { ImportSpec } from './parse-import';

/** A row's body as its schema gives it (trimmed, amounts as decimal text), or its errors by field. */
export type RowCheck<Body> = { ok: true; body: Body } | { ok: false; errors: Record<string, string> };

export function checkWithSchema<Body>(
  schema: z.ZodType<Body, unknown>,
  values: unknown,
  lang: UiLang,
): RowCheck<Body> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, body: parsed.data };
  // The same messages the entity forms show, in the interface language.
  return { ok: false, errors: validateWithSchema(schema, values, lang) ?? {} };
}

/** The catalogue: toys upserted by market hash name. */
export const TOY_IMPORT: ImportSpec = { fields: toyEntity.fields, keys: ['market_hash_name'] };

/** A market import row: a market toy whose toy is named by its market hash name or by its id. */
export type MarketToyImportRow = Omit<MarketToyCreate, 'toy'> & { toy?: number; market_hash_name?: string };

/**
 * Market prices: a market toy per row, the toy named by market_hash_name (the bulk route's key; a missing
 * toy is added to the catalogue) or by toy (an id, for files exported from the console's own lists).
 */
export const MARKET_TOY_IMPORT: ImportSpec = {
  fields: { ...marketToyEntity.fields, market_hash_name: toyEntity.fields.market_hash_name },
  keys: ['market_hash_name', 'toy'],
};

// partial() and extend() on the contract's object schema keep the checks but lose the field types, so the
// schema is given the row type it checks.
export const marketToyImportSchema = marketToyEntity.createSchema
  .partial({ toy: true })
  .extend({ market_hash_name: z.string().trim().min(1).max(512).optional() }) as unknown as z.ZodType<
  MarketToyImportRow,
  unknown
>;
