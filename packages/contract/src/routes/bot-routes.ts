import { z } from 'zod';

import { proxyEntity, type ProxyPatch } from '../entities/proxy.ts';
import { PROFILE_THEMES, SHOWCASE_KINDS } from '../enums.ts';
import { marketSpendSchema, spendGuardInputSchema, spendGuardSchema } from '../spend-guard.ts';
import { maFileSchema } from '../steam/mafile.ts';
import { botListingRoutes } from './bot-routes-listing.ts';
import { botSteamGuardRoutes } from './bot-routes-steam-guard.ts';
import { defineRoute, paginatedSchema } from './route-def.ts';

/**
 * The bot services of spec section 7 ("Bot services": separate hosts, prefix /api-node/, app token in the
 * X-App-Token header), plus the jobs API. Every step that talks to Steam or a marketplace runs as a durable
 * job: such an endpoint answers at once with its job (202), and the job is read at /api-node/jobs/{id}/.
 * Reads that need a marketplace (active orders, balances, ...) wait for their job up to `wait` seconds and
 * answer 200 with the finished job, or 202 with the job still queued or running.
 */

/** The market-to-service map of spec section 7. */
export const BOT_SERVICE_MARKETS = ['tm', 'tm-mhn', 'dmarket', 'cs7', 'cs7_proxy'] as const;
export const botServiceMarketSchema = z.enum(BOT_SERVICE_MARKETS);
export type BotServiceMarket = z.infer<typeof botServiceMarketSchema>;

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

const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item)]);

export const botJobListQuerySchema = z.object({
  state: oneOrMany(botJobStateSchema).optional(),
  kind: oneOrMany(z.string().max(100)).optional(),
  account: oneOrMany(z.coerce.number().int().positive()).optional(),
  /** Kinds whose done jobs are left out (the routine scheduled ticks the jobs screen hides by default). */
  hide_done_kind: oneOrMany(z.string().max(100)).optional(),
  page: z.coerce.number().int().min(1).optional(),
  page_size: z.coerce.number().int().min(1).max(1000).optional(),
});

/** How long a read waits for its job before answering 202 with the job still running (seconds, 0-60). */
const waitQuerySchema = z.object({
  wait: z.coerce.number().min(0).max(60).optional().describe('Seconds to wait for the job; default 25'),
});

const marketHashNamesBodySchema = z.object({
  marketHashNames: z.array(z.string().trim().min(1).max(512)).min(1).max(5000),
});

const proxyCheckQuerySchema = z.object({ check: z.enum(['0', '1']).optional() });

/** The fields an operator edits; the health fields (status, latency, last check) are the checks' own. */
const PROXY_EDITABLE = {
  protocol: true,
  host: true,
  port: true,
  username: true,
  password: true,
  comment: true,
} as const;

/**
 * Body of PATCH /api-node/proxy/{id}/: only the fields sent change. The password is write-only: absent or
 * "" keeps the stored one (a form never shows it, so an untouched field must not wipe it), null removes it.
 */
export const botProxyPatchSchema = proxyEntity.patchSchema.pick(PROXY_EDITABLE) as unknown as z.ZodObject &
  z.ZodType<Pick<ProxyPatch, keyof typeof PROXY_EDITABLE>, unknown>;
export type BotProxyPatch = z.infer<typeof botProxyPatchSchema>;

const activeOrdersQuerySchema = waitQuerySchema.extend({
  account: oneOrMany(z.coerce.number().int().positive())
    .optional()
    .describe('Market account ids (repeatable); default: every active account of the market with a key'),
});

export const botOrderSchema = z.object({
  market_account: z.number().int(),
  id: z.string(),
  market_hash_name: z.string(),
  price: z.string(),
  currency: z.string(),
  count: z.number().int(),
  phase: z.string(),
});

/**
 * A market account a view over many accounts could not read (issue 11 item 5): the other accounts' data is
 * still answered. `key_rejected`: the marketplace refused the key (tm's Bad KEY, a 401/403); the account's
 * loops are then paused and an alert raised.
 */
export const botFailedAccountSchema = z.object({
  market_account: z.number().int(),
  reason: z.string(),
  key_rejected: z.boolean(),
});
export type BotFailedAccount = z.infer<typeof botFailedAccountSchema>;
/** Absent in answers from before issue 11: no account failed. */
const failedAccounts = z.array(botFailedAccountSchema).default([]);

export const botActiveOrdersResultSchema = z.object({
  market: botServiceMarketSchema,
  accounts: z.array(
    z.object({ market_account: z.number().int(), orders: z.number().int(), pages: z.number().int() }),
  ),
  orders: z.array(botOrderSchema),
  failed_accounts: failedAccounts,
});

export const botActiveOrdersStatsSchema = z.object({
  market: botServiceMarketSchema,
  orders: z.number().int(),
  items: z.number().int(),
  totals: z.array(z.object({ currency: z.string(), count: z.number().int(), total: z.string() })),
  accounts: z.array(
    z.object({ market_account: z.number().int(), orders: z.number().int(), total: z.string() }),
  ),
  failed_accounts: failedAccounts,
});

export const botMhnOrdersResultSchema = z.object({
  results: z.array(
    z.object({
      market_hash_name: z.string(),
      orders: z.number().int(),
      count: z.number().int(),
      min_price: z.string().nullable(),
      max_price: z.string().nullable(),
      market_accounts: z.array(z.number().int()),
    }),
  ),
  failed_accounts: failedAccounts,
});

export const botMarketPriceRowSchema = z.object({
  market: z.string(),
  market_hash_name: z.string(),
  price: z.string().nullable(),
  buy_order: z.string().nullable(),
  currency: z.string(),
  volume: z.number().int().nullable(),
  updated_at: z.string(),
});

export const botMarketDatabaseStatsSchema = z.object({
  market: botServiceMarketSchema,
  items: z.number().int(),
  with_buy_order: z.number().int(),
  last_import_at: z.string().nullable(),
  last_import_job: z.string().nullable(),
  distribution: z.array(z.object({ market_account: z.number().int(), items: z.number().int() })),
});

const steamAccountPath = 'Steam account id (steam_account.id)';
const withSessionQuerySchema = z.object({ withSession: z.enum(['0', '1']).optional() });

const addPhoneBodySchema = z.object({
  phone: z.string().regex(/^\+?\d{6,20}$/),
  country_code: z.string().length(2).optional(),
});
const confirmCodeBodySchema = z.object({ code: z.string().trim().min(3).max(16) });
const enable2faStep2BodySchema = z.object({ activation_code: z.string().trim().min(3).max(16) });
const editProfileBodySchema = z.object({
  name: z.string().max(32).optional(),
  real_name: z.string().max(64).optional(),
  summary: z.string().max(4000).optional(),
  country: z.string().max(2).optional(),
  state: z.string().max(64).optional(),
  city: z.string().max(64).optional(),
  custom_url: z.string().max(64).optional(),
});
const uploadAvatarBodySchema = z
  .object({
    image_base64: z.string().max(2_000_000).optional(),
    avatar: z.string().max(200).optional().describe('A name from get-random-avatars'),
  })
  .optional();
const groupBodySchema = z.object({ group_id: z.string().regex(/^\d{1,20}$/) });
const feedMessageBodySchema = z.object({
  text: z.string().min(1).max(4000),
  app_id: z.number().int().optional(),
});
const workshopFavoriteBodySchema = z.object({
  published_file_id: z.string().regex(/^\d{1,20}$/),
  app_id: z.number().int().default(730),
});
const setThemeBodySchema = z.object({ theme: z.enum(PROFILE_THEMES) });
const favoriteBadgeBodySchema = z.object({
  badge_id: z.number().int(),
  community_item_id: z.string().nullable().optional(),
});
const profileBackgroundBodySchema = z.object({ community_item_id: z.string().min(1).max(32) });
const showcaseBodySchema = z.object({
  kind: z.enum(SHOWCASE_KINDS),
  slot: z.number().int().min(0).max(20).optional(),
  published_file_id: z.string().optional(),
  group_id: z.string().optional(),
  items: z
    .array(z.object({ app_id: z.number().int(), context_id: z.string(), asset_id: z.string() }))
    .max(20)
    .optional(),
  notes: z.string().max(1000).optional(),
});
const inventoryBodySchema = z
  .object({ app_id: z.number().int().default(730), context_id: z.string().default('2') })
  .optional();
const gemsBodySchema = z.object({ app_id: z.number().int(), asset_id: z.string().min(1) });
const followLastEmailBodySchema = z.object({ id: z.number().int().positive() });
const maFileBodySchema = z.object({
  mafile: maFileSchema,
  /**
   * The operator saw both names and goes on although the maFile's account_name (or SteamID) differs from
   * the account's: without it such an import is refused with 409.
   */
  confirm_account_name: z.boolean().optional(),
});
const maFileCreateBodySchema = z.object({
  mafile: maFileSchema,
  /** The new account's name; the maFile's account_name when absent. */
  steam_account_name: z.string().trim().min(1).max(64).optional(),
  /** The login; the account name when absent. */
  login: z.string().trim().min(1).max(64).optional(),
});
const maFileCreatedSchema = z.object({
  id: z.number().int(),
  steam_account_name: z.string(),
  login: z.string().nullable(),
  steam_id: z.string(),
});

const loginOtherSiteBodySchema = z.object({ login_url: z.url() });
const marketListBodySchema = z.object({
  asset_id: z.string().min(1),
  price: z.string().regex(/^\d+(\.\d{1,2})?$/),
  app_id: z.number().int().default(730),
  context_id: z.string().default('2'),
});
const marketCreateOrderBodySchema = z.object({
  market_hash_name: z.string().min(1).max(512),
  price: z.string().regex(/^\d+(\.\d{1,2})?$/),
  quantity: z.number().int().min(1).max(1000).default(1),
});
const offerIdBodySchema = z.object({ offer_id: z.string().regex(/^\d{1,20}$/) });
const createOfferBodySchema = z.object({
  trade_url: z.url(),
  assets: z
    .array(
      z.object({
        app_id: z.number().int().default(730),
        context_id: z.string().default('2'),
        asset_id: z.string(),
      }),
    )
    .min(1)
    .max(500),
  message: z.string().max(128).optional(),
});
const steamApiKeyBodySchema = z.object({ domain: z.string().min(1).max(255).default('localhost') });
const cookieOtherSiteQuerySchema = z.object({
  id: z.coerce.number().int().positive(),
  login_url: z.url().optional(),
  domain: z.enum(['steamcommunity.com', 'store.steampowered.com', 'help.steampowered.com']).optional(),
});

/** An alert the console shows (a ban, repeated 429s, a Steam session lost, a proxy down, ...). */
export const botAlertSchema = z.object({
  id: z.number().int(),
  /**
   * market-ban, rate-limited, steam-session, proxy-down, delivery-failed, listing-failed, order-failed,
   * spend-guard, spend-unknown, spend-settled, market-key-rejected; the console titles each (jobResults.alertKind).
   */
  kind: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  message: z.string(),
  market_account: z.number().int().nullable(),
  steam_account: z.number().int().nullable(),
  proxy: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()),
  /** Raised again while unacknowledged: count and last_at go up instead of a new alert. */
  count: z.number().int(),
  first_at: z.string(),
  last_at: z.string(),
  acknowledged_at: z.string().nullable(),
});
export type BotAlert = z.infer<typeof botAlertSchema>;

const zeroOne = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** A row id in a query: PostgreSQL's integer ids stop at 2^31 - 1, and a bigger one must be a 400, not a 500. */
const queryRowId = z.coerce.number().int().positive().max(2_147_483_647);

export const botAlertListQuerySchema = z.object({
  acknowledged: zeroOne.optional(),
  after_id: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  market_account: queryRowId.optional(),
  page: z.coerce.number().int().min(1).optional(),
  page_size: z.coerce.number().int().min(1).max(1000).optional(),
});

/** A delivery's way: sold → offer sent and confirmed → registered with trade-ready → delivered, or failed. */
export const BOT_DELIVERY_STATES = ['pending', 'sent', 'trade_ready', 'delivered', 'failed'] as const;
export const botDeliveryStateSchema = z.enum(BOT_DELIVERY_STATES);
export type BotDeliveryState = z.infer<typeof botDeliveryStateSchema>;

/** One sold item the deliver loop hands over (bot_delivery): the market deal, its Steam offer, how it ended. */
export const botDeliverySchema = z.object({
  id: z.number().int(),
  market_account: z.number().int(),
  market: z.string(),
  /** The market's deal id (tm item_id). */
  deal_id: z.string(),
  asset_id: z.string().nullable(),
  market_hash_name: z.string(),
  classid_instanceid: z.string().nullable(),
  price: z.string(),
  currency: z.string(),
  /** The market's code for the offer (tm tradeoffermessage), the Steam offer's message. */
  offer_code: z.string().nullable(),
  /** The Steam trade offer id. */
  offer_id: z.string().nullable(),
  state: botDeliveryStateSchema,
  /** Steam's state of the offer as last seen (Active, Accepted, Declined, ...). */
  steam_state: z.string().nullable(),
  /** Why the delivery failed. */
  error: z.string().nullable(),
  sold_seen_at: z.string(),
  offer_sent_at: z.string().nullable(),
  trade_ready_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  updated_at: z.string(),
});
export type BotDelivery = z.infer<typeof botDeliverySchema>;

const dateOrDatetime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export const botDeliveryListQuerySchema = z
  .object({
    state: oneOrMany(botDeliveryStateSchema).optional(),
    market_account: oneOrMany(queryRowId).optional(),
    date_from: dateOrDatetime
      .optional()
      .describe('Sold (first seen) at or after: a UTC date (YYYY-MM-DD) or a date-time with offset'),
    date_to: dateOrDatetime
      .optional()
      .describe('Sold (first seen) at or before: a date counts its whole UTC day'),
    page: z.coerce.number().int().min(1).optional(),
    page_size: z.coerce.number().int().min(1).max(1000).optional(),
  })
  .refine(
    // Compared as instants: a date alone is its UTC midnight, and date_to's day is counted whole.
    (q) =>
      !q.date_from ||
      !q.date_to ||
      Date.parse(q.date_from) <=
        Date.parse(q.date_to.length === 10 ? `${q.date_to}T23:59:59.999Z` : q.date_to),
    { path: ['date_to'], message: 'Конец периода раньше начала. (date_to is before date_from.)' },
  );

export const TRADING_LOOP_NAMES = ['keep-online', 'deliver', 'list-reprice', 'dynamic-orders'] as const;
export const tradingLoopNameSchema = z.enum(TRADING_LOOP_NAMES);

/**
 * A sentence the bots say as a machine-readable code and its parameters, so the console can say it in its
 * own language; the English text beside it stays for logs. `dry_run` counts the actions a dry-run tick only
 * recorded, by action kind ("listed": 50).
 */
export const botTextSchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  dry_run: z.record(z.string(), z.number().int()).optional(),
});
export type BotText = z.infer<typeof botTextSchema>;

export const botTradingActionSchema = z.object({
  at: z.string(),
  kind: z.string(),
  dry_run: z.boolean(),
  detail: z.record(z.string(), z.unknown()),
});

/** One trading loop of one market account: its switch and what its last ticks did. */
export const botTradingStatusSchema = z.object({
  market_account: z.number().int(),
  loop: tradingLoopNameSchema,
  enabled: z.boolean(),
  dry_run: z.boolean(),
  /** paused: the marketplace rejected the account's key; last_error says why (issue 11 item 5). */
  state: z.enum(['off', 'scheduled', 'running', 'stopped', 'failed', 'paused']),
  last_run_at: z.string().nullable(),
  next_run_at: z.string().nullable(),
  last_summary: z.string().nullable(),
  /** last_summary as code and parameters (from the last tick's job; absent while it runs or when purged). */
  last_summary_text: botTextSchema.nullable().optional(),
  last_error: z.string().nullable(),
  last_job: z.string().nullable(),
  /** Newest first, at most 50. */
  recent_actions: z.array(botTradingActionSchema),
  /**
   * Why the marketplace rejected the account's key (on every loop of the account, whatever its switch),
   * null while the key works; absent from services before issue 11.
   */
  key_rejected: z.string().nullable().optional(),
});
export type BotTradingStatus = z.infer<typeof botTradingStatusSchema>;

/** Prices to set on the market for listings of one market account; "0" takes the listing off sale. */
export const botSetPricesBodySchema = z.object({
  items: z
    .array(
      z.object({
        item_id: z.string().trim().min(1).max(64),
        price: z
          .string()
          .trim()
          .regex(
            /^\d{1,12}(\.\d{1,2})?$/,
            'Цена: не более 2 знаков после точки (a price with at most 2 decimals)',
          ),
      }),
    )
    .min(1)
    .max(1000),
});
export type BotSetPricesBody = z.infer<typeof botSetPricesBodySchema>;

/** A POST that starts a job and answers 202 with it. */
function jobRoute<
  const Id extends string,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
>(
  id: Id,
  path: string,
  summary: string,
  options: { tag: string; body?: B; query?: Q; description?: string },
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
function waitedJobRoute<const Id extends string, Q extends z.ZodType = typeof waitQuerySchema>(
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

const signup = (step: string) => `/api-node/singup/{id}/${step}`;
const steam = (action: string) => `/api-node/steam/{id}/${action}`;

const SIGNUP_STEP_DESCRIPTION =
  `Path id: ${steamAccountPath}. One sign-up step as a job. The steps of spec section 4 run in their order: ` +
  'a step whose predecessor is not done is refused with 409 naming it. The account checklist follows the job.';

export const BOT_ROUTES = [
  // Proxies
  defineRoute({
    id: 'bot-proxy.list',
    method: 'GET',
    path: '/api-node/proxy/',
    tag: 'bot-proxy',
    summary: 'Proxies with their health (status, latency_ms, last_checked_at); passwords masked',
    query: z.object({
      page: z.coerce.number().int().min(1).optional(),
      page_size: z.coerce.number().int().min(1).max(999999).optional(),
      status: z.enum(['unknown', 'up', 'down']).optional(),
    }),
    response: paginatedSchema(proxyEntity.schema),
  }),
  defineRoute({
    id: 'bot-proxy.create',
    method: 'POST',
    path: '/api-node/proxy/',
    tag: 'bot-proxy',
    summary: 'Add a proxy (the password is stored encrypted); a health check job starts at once',
    description: 'check=0 skips the immediate health check (the scheduled ones still run).',
    query: proxyCheckQuerySchema,
    body: proxyEntity.createSchema,
    response: proxyEntity.schema,
    status: 201,
  }),
  defineRoute({
    id: 'bot-proxy.partial_update',
    method: 'PATCH',
    path: '/api-node/proxy/{id}/',
    tag: 'bot-proxy',
    summary: 'Edit a proxy: the fields sent change; an absent or empty password keeps the stored one',
    description:
      'password null removes it. Not in the spec (its proxy calls are list, add and delete). A change of ' +
      'protocol, host, port, username or password resets the health to unknown and starts a check ' +
      '(check=0 skips it); a comment alone keeps the health.',
    query: proxyCheckQuerySchema,
    body: botProxyPatchSchema,
    response: proxyEntity.schema,
  }),
  // Before destroy: the route table test walks the routes in order with one proxy.
  jobRoute(
    'bot-proxy.check',
    '/api-node/proxy/{id}/check/',
    'Check one proxy now: 202 with its health check job',
    {
      tag: 'bot-proxy',
    },
  ),
  jobRoute(
    'bot-proxy.check_all',
    '/api-node/proxy/check-all/',
    'Check every proxy now: 202 with the fan-out job',
    {
      tag: 'bot-proxy',
    },
  ),
  defineRoute({
    id: 'bot-proxy.destroy',
    method: 'DELETE',
    path: '/api-node/proxy/{id}/',
    tag: 'bot-proxy',
    summary: 'Delete a proxy (accounts that used it keep no proxy)',
    response: null,
    status: 204,
  }),

  // Orders per market
  waitedJobRoute(
    'bot-orders.active_orders',
    '/api-node/order-processing/{market}/get-active-orders/',
    'Every active buy order of the market accounts: the order loop of spec section 4 per account',
    'bot-orders',
    activeOrdersQuerySchema,
  ),
  waitedJobRoute(
    'bot-orders.active_orders_stats',
    '/api-node/order-processing/{market}/get-active-orders-stats/',
    'Counts and totals of the active buy orders, per currency and per account',
    'bot-orders',
    activeOrdersQuerySchema,
  ),

  // Sign-up service
  jobRoute(
    'bot-signup.follow_to_last_email',
    '/api-node/singup/email-and-phone/follow-to-last-email/',
    "Follow the confirmation link of the account's last email (adding a phone asks for it)",
    { tag: 'bot-signup', body: followLastEmailBodySchema },
  ),
  jobRoute('bot-signup.relogin', signup('relogin'), 'Log in again (or refresh the session)', {
    tag: 'bot-signup',
    description: SIGNUP_STEP_DESCRIPTION,
  }),
  jobRoute(
    'bot-signup.setup_profile',
    signup('setup-profile'),
    'Run the remaining sign-up steps in order, from the first one not done',
    {
      tag: 'bot-signup',
      description:
        'Steps that need input (phone, codes) stop the chain; it resumes from there when called again.',
    },
  ),
  jobRoute('bot-signup.add_phone', signup('email-and-phone/add-phone'), 'Attach a phone number', {
    tag: 'bot-signup',
    body: addPhoneBodySchema,
    description: SIGNUP_STEP_DESCRIPTION,
  }),
  jobRoute(
    'bot-signup.add_phone_resend_code',
    signup('email-and-phone/add-phone-resend-code'),
    'Send the SMS code again',
    { tag: 'bot-signup', description: SIGNUP_STEP_DESCRIPTION },
  ),
  jobRoute(
    'bot-signup.add_phone_confirm',
    signup('email-and-phone/add-phone-confirm'),
    'Confirm the phone with the SMS code',
    { tag: 'bot-signup', body: confirmCodeBodySchema, description: SIGNUP_STEP_DESCRIPTION },
  ),
  jobRoute(
    'bot-signup.set_random_profile_info',
    signup('set-random-profile-info'),
    'Give the profile a random name, summary and country',
    { tag: 'bot-signup', description: SIGNUP_STEP_DESCRIPTION },
  ),
  jobRoute('bot-signup.upload_avatar', signup('upload-avatar'), 'Upload an avatar (random if none given)', {
    tag: 'bot-signup',
    body: uploadAvatarBodySchema,
    description: SIGNUP_STEP_DESCRIPTION,
  }),
  jobRoute('bot-signup.make_profile_public', signup('make-profile-public'), 'Make the profile public', {
    tag: 'bot-signup',
    description: SIGNUP_STEP_DESCRIPTION,
  }),
  jobRoute(
    'bot-signup.set_steam_info_to_site',
    signup('set-steam-info-to-site'),
    'Write the SteamID and trade URL back to the account record',
    { tag: 'bot-signup', description: SIGNUP_STEP_DESCRIPTION },
  ),
  jobRoute(
    'bot-signup.enable_2fa_step_1',
    signup('enable2FA-step-1'),
    'Start the mobile authenticator; its secrets are saved in the vault before anything else',
    { tag: 'bot-signup', query: withSessionQuerySchema, description: SIGNUP_STEP_DESCRIPTION },
  ),
  jobRoute(
    'bot-signup.enable_2fa_step_2',
    signup('enable2FA-step-2'),
    'Finish the mobile authenticator with the SMS activation code',
    {
      tag: 'bot-signup',
      query: withSessionQuerySchema,
      body: enable2faStep2BodySchema,
      description: SIGNUP_STEP_DESCRIPTION,
    },
  ),
  jobRoute(
    'bot-signup.transform_cards_to_badges',
    signup('transform-available-cards-to-badges'),
    'Craft every badge the trading cards complete',
    { tag: 'bot-signup' },
  ),
  jobRoute('bot-signup.get_my_inventory', signup('get-my-inventory'), 'Read the inventory', {
    tag: 'bot-signup',
    body: inventoryBodySchema,
  }),
  jobRoute('bot-signup.turn_item_into_gems', signup('turn-item-into-gems'), 'Turn a Steam item into gems', {
    tag: 'bot-signup',
    body: gemsBodySchema,
  }),
  jobRoute('bot-signup.subscribe_to_group', signup('subscribe-to-group'), 'Join a group', {
    tag: 'bot-signup',
    body: groupBodySchema,
  }),
  jobRoute('bot-signup.get_my_groups', signup('get-my-groups'), 'The groups the account is in', {
    tag: 'bot-signup',
  }),
  jobRoute('bot-signup.add_group_to_favorite', signup('add-group-to-favorite'), 'Set the primary group', {
    tag: 'bot-signup',
    body: groupBodySchema,
  }),
  jobRoute('bot-signup.post_message_in_feed', signup('post-message-in-feed'), 'Post a status in the feed', {
    tag: 'bot-signup',
    body: feedMessageBodySchema,
  }),
  jobRoute(
    'bot-signup.workshop_add_to_favorite',
    signup('workshop/add-to-favorite'),
    'Add a workshop file to the favourites',
    { tag: 'bot-signup', body: workshopFavoriteBodySchema },
  ),
  jobRoute('bot-signup.decorate_set_theme', signup('steam/decorate/set-theme'), 'Set the profile theme', {
    tag: 'bot-signup',
    body: setThemeBodySchema,
  }),
  jobRoute(
    'bot-signup.decorate_set_favorite_badge',
    signup('steam/decorate/set-favorite-badge'),
    'Set the favourite badge',
    { tag: 'bot-signup', body: favoriteBadgeBodySchema },
  ),
  jobRoute(
    'bot-signup.decorate_set_profile_background',
    signup('steam/decorate/set-profile-background'),
    'Set the profile background',
    { tag: 'bot-signup', body: profileBackgroundBodySchema },
  ),
  jobRoute(
    'bot-signup.decorate_configure_showcase',
    signup('steam/decorate/configure-showcase'),
    'Configure a profile showcase',
    { tag: 'bot-signup', body: showcaseBodySchema },
  ),
  jobRoute('bot-signup.edit_profile_info', signup('edit-profile-info'), 'Edit the profile fields', {
    tag: 'bot-signup',
    body: editProfileBodySchema,
  }),
  jobRoute(
    'bot-signup.reset_inventory_notification_counter',
    signup('reset-inventory-notification-counter'),
    'Reset the new-items counter',
    { tag: 'bot-signup' },
  ),
  jobRoute(
    'bot-signup.import_mafile',
    signup('import-mafile'),
    'Import a maFile (SDA): its secrets go to the vault; enable 2FA steps count as done',
    {
      tag: 'bot-signup',
      body: maFileBodySchema,
      description:
        'Not in the spec: the way in for accounts whose authenticator was set up elsewhere. Session.SteamID ' +
        'may be a bare JSON number (as SDA writes it): the body is parsed without rounding. 400 when the ' +
        "SteamID is missing, not digits or outside the accounts' range; 409 when account_name or SteamID " +
        "differ from the account's (unless confirm_account_name) or the SteamID belongs to another account.",
    },
  ),
  defineRoute({
    id: 'bot-signup.create_from_mafile',
    method: 'POST',
    path: '/api-node/singup/import-mafile/',
    tag: 'bot-signup',
    summary: 'Create a Steam account from a maFile (SDA): name, SteamID and secrets (in the vault)',
    description:
      'Not in the spec. The 2FA steps count as done. 400 when the maFile is not one, its SteamID is ' +
      'missing, not digits or out of range, or the name or SteamID is already taken.',
    body: maFileCreateBodySchema,
    response: maFileCreatedSchema,
    status: 201,
  }),
  waitedJobRoute(
    'bot-signup.decorate_profile_settings',
    '/api-node/singup/{id}/steam/decorate/profile-settings/',
    'The profile settings (names, privacy, theme, badge, showcases, owned backgrounds)',
    'bot-signup',
  ),
  waitedJobRoute(
    'bot-signup.decorate_available_emotions',
    '/api-node/singup/{id}/steam/decorate/available-emotions/',
    'The emoticons the account owns',
    'bot-signup',
  ),
  defineRoute({
    id: 'bot-signup.get_random_avatars',
    method: 'POST',
    path: '/api-node/singup/get-random-avatars/',
    tag: 'bot-signup',
    summary: 'Names of random avatars to choose from (no Steam call)',
    body: z.object({ count: z.number().int().min(1).max(50).default(6) }).optional(),
    response: z.object({ results: z.array(z.object({ name: z.string(), url: z.string() })) }),
  }),

  // Game-platform (Steam) service
  jobRoute('bot-steam.relogin', steam('relogin'), 'Log in again (or refresh the session)', {
    tag: 'bot-steam',
  }),
  jobRoute('bot-steam.login_on_other_site', steam('login-on-other-site'), 'Sign in to a site through Steam', {
    tag: 'bot-steam',
    body: loginOtherSiteBodySchema,
  }),
  jobRoute('bot-steam.market_list', steam('market/list'), 'List an item on the Steam market', {
    tag: 'bot-steam',
    body: marketListBodySchema,
  }),
  jobRoute('bot-steam.market_create_order', steam('market/create-order'), 'Place a Steam market buy order', {
    tag: 'bot-steam',
    body: marketCreateOrderBodySchema,
  }),
  jobRoute('bot-steam.accept_offer', steam('accept-offer'), 'Accept a trade offer', {
    tag: 'bot-steam',
    body: offerIdBodySchema,
  }),
  jobRoute('bot-steam.cancel_offer', steam('cancel-offer'), 'Cancel or decline a trade offer', {
    tag: 'bot-steam',
    body: offerIdBodySchema,
  }),
  jobRoute('bot-steam.create_offer', steam('create-offer'), 'Send a trade offer', {
    tag: 'bot-steam',
    body: createOfferBodySchema,
  }),
  jobRoute('bot-steam.set_steam_api_key', steam('set-steam-api-key'), 'Create the Steam Web API key', {
    tag: 'bot-steam',
    body: steamApiKeyBodySchema,
  }),
  jobRoute(
    'bot-steam.csgotm_generate_api_key',
    steam('csgotm/generate-api-key'),
    'Sign in to market.csgo.com through Steam and generate its API key',
    { tag: 'bot-steam' },
  ),
  waitedJobRoute(
    'bot-steam.market_balance_info',
    '/api-node/steam/{id}/market/get-balance-info/',
    'The Steam wallet balance',
    'bot-steam',
  ),
  waitedJobRoute(
    'bot-steam.get_cookie_other_site',
    '/api-node/steam/get-cookie-other-site/',
    'Cookies of a Steam domain or of a site that signs in through Steam (query: id, login_url or domain)',
    'bot-steam',
    cookieOtherSiteQuerySchema.extend(waitQuerySchema.shape),
  ),

  // Browser parser: tm buy orders looked up by market hash name
  defineRoute({
    id: 'bot-browser-parser.get_orders_mhn',
    method: 'POST',
    path: '/api-node/browser-parser/tm/orders/get-orders-mhn',
    tag: 'bot-browser-parser',
    summary: 'Our tm buy orders of the given market hash names, per name',
    description: 'Runs as a job and waits for it like the other reads (query wait, default 25 s).',
    query: waitQuerySchema,
    body: marketHashNamesBodySchema,
    response: botJobSchema,
  }),
  waitedJobRoute(
    'bot-browser-parser.get_all_orders_mhn',
    '/api-node/browser-parser/tm/orders/get-all-orders-mhn',
    'All our tm buy orders, per market hash name',
    'bot-browser-parser',
  ),

  // Market database
  defineRoute({
    id: 'bot-market-database.orders_stats',
    method: 'GET',
    path: '/api-node/market-database/{market}/orders/get-stats/',
    tag: 'bot-market-database',
    summary: 'What the imported price lists hold for the market, and how its names are distributed',
    response: botMarketDatabaseStatsSchema,
  }),
  defineRoute({
    id: 'bot-market-database.orders_reset_distribution',
    method: 'GET',
    path: '/api-node/market-database/{market}/orders/reset-distribution/',
    tag: 'bot-market-database',
    summary: 'Forget which market account places the buy order of which name (a GET that writes)',
    response: z.object({ success: z.literal(true), removed: z.number().int() }),
  }),
  waitedJobRoute(
    'bot-market-database.account_items',
    '/api-node/market-database/{market}/items/{accountId}/get-items/',
    "One market account's items on the marketplace (accountId: market_account.id)",
    'bot-market-database',
  ),
  defineRoute({
    id: 'bot-market-database.get_prices',
    method: 'POST',
    path: '/api-node/market-database/{market}/prices/get-prices/',
    tag: 'bot-market-database',
    summary: 'Imported prices of the given market hash names (no marketplace call)',
    body: marketHashNamesBodySchema,
    response: z.object({
      currency: z.string(),
      results: z.array(botMarketPriceRowSchema),
      missing: z.array(z.string()),
    }),
  }),

  // Alerts
  defineRoute({
    id: 'bot-alerts.list',
    method: 'GET',
    path: '/api-node/alerts/',
    tag: 'bot-alerts',
    summary: 'Alerts, newest first (filters: acknowledged 0/1, after_id, market_account)',
    query: botAlertListQuerySchema,
    response: paginatedSchema(botAlertSchema),
  }),
  defineRoute({
    id: 'bot-alerts.ack',
    method: 'POST',
    path: '/api-node/alerts/{id}/ack/',
    tag: 'bot-alerts',
    summary: 'Acknowledge one alert (raised again later, it starts a new one)',
    response: botAlertSchema,
  }),
  defineRoute({
    id: 'bot-alerts.ack-all',
    method: 'POST',
    path: '/api-node/alerts/ack-all/',
    tag: 'bot-alerts',
    summary: 'Acknowledge every open alert',
    response: z.object({ acknowledged: z.number().int() }),
  }),

  // Spend guards and spending calls of a market account (issue 11, items 6 and 7)
  defineRoute({
    id: 'bot-spend.guard',
    method: 'GET',
    path: '/api-node/market-accounts/{id}/spend-guard/',
    tag: 'bot-spend',
    summary: "The account's daily spend cap and highest price against the reference, and today's spending",
    response: spendGuardSchema,
  }),
  defineRoute({
    id: 'bot-spend.set_guard',
    method: 'PUT',
    path: '/api-node/market-accounts/{id}/spend-guard/',
    tag: 'bot-spend',
    summary: 'Sets both spend guards (null switches one off); the cap is in the account currency',
    body: spendGuardInputSchema,
    response: spendGuardSchema,
  }),
  defineRoute({
    id: 'bot-spend.summary',
    method: 'GET',
    path: '/api-node/spend-guards/',
    tag: 'bot-spend',
    summary: 'The spend guards and today’s spending of every account that has a guard or spent today',
    response: z.object({ results: z.array(spendGuardSchema) }),
  }),
  defineRoute({
    id: 'bot-spend.list',
    method: 'GET',
    path: '/api-node/market-accounts/{id}/spends/',
    tag: 'bot-spend',
    summary: 'The last 100 spending calls (buy, buy order, transfer) of the account with their state',
    description:
      'state: done, not_done, unknown (the answer was lost and a job keeps checking by custom_id) or ' +
      'reserved (in flight). Only a retry with the same custom_id is safe while a call is not done.',
    response: z.object({ results: z.array(marketSpendSchema) }),
  }),

  // Deliveries of sold items (the deliver loop's bot_delivery)
  defineRoute({
    id: 'bot-deliveries.list',
    method: 'GET',
    path: '/api-node/deliveries/',
    tag: 'bot-deliveries',
    summary:
      'Deliveries of sold items, newest sale first (filters: state, market_account, date_from, date_to)',
    description:
      'Read only: one row per market deal the deliver loop saw sold, with its Steam offer and final state. ' +
      'state and market_account are repeatable.',
    query: botDeliveryListQuerySchema,
    response: paginatedSchema(botDeliverySchema),
  }),

  // Trading loops
  defineRoute({
    id: 'bot-trading.list',
    method: 'GET',
    path: '/api-node/trading/',
    tag: 'bot-trading',
    summary: 'The trading loops of every market account (or of one): switch, state, last ticks',
    query: z.object({ market_account: z.coerce.number().int().positive().optional() }),
    response: z.object({ results: z.array(botTradingStatusSchema) }),
  }),
  jobRoute(
    'bot-trading.run',
    '/api-node/trading/{id}/{loop}/run',
    'Run one tick of a loop for a market account now (also with its switch off; dry_run honoured)',
    { tag: 'bot-trading' },
  ),
  jobRoute(
    'bot-trading.set-prices',
    '/api-node/trading/{id}/set-prices',
    'Set (or, with price "0", take off sale) the prices of listings of a market account on the market',
    {
      tag: 'bot-trading',
      body: botSetPricesBodySchema,
      description:
        'Path id: market account. tm family only (tm, tm_usd, cs7, cs7_proxy): MassSetPriceById in batches, then ' +
        'the sell_item rows follow; dry_run accounts only log what would change.',
    },
  ),

  ...botListingRoutes(botJobSchema),
  ...botSteamGuardRoutes(botJobSchema),

  // Jobs
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

export type BotRoute = (typeof BOT_ROUTES)[number];
export type BotRouteId = BotRoute['id'];
export type BotRouteOf<Id extends BotRouteId> = Extract<BotRoute, { id: Id }>;

export const BOT_ROUTES_BY_ID = Object.fromEntries(BOT_ROUTES.map((r) => [r.id, r])) as unknown as {
  [Id in BotRouteId]: BotRouteOf<Id>;
};

/** The header that carries the bot token (spec section 6). */
export const APP_TOKEN_HEADER = 'X-App-Token';
