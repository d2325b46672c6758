import { z } from 'zod';

import { waitQuerySchema } from './common-inputs.ts';
import { jobRouteMaker, waitedJobRoute } from './job-routes.ts';

/** The game-platform (Steam) service: a Steam account's actions on Steam, each one a job. */

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

const steam = (action: string) => `/api-node/steam/{id}/${action}`;

const steamJob = jobRouteMaker('bot-steam', steam);

export const botSteamRoutes = [
  steamJob('relogin', 'relogin', 'Log in again (or refresh the session)'),
  steamJob('login_on_other_site', 'login-on-other-site', 'Sign in to a site through Steam', {
    body: loginOtherSiteBodySchema,
  }),
  steamJob('market_list', 'market/list', 'List an item on the Steam market', { body: marketListBodySchema }),
  steamJob('market_create_order', 'market/create-order', 'Place a Steam market buy order', {
    body: marketCreateOrderBodySchema,
  }),
  steamJob('accept_offer', 'accept-offer', 'Accept a trade offer', { body: offerIdBodySchema }),
  steamJob('cancel_offer', 'cancel-offer', 'Cancel or decline a trade offer', { body: offerIdBodySchema }),
  steamJob('create_offer', 'create-offer', 'Send a trade offer', { body: createOfferBodySchema }),
  steamJob('set_steam_api_key', 'set-steam-api-key', 'Create the Steam Web API key', {
    body: steamApiKeyBodySchema,
  }),
  steamJob(
    'csgotm_generate_api_key',
    'csgotm/generate-api-key',
    'Sign in to market.csgo.com through Steam and generate its API key',
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
];
