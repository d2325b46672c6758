import { z } from 'zod';

/** zod pieces the marketplace wire schemas share. */

/** An id the wire gives as a number or a string; kept as a string (ids are compared as strings). */
export const wireId = z.union([z.string(), z.number()]).transform((value) => String(value));

/** A number the wire may quote as a string ("820000"). */
export const numberish = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]);

/** An integer count of units (cents, mils) given as a number or a digit string. */
export const unitsish = z.union([z.number().int(), z.string().regex(/^-?\d+$/)]);

/** A nullable, optional field read as null when absent. */
export function maybe<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value) => value ?? null);
}
