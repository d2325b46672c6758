import { z } from 'zod';

/**
 * Query and body pieces several bot resources share. Not exported from the package: each resource file
 * names its own inputs.
 */

export const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item)]);

/** How long a read waits for its job before answering 202 with the job still running (seconds, 0-60). */
export const waitQuerySchema = z.object({
  wait: z.coerce.number().min(0).max(60).optional().describe('Seconds to wait for the job; default 25'),
});

/** The page and page size of a bot list (DRF's page-number pagination, at most 1000 rows a page). */
export const pageQueryShape = {
  page: z.coerce.number().int().min(1).optional(),
  page_size: z.coerce.number().int().min(1).max(1000).optional(),
};

export const zeroOne = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** A row id in a query: PostgreSQL's integer ids stop at 2^31 - 1, and a bigger one must be a 400, not a 500. */
export const queryRowId = z.coerce.number().int().positive().max(2_147_483_647);

export const dateOrDatetime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export const marketHashNamesBodySchema = z.object({
  marketHashNames: z.array(z.string().trim().min(1).max(512)).min(1).max(5000),
});
