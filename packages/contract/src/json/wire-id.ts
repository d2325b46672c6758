import { z } from 'zod';

const exactNumber = z
  .number()
  .refine(
    Number.isSafeInteger,
    'id past 2^53 arrived as a JS number, already rounded: parse the answer with parseJsonLossless',
  );

/**
 * A 64-bit id from outside JSON (asset, class, instance, offer, listing, order ids, SteamIDs): a string, or
 * a JSON number that is a safe integer, kept as its decimal string. A number past 2^53 is refused: by the
 * time it is a number its digits are gone (the lossless parser hands such literals over as strings).
 */
export const wireIdSchema = z.union([z.string(), exactNumber]).transform((value) => String(value));

/** The same, absent, null or "" read as null. */
export const optionalWireIdSchema = z
  .union([z.string(), exactNumber, z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined || value === '' ? null : String(value)));
