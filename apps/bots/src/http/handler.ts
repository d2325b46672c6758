import type { BotJob, BotRouteId, BotRouteOf } from '@toydesk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

import type { EnqueueOptions } from '../jobs/job-queue.ts';
import type { BotRuntime } from '../bot-runtime.ts';
import { BotError } from './bot-error.ts';

type Parsed<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

export interface PageHelper {
  number: number;
  size: number;
  /** The DRF page: {count, next, previous, results}. */
  answer<T>(
    count: number,
    results: T[],
  ): { count: number; next: string | null; previous: string | null; results: T[] };
}

export interface BotHandlerContext<Id extends BotRouteId> {
  request: FastifyRequest;
  reply: FastifyReply;
  runtime: BotRuntime;
  params: Record<string, string>;
  /** The query and body, already checked against the route's schemas. */
  query: Parsed<BotRouteOf<Id>['query']>;
  body: Parsed<BotRouteOf<Id>['body']>;
  page: PageHelper;
}

export type BotHandler<Id extends BotRouteId> = (ctx: BotHandlerContext<Id>) => Promise<unknown>;

/** A handler written once for several routes: it reads only what every route has. */
export type SharedHandler = (ctx: {
  request: FastifyRequest;
  reply: FastifyReply;
  runtime: BotRuntime;
  params: Record<string, string>;
  query: unknown;
  body: unknown;
}) => Promise<unknown>;
export type BotHandlers<Ids extends BotRouteId> = { [Id in Ids]: BotHandler<Id> };

/** Default wait of a read that runs as a job. */
export const DEFAULT_WAIT_SECONDS = 25;

/** A path id that must be a positive integer, else 404. */
export function pathId(params: Record<string, string>, name = 'id'): number {
  const value = params[name] ?? '';
  if (!/^\d{1,9}$/.test(value) || Number(value) <= 0)
    throw new BotError(404, { detail: 'Не найдено. (Not found.)' });
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
  if (!job)
    throw new BotError(409, {
      detail: 'Такая задача уже стоит в очереди. (The same job is already queued.)',
    });
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
  if (!job)
    throw new BotError(409, {
      detail: 'Такая задача уже стоит в очереди. (The same job is already queued.)',
    });
  const waitSeconds = ctx.query.wait ?? DEFAULT_WAIT_SECONDS;
  const latest = (waitSeconds > 0 ? await ctx.runtime.queue.waitFor(job.id, waitSeconds * 1000) : job) ?? job;
  if (latest.state === 'done') return latest;
  if (latest.state === 'failed' || latest.state === 'cancelled') {
    const message = latest.error?.message ?? latest.state;
    throw new BotError(502, { detail: message, error: message, job: latest });
  }
  ctx.reply.status(202);
  return latest;
}
