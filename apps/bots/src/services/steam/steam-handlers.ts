import type { BotRouteId } from '@toydesk/contract';
import { notFound } from '@toydesk/api-kit';
import { steamAccountExists } from '@toydesk/db';

import { pathId, runJobAndWait, startJob, type BotHandlers, type SharedHandler } from '../../http/handler.ts';
import type { BotRuntime } from '../../bot-runtime.ts';
import { assertMarketplaceLoginUrl } from './login-url.ts';

async function assertAccount(runtime: BotRuntime, id: number) {
  if (!(await steamAccountExists(runtime.db, id)))
    throw notFound('Нет такого Steam-аккаунта. (No such Steam account.)');
}

function action(kind: string): SharedHandler {
  return async (ctx) => {
    const account = pathId(ctx.params);
    await assertAccount(ctx.runtime, account);
    return startJob(ctx, kind, { account, input: ctx.body ?? {} });
  };
}

// Checked first for its URL (login-url.ts), then started like any other action.
const loginOnOtherSite = action('steam.login-on-other-site');

type SteamRouteId = Extract<BotRouteId, `bot-steam.${string}`>;

export const STEAM_HANDLERS: BotHandlers<SteamRouteId> = {
  'bot-steam.relogin': action('steam.relogin'),
  'bot-steam.login_on_other_site': async (ctx) => {
    assertMarketplaceLoginUrl(ctx.runtime, ctx.body.login_url);
    return loginOnOtherSite(ctx);
  },
  'bot-steam.market_list': action('steam.market-list'),
  'bot-steam.market_create_order': action('steam.market-create-order'),
  'bot-steam.accept_offer': action('steam.accept-offer'),
  'bot-steam.cancel_offer': action('steam.cancel-offer'),
  'bot-steam.create_offer': action('steam.create-offer'),
  'bot-steam.set_steam_api_key': action('steam.set-api-key'),
  'bot-steam.csgotm_generate_api_key': action('steam.csgotm-generate-api-key'),
  'bot-steam.market_balance_info': async (ctx) => {
    const account = pathId(ctx.params);
    await assertAccount(ctx.runtime, account);
    return runJobAndWait(ctx, 'steam.balance', { account, input: {} });
  },
  'bot-steam.get_cookie_other_site': async (ctx) => {
    const { id, login_url, domain } = ctx.query;
    if (login_url !== undefined) assertMarketplaceLoginUrl(ctx.runtime, login_url);
    await assertAccount(ctx.runtime, id);
    return runJobAndWait(ctx, 'steam.cookie-other-site', { account: id, input: { login_url, domain } });
  },
};
