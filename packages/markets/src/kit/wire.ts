import { wireIdSchema } from '@toydesk/contract';
import { z } from 'zod';

/** zod pieces the marketplace wire schemas share. */

/**
 * An id the wire gives as a number or a string; kept as a string (ids are compared as strings). A number
 * past 2^53 is refused: it was rounded before it got here (see parseJsonLossless).
 */
export const wireId = wireIdSchema;

/** A number the wire may quote as a string ("820000"). */
export const numberish = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]);

/** An integer count of units (cents, mils) given as a number or a digit string. */
export const unitsish = z.union([z.number().int(), z.string().regex(/^-?\d+$/)]);

/** A nullable, optional field read as null when absent. */
export function maybe<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value) => value ?? null);
}
