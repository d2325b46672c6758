import type { z } from 'zod';

import { waitQuerySchema } from './common-inputs.ts';
import { botJobSchema } from './jobs.ts';
import { defineRoute } from '../routes/route-def.ts';

/** The two shapes of a bot endpoint that runs a job (spec section 7: the job is read at /api-node/jobs/{id}/). */

/** What a job route may add to its id, path and summary. */
interface JobRouteInputs<B, Q> {
  body?: B;
  query?: Q;
  description?: string;
}
type Schema = z.ZodType | undefined;

/** A POST that starts a job and answers 202 with it. */
export function jobRoute<const Id extends string, B extends Schema = undefined, Q extends Schema = undefined>(
  id: Id,
  path: string,
  summary: string,
  options: JobRouteInputs<B, Q> & { tag: string },
) {
  return defineRoute({
    id,
    method: 'POST',
    path,
    tag: options.tag,
    summary,
    description: options.description,
    query: options.query as Q,
    body: options.body as B,
    response: botJobSchema,
    status: 202,
  });
}

/** A GET that runs a job and waits for it: 200 with the finished job, 202 while it still runs. */
export function waitedJobRoute<const Id extends string, Q extends z.ZodType = typeof waitQuerySchema>(
  id: Id,
  path: string,
  summary: string,
  tag: string,
  query?: Q,
) {
  return defineRoute({
    id,
    method: 'GET',
    path,
    tag,
    summary,
    description:
      'Runs as a job. Waits up to `wait` seconds (default 25): 200 with the finished job and its result, ' +
      'or 202 with the job still queued or running (read it at /api-node/jobs/{id}/).',
    query: (query ?? waitQuerySchema) as Q,
    response: botJobSchema,
  });
}

/**
 * Makes the job routes of one resource: id `${tag}.${name}`, path from the resource's action path, and the
 * description every route of that kind shares unless the route gives its own.
 */
export function jobRouteMaker<const Tag extends string>(
  tag: Tag,
  pathOf: (action: string) => string,
  shared: { description?: string } = {},
) {
  return <const Name extends string, B extends Schema = undefined, Q extends Schema = undefined>(
    name: Name,
    action: string,
    summary: string,
    options: JobRouteInputs<B, Q> = {},
  ) =>
    jobRoute<`${Tag}.${Name}`, B, Q>(`${tag}.${name}`, pathOf(action), summary, {
      tag,
      description: shared.description,
      ...options,
    });
}
