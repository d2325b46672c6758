import { BOT_ROUTES_BY_ID, type BotRouteId } from '@toydesk/contract';
import type { z } from 'zod';

import type { BotCallOptions } from '@/lib/bot-api';

/** One input of an action: a text field whose value goes into the body (or the query). */
export interface ActionInput {
  name: string;
  /** ops.steamActions.input.<labelKey> */
  labelKey: string;
  kind?: 'text' | 'number' | 'url';
  initial?: string;
  required?: boolean;
  /** Where the value goes; default the body. */
  in?: 'body' | 'query';
}

/** A Steam-service action of the bot routes, run for one account from the row menu. */
export interface SteamAction {
  /** ops.steamActions.<key> */
  key: string;
  route: BotRouteId;
  inputs: readonly ActionInput[];
  /** The account list changes (a new session, a balance, a key): re-read it when the job ends. */
  refreshAccounts?: boolean;
}

export const STEAM_ACTIONS: readonly SteamAction[] = [
  { key: 'relogin', route: 'bot-steam.relogin', inputs: [], refreshAccounts: true },
  { key: 'balance', route: 'bot-steam.market_balance_info', inputs: [], refreshAccounts: true },
  {
    key: 'apiKey',
    route: 'bot-steam.set_steam_api_key',
    inputs: [{ name: 'domain', labelKey: 'domain', initial: 'localhost', required: true }],
  },
  { key: 'tmApiKey', route: 'bot-steam.csgotm_generate_api_key', inputs: [], refreshAccounts: true },
  {
    key: 'loginOtherSite',
    route: 'bot-steam.login_on_other_site',
    inputs: [{ name: 'login_url', labelKey: 'loginUrl', kind: 'url', required: true }],
  },
  {
    key: 'cookies',
    route: 'bot-steam.get_cookie_other_site',
    inputs: [{ name: 'domain', labelKey: 'cookieDomain', initial: 'steamcommunity.com', in: 'query' }],
  },
  { key: 'inventory', route: 'bot-signup.get_my_inventory', inputs: [] },
  {
    key: 'acceptOffer',
    route: 'bot-steam.accept_offer',
    inputs: [{ name: 'offer_id', labelKey: 'offerId', required: true }],
  },
  {
    key: 'cancelOffer',
    route: 'bot-steam.cancel_offer',
    inputs: [{ name: 'offer_id', labelKey: 'offerId', required: true }],
  },
  {
    key: 'marketOrder',
    route: 'bot-steam.market_create_order',
    inputs: [
      { name: 'market_hash_name', labelKey: 'marketHashName', required: true },
      { name: 'price', labelKey: 'price', required: true },
      { name: 'quantity', labelKey: 'quantity', kind: 'number', initial: '1' },
    ],
  },
  {
    key: 'marketList',
    route: 'bot-steam.market_list',
    inputs: [
      { name: 'asset_id', labelKey: 'assetId', required: true },
      { name: 'price', labelKey: 'price', required: true },
    ],
  },
];

export function initialInputValues(action: SteamAction): Record<string, string> {
  return Object.fromEntries(action.inputs.map((input) => [input.name, input.initial ?? '']));
}

/**
 * The call for one account: path id (the cookie read takes it in the query), body and query from the
 * inputs, empty optional inputs left out. Errors: the route's own schema refuses the body, per field.
 */
export function buildActionCall(
  action: SteamAction,
  accountId: number,
  values: Readonly<Record<string, string>>,
): { options: BotCallOptions<BotRouteId>; errors: Record<string, string> } {
  const body: Record<string, unknown> = {};
  const query: Record<string, string | number> = {};
  const errors: Record<string, string> = {};
  for (const input of action.inputs) {
    const raw = (values[input.name] ?? '').trim();
    if (!raw) {
      if (input.required) errors[input.name] = 'required';
      continue;
    }
    const value = input.kind === 'number' ? Number(raw) : raw;
    if (input.in === 'query') query[input.name] = value;
    else body[input.name] = value;
  }
  const route = BOT_ROUTES_BY_ID[action.route] as { method: string; path: string; body?: z.ZodType };
  const pathTakesId = route.path.includes('{id}');
  if (!pathTakesId) query.id = accountId;
  // A read that runs as a job answers at once (202) instead of holding the call; the dialog follows the job.
  if (route.method === 'GET') query.wait = 0;
  const hasBody = action.inputs.some((input) => (input.in ?? 'body') === 'body');
  if (route.body && hasBody && Object.keys(errors).length === 0) {
    const parsed = route.body.safeParse(body);
    if (!parsed.success)
      for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '')] ||= issue.message;
  }
  const options: BotCallOptions<BotRouteId> = {};
  if (pathTakesId) options.params = { id: accountId };
  if (hasBody) options.body = body as never;
  if (Object.keys(query).length > 0) options.query = query as never;
  return { options, errors };
}
