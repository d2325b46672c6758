import { z } from 'zod';

import { waitQuerySchema } from './common-inputs.ts';
import { botJobSchema } from './jobs.ts';
import { defineRoute } from '../routes/route-def.ts';

/**
 * Steam Guard (issue 12, item 3): per Steam account the current 2FA code, computed by the bot services
 * from the vault's shared_secret (the secret itself never leaves them), and the pending mobile
 * confirmations (trade offers, market listings, ...) with accept and decline, one or many at a time.
 */

/** GET /api-node/steam/{id}/guard-code/: the code of the current 30-second window. */
export const botSteamGuardCodeSchema = z.object({
  /** The 5-character Steam Guard code. */
  code: z.string(),
  /** Seconds until the next window (1-30). */
  valid_for_seconds: z.number().int(),
  /** When the code was computed (ISO time of the bot services' clock). */
  generated_at: z.string(),
});
export type BotSteamGuardCode = z.infer<typeof botSteamGuardCodeSchema>;

export const STEAM_CONFIRMATION_KINDS = [
  'trade',
  'market_listing',
  'api_key',
  'market_purchase',
  'other',
] as const;
export type SteamConfirmationKind = (typeof STEAM_CONFIRMATION_KINDS)[number];

/** A confirmation id or object id: a 64-bit number, always a string. */
const steamId64Schema = z
  .string()
  .regex(/^\d{1,20}$/, 'Номер подтверждения: строка из цифр (a string of digits: a 64-bit id)');

/** One pending confirmation as the phone shows it, with the trade's items and partner when it is a trade. */
export const botSteamConfirmationSchema = z.object({
  id: z.string(),
  /** The trade offer, listing, API-key request or buy order it confirms. */
  object_id: z.string(),
  kind: z.enum(STEAM_CONFIRMATION_KINDS),
  /** Steam's own words (English): "Trade with …", "Sell - AK-47 | Redline (Field-Tested)". */
  title: z.string(),
  summary: z.array(z.string()),
  created_at: z.string(),
  /** A trade's details read from the offer (null when it could not be read or it is not a trade). */
  trade: z
    .object({
      partner_steam_id: z.string(),
      give: z.array(z.string()),
      receive: z.array(z.string()),
    })
    .nullable(),
});
export type BotSteamConfirmation = z.infer<typeof botSteamConfirmationSchema>;

/** The result of the confirmations list job. */
export const botSteamConfirmationListSchema = z.object({
  confirmations: z.array(botSteamConfirmationSchema),
});

/** Body of the accept and decline routes. */
export const botConfirmationIdsBodySchema = z.object({
  confirmation_ids: z
    .array(steamId64Schema)
    .min(1)
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, 'Подтверждение указано дважды (an id is given twice)'),
});
export type BotConfirmationIdsBody = z.infer<typeof botConfirmationIdsBodySchema>;

/**
 * The result of an accept or decline job: one line per id asked for. `not_found`: no such pending
 * confirmation (answered already, on the phone or here, or expired); `failed`: Steam refused (the message
 * says why, e.g. too many confirmations in a minute).
 */
export const botConfirmationAnswerSchema = z.object({
  accept: z.boolean(),
  results: z.array(
    z.object({
      id: z.string(),
      object_id: z.string().nullable(),
      kind: z.enum(STEAM_CONFIRMATION_KINDS).nullable(),
      title: z.string().nullable(),
      status: z.enum(['done', 'not_found', 'failed']),
      error: z.string().nullable(),
    }),
  ),
});
export type BotConfirmationAnswer = z.infer<typeof botConfirmationAnswerSchema>;

const steamGuardPath = (action: string) => `/api-node/steam/{id}/${action}`;
const WAITED =
  'Runs as a job. Waits up to `wait` seconds (default 25): 200 with the finished job and its result, ' +
  'or 202 with the job still queued or running (read it at /api-node/jobs/{id}/).';

const answer = <const Id extends string>(id: Id, action: 'accept' | 'decline', summary: string) =>
  defineRoute({
    id,
    method: 'POST',
    path: steamGuardPath(`confirmations/${action}/`),
    tag: 'bot-steam-guard',
    summary,
    description:
      `Path id: Steam account. ${WAITED} One job answers every id in turn; its result has a line per id ` +
      '(done, not_found or failed with the reason). 400 (code no_identity_secret) without the identity_secret.',
    query: waitQuerySchema,
    body: botConfirmationIdsBodySchema,
    response: botJobSchema,
  });
export const botSteamGuardRoutes = [
  defineRoute({
    id: 'bot-steam-guard.code',
    method: 'GET',
    path: steamGuardPath('guard-code/'),
    tag: 'bot-steam-guard',
    summary: 'The current Steam Guard code of the account and the seconds it stays valid',
    description:
      'Path id: Steam account. Computed from the shared_secret in the vault (mobile authenticator); the ' +
      'secret is never answered nor logged. 404 when the account does not exist, 400 (code no_shared_secret) when it has no shared_secret.',
    response: botSteamGuardCodeSchema,
  }),
  defineRoute({
    id: 'bot-steam-guard.confirmations',
    method: 'GET',
    path: steamGuardPath('confirmations/'),
    tag: 'bot-steam-guard',
    summary: 'The pending mobile confirmations (trades, market listings, ...) of the account',
    description: `Path id: Steam account. ${WAITED} The result is {confirmations: [...]}.`,
    query: waitQuerySchema,
    response: botJobSchema,
  }),
  answer('bot-steam-guard.accept', 'accept', 'Accept pending mobile confirmations (one or many)'),
  answer('bot-steam-guard.decline', 'decline', 'Decline pending mobile confirmations (one or many)'),
];
