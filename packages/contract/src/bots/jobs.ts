import { z } from 'zod';

import { oneOrMany, pageQueryShape } from './common-inputs.ts';
import { defineRoute, paginatedSchema } from '../routes/route-def.ts';

/**
 * Bot jobs: every step that talks to Steam or a marketplace runs as a durable job. Such an endpoint answers
 * at once with its job (202), and the job is read at /api-node/jobs/{id}/.
 */

/** Job states on the wire; the queue's own states map onto them (created and retry are both queued). */
export const BOT_JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export const botJobStateSchema = z.enum(BOT_JOB_STATES);
export type BotJobState = z.infer<typeof botJobStateSchema>;

export const botJobLogLineSchema = z.object({
  at: z.string(),
  attempt: z.number().int(),
  level: z.enum(['info', 'warn', 'error']),
  message: z.string(),
});
export type BotJobLogLine = z.infer<typeof botJobLogLineSchema>;

export const botJobErrorSchema = z.looseObject({
  message: z.string(),
  name: z.string().optional(),
  /** False when trying again cannot help (a refusal, a missing predecessor): the job was not retried. */
  retryable: z.boolean().optional(),
});

export const botJobSchema = z.object({
  id: z.string(),
  /** What the job does, e.g. "proxy.check", "orders.active", "signup.relogin". */
  kind: z.string(),
  state: botJobStateSchema,
  /** The Steam account or market account the job works for, when it has one. */
  account: z.number().int().nullable(),
  params: z.unknown(),
  /** Attempts started so far (a killed worker's attempt counts). */
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  result: z.unknown().nullable(),
  error: botJobErrorSchema.nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Only on /api-node/jobs/{id}/: the job's own log lines, oldest first. */
  logs: z.array(botJobLogLineSchema).optional(),
});
export type BotJob = z.infer<typeof botJobSchema>;

export const botJobListQuerySchema = z.object({
  state: oneOrMany(botJobStateSchema).optional(),
  kind: oneOrMany(z.string().max(100)).optional(),
  account: oneOrMany(z.coerce.number().int().positive()).optional(),
  /** Kinds whose done jobs are left out (the routine scheduled ticks the jobs screen hides by default). */
  hide_done_kind: oneOrMany(z.string().max(100)).optional(),
  ...pageQueryShape,
});

export const botJobRoutes = [
  defineRoute({
    id: 'bot-jobs.list',
    method: 'GET',
    path: '/api-node/jobs/',
    tag: 'bot-jobs',
    summary: 'Jobs, newest first (filters: state, kind, account, each repeatable)',
    query: botJobListQuerySchema,
    response: paginatedSchema(botJobSchema),
  }),
  defineRoute({
    id: 'bot-jobs.retrieve',
    method: 'GET',
    path: '/api-node/jobs/{id}/',
    tag: 'bot-jobs',
    summary: 'One job with its log lines',
    response: botJobSchema,
  }),
  defineRoute({
    id: 'bot-jobs.cancel',
    method: 'POST',
    path: '/api-node/jobs/{id}/cancel/',
    tag: 'bot-jobs',
    summary: 'Cancel a queued job (a running one finishes its current step and stops)',
    response: botJobSchema,
  }),
];
