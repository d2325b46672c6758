import { timingSafeEqual } from 'node:crypto';

import { confirmationKey, deviceIdFor } from '@toydesk/steam/wire';
import { optionalCommunityAccount, requireSessionId } from '../http/auth.ts';
import { html, json, ReplyError, type SimContext } from '../http/context.ts';
import { page } from '../http/pages.ts';
import type { SimRouter } from '../http/router.ts';
import { respondToConfirmation } from '../state/confirmation-answer.ts';
import { confirmationsOf } from '../state/confirmations.ts';
import {
  acceptOffer,
  cancelOrDecline,
  emailConfirmOffer,
  sendOffer,
  type AssetRef,
} from '../state/trading.ts';
import type { SimAccount } from '../state/types.ts';
import { SimRefusal } from '../state/world.ts';
import type { SteamSimParts } from '../steam-sim-parts.ts';

/**
 * Trade offers (`/community/tradeoffer/...`, as steam-tradeoffer-manager posts them: errors are HTTP 500 with
 * `strError` ending in "(<eresult>)"; not logged in is 401, 403 on accept) and mobile confirmations
 * (`/community/mobileconf/...`, as steamcommunity calls them: p = device id, a = steamid, k = confirmation key
 * for (t, tag) from identity_secret, m = react).
 */

function tradeAccount(sim: SteamSimParts, ctx: SimContext, status: number): SimAccount {
  const account = optionalCommunityAccount(sim, ctx);
  if (!account) {
    sim.stats.counters.sessionExpiredAnswers++;
    throw new ReplyError(html('<html><body>Unauthorized</body></html>', status));
  }
  requireSessionId(ctx);
  return account;
}

function strError(error: unknown) {
  if (error instanceof SimRefusal) {
    const text =
      typeof error.extra.strError === 'string'
        ? error.extra.strError
        : `There was an error with this trade offer. (${error.eresult})`;
    return json({ strError: text }, 500);
  }
  throw error;
}

function parseAssets(value: unknown): AssetRef[] {
  if (!Array.isArray(value)) return [];
  return value.map((asset: Record<string, unknown>) => ({
    appid: Number(asset.appid),
    contextid: String(asset.contextid),
    assetid: String(asset.assetid),
    amount: Number(asset.amount ?? 1),
  }));
}

function sameKey(given: string, wanted: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(wanted);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerTradeRoutes(router: SimRouter, sim: SteamSimParts): void {
  const world = sim.world;

  router.post('/community/tradeoffer/new/send', (ctx) => {
    const account = tradeAccount(sim, ctx, 401);
    let offerData: { me?: { assets?: unknown }; them?: { assets?: unknown } };
    let params: { trade_offer_access_token?: string };
    try {
      offerData = JSON.parse(ctx.form.json_tradeoffer ?? '{}') as typeof offerData;
      params = JSON.parse(ctx.form.trade_offer_create_params ?? '{}') as typeof params;
    } catch {
      return json(
        { strError: 'There was an error sending your trade offer.  Please try again later. (8)' },
        500,
      );
    }
    if (!/^\d{17}$/.test(ctx.form.partner ?? ''))
      return json(
        { strError: 'There was an error sending your trade offer.  Please try again later. (8)' },
        500,
      );
    try {
      const offer = sendOffer(world, account, {
        partnerSteamId: ctx.form.partner ?? '',
        token: params.trade_offer_access_token ?? null,
        give: parseAssets(offerData.me?.assets),
        receive: parseAssets(offerData.them?.assets),
        message: ctx.form.tradeoffermessage ?? '',
      });
      return json({
        tradeofferid: offer.id,
        needs_mobile_confirmation: offer.confirmationMethod === 2,
        needs_email_confirmation: offer.confirmationMethod === 1,
        email_domain: account.email.split('@')[1] ?? '',
      });
    } catch (error) {
      return strError(error);
    }
  });

  router.post('/community/tradeoffer/:id/accept', (ctx) => {
    const account = tradeAccount(sim, ctx, 403);
    try {
      const { needsConfirmation, offer } = acceptOffer(world, account, ctx.params.id ?? '');
      if (needsConfirmation)
        return json({ needs_mobile_confirmation: true, needs_email_confirmation: false, email_domain: '' });
      return json(offer.tradeId ? { tradeid: offer.tradeId } : {});
    } catch (error) {
      return strError(error);
    }
  });

  for (const action of ['cancel', 'decline'] as const) {
    router.post(`/community/tradeoffer/:id/${action}`, (ctx) => {
      const account = tradeAccount(sim, ctx, 401);
      const offer = world.offers.get(ctx.params.id ?? '');
      const ours = offer?.sender === account.steamId;
      if (offer && (action === 'cancel') !== ours)
        return json({ strError: `Use ${ours ? 'cancel' : 'decline'} for this offer. (8)` }, 500);
      try {
        return json({ tradeofferid: cancelOrDecline(world, account, ctx.params.id ?? '').id });
      } catch (error) {
        return strError(error);
      }
    });
  }

  router.get('/community/tradeoffer/:id/emailconfirm', (ctx) => {
    const ok = emailConfirmOffer(world, ctx.params.id ?? '', ctx.query.get('token') ?? '');
    return html(
      page(
        'Steam Community :: Trade Offer',
        ok ? '<h2>Trade offer confirmed</h2>' : '<h2>This link is no longer valid.</h2>',
      ),
      ok ? 200 : 404,
    );
  });

  // ---- mobile confirmations ----
  const mobileAccount = (ctx: SimContext, read: (name: string) => string | undefined): SimAccount => {
    const account = optionalCommunityAccount(sim, ctx);
    if (!account) throw new ReplyError(json({ success: false, needauth: true }));
    const counters = sim.stats.counters.confirmations;
    const time = Number(read('t'));
    const tag = read('tag') ?? '';
    const key = read('k') ?? '';
    const validKey =
      account.twoFactor !== null &&
      read('a') === account.steamId &&
      read('p') === deviceIdFor(account.steamId) &&
      Number.isInteger(time) &&
      Math.abs(time - world.nowSeconds()) <= world.config.confirmationKeyWindowSeconds &&
      sameKey(key, confirmationKey(account.twoFactor.identity_secret, time, tag));
    if (!validKey) {
      counters.badKey++;
      throw new ReplyError(
        json({
          success: false,
          message: 'Invalid authenticator',
          detail: 'The confirmation key is not valid.',
        }),
      );
    }
    return account;
  };

  router.get('/community/mobileconf/getlist', (ctx) => {
    const account = mobileAccount(ctx, (name) => ctx.query.get(name) ?? undefined);
    sim.stats.counters.confirmations.listed++;
    return json({
      success: true,
      needauth: false,
      conf: confirmationsOf(world, account).map((confirmation) => ({
        type: confirmation.target.type,
        type_name: confirmation.typeName,
        id: confirmation.id,
        creator_id: confirmation.creatorId,
        nonce: confirmation.nonce,
        creation_time: Math.floor(confirmation.createdAt / 1000),
        cancel: 'Cancel',
        accept: 'Confirm',
        icon: '',
        multi: false,
        headline: confirmation.headline,
        summary: confirmation.summary,
        warn: null,
      })),
    });
  });

  const answer = (ctx: SimContext, read: (name: string) => string | undefined, pairs: [string, string][]) => {
    const account = mobileAccount(ctx, read);
    const counters = sim.stats.counters.confirmations;
    const op = read('op');
    if (op !== 'allow' && op !== 'cancel') return json({ success: false, message: 'unknown op' });
    for (let i = 0; i < pairs.length; i++) {
      if (!world.confirmationAllowed(account)) {
        counters.blocked++;
        return json(
          {
            success: false,
            message: 'You have made too many confirmations recently. Please wait and try again.',
          },
          429,
        );
      }
    }
    try {
      for (const [id, nonce] of pairs) {
        respondToConfirmation(world, account, id, nonce, op === 'allow');
        if (op === 'allow') counters.accepted++;
        else counters.canceled++;
      }
    } catch (error) {
      if (error instanceof SimRefusal) return json({ success: false, message: error.message });
      throw error;
    }
    return json({ success: true });
  };

  router.get('/community/mobileconf/ajaxop', (ctx) => {
    const read = (name: string) => ctx.query.get(name) ?? undefined;
    return answer(ctx, read, [[read('cid') ?? '', read('ck') ?? '']]);
  });

  router.post('/community/mobileconf/multiajaxop', (ctx) => {
    const params = new URLSearchParams(ctx.body.toString('utf8'));
    const read = (name: string) => params.get(name) ?? undefined;
    const ids = params.getAll('cid[]').length ? params.getAll('cid[]') : params.getAll('cid');
    const keys = params.getAll('ck[]').length ? params.getAll('ck[]') : params.getAll('ck');
    if (ids.length === 0 || ids.length !== keys.length)
      return json({ success: false, message: 'bad request' });
    return answer(
      ctx,
      read,
      ids.map((id, index) => [id, keys[index] ?? '']),
    );
  });
}
