import { z } from 'zod';

import { defineEntity } from '../entity.ts';
import { field } from '../fields.ts';
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

/**
 * A job as the bot services answer it (bot_job_view over the queue's tables). Read only: jobs are started
 * by the routes that run them, never created through /api-node/jobs/.
 */
export const botJobEntity = defineEntity('bot_job', 'Bot job', {
  id: field.readOnlyText({ description: 'The queue job id (a UUID)' }),
  kind: field.readOnlyText({
    description: 'What the job does, e.g. "proxy.check", "orders.active", "signup.relogin"',
  }),
  state: field.enum(BOT_JOB_STATES),
  account: field.int({
    nullable: true,
    description: 'The Steam account or market account the job works for, when it has one',
  }),
  params: field.json(z.unknown(), { readOnly: true }),
  attempts: field.int({ description: "Attempts started so far (a killed worker's attempt counts)" }),
  max_attempts: field.int(),
  result: field.json(z.unknown().nullable(), { readOnly: true }),
  error: field.json(botJobErrorSchema.nullable(), { readOnly: true }),
  created_at: field.createdAt(),
  started_at: field.datetime({ nullable: true }),
  finished_at: field.datetime({ nullable: true }),
});

export const botJobSchema = botJobEntity.schema.extend({
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
