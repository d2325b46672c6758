import {
  ApiError,
  conflict,
  notFound,
  type PageHelper,
  type RequestParts,
  type RouteContext,
  type RouteHandler,
} from '@toydesk/api-kit';
import type { BotJob, BotRouteId, BotRouteOf } from '@toydesk/contract';
import type { FastifyReply } from 'fastify';

import type { EnqueueOptions } from '../jobs/job-queue.ts';
import type { BotRuntime } from '../bot-runtime.ts';

/** The bot services' part of every handler's context (the kit adds the request and the route's input). */
export interface BotContext {
  runtime: BotRuntime;
  page: PageHelper;
}

export type BotHandlerContext<Id extends BotRouteId> = RouteContext<BotRouteOf<Id>, BotContext>;

export type BotHandler<Id extends BotRouteId> = RouteHandler<BotRouteOf<Id>, BotContext>;

/** A handler written once for several routes: it reads only what every route has. */
export type SharedHandler = (
  ctx: RequestParts & BotContext & { query: unknown; body: unknown },
) => Promise<unknown>;
export type BotHandlers<Ids extends BotRouteId> = { [Id in Ids]: BotHandler<Id> };

/** Default wait of a read that runs as a job. */
export const DEFAULT_WAIT_SECONDS = 25;

/** A path id that must be a positive integer, else 404. */
export function pathId(params: Record<string, string>, name = 'id'): number {
  const value = params[name] ?? '';
  if (!/^\d{1,9}$/.test(value) || Number(value) <= 0) throw notFound();
  return Number(value);
}

/** Starts a job and answers 202 with it at once. */
export async function startJob(
  ctx: { runtime: BotRuntime; reply: FastifyReply },
  kind: string,
  params: unknown,
  options?: EnqueueOptions,
): Promise<BotJob> {
  const job = await ctx.runtime.queue.enqueue(kind, params, options);
  if (!job) throw conflict('Такая задача уже стоит в очереди. (The same job is already queued.)');
  ctx.reply.status(202);
  return job;
}

/**
 * Runs a job and waits for it: 200 with the finished job, 202 with the job still queued or running after
 * `wait` seconds, 502 with the job when it failed (the marketplace or Steam said no, or did not answer).
 */
export async function runJobAndWait(
  ctx: { runtime: BotRuntime; reply: FastifyReply; query: { wait?: number } },
  kind: string,
  params: unknown,
): Promise<unknown> {
  const job = await ctx.runtime.queue.enqueue(kind, params);
  if (!job) throw conflict('Такая задача уже стоит в очереди. (The same job is already queued.)');
  const waitSeconds = ctx.query.wait ?? DEFAULT_WAIT_SECONDS;
  // The caller that started the job gets its sealed result (a site's cookies); the jobs API never does.
  const latest =
    (waitSeconds > 0
      ? await ctx.runtime.queue.waitFor(job.id, waitSeconds * 1000, { openSealed: true })
      : job) ?? job;
  if (latest.state === 'done') return latest;
  if (latest.state === 'failed' || latest.state === 'cancelled') {
    const message = latest.error?.message ?? latest.state;
    throw new ApiError(502, { detail: message, error: message, job: latest });
  }
  ctx.reply.status(202);
  return latest;
}
