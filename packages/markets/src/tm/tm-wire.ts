import { optionalWireIdSchema, wireIdSchema } from '@toydesk/contract';
import { z } from 'zod';

import { TM_CURRENCIES } from './tm-units.ts';

/**
 * Building blocks of the wire schemas. tm mixes numbers and strings for the same field across methods
 * (add-to-sale answers `item_id` as a number, `items` as a string), so ids are read as either and kept
 * as strings; integer amounts may come as digit strings.
 */

/** Always succeeds: every tm answer we accept says `success: true` (checked before the schema). */
export const okEnvelope = z.looseObject({ success: z.literal(true) });

/** A number past 2^53 is refused: it was rounded before it got here (see parseJsonLossless). */
export const wireId = wireIdSchema;
export const optionalWireId = optionalWireIdSchema;

/** An integer amount in minor units. */
export const wireMinor = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform((value) => Number(value)),
]);

/** A major-unit amount: a JSON number or a decimal string. */
export const wireMajor = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]);

export const wireCurrency = z.enum(TM_CURRENCIES);

export const wireFlag = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

export const wireCount = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);
