import { z } from 'zod';

import { InputError } from '../../util/input-error.ts';
import type { FaultSpec } from '../steam-faults.ts';
import { json, jsonBody, ReplyError, type SimContext, type SimReply } from '../http/context.ts';
import type { SimRouter } from '../http/router.ts';
import { mergeConfig } from '../sim-config.ts';
import { respondToConfirmation } from '../state/confirmation-answer.ts';
import { confirmationsOf, dropConfirmationsFor } from '../state/confirmations.ts';
import { buyListing, fillBuyOrder } from '../state/market.ts';
import { seedPendingConfirmations } from '../state/pending-confirmations.ts';
import {
  completeOfferAcceptance,
  counterOffer,
  emailConfirmOffer,
  offerView,
  sendOffer,
} from '../state/trading.ts';
import type { SimAccount, SimItem } from '../state/types.ts';
import {
  ControlInputError,
  newTwoFactorData,
  SimRefusal,
  type CreateAccountOptions,
} from '../state/world.ts';
import type { SteamSimParts } from '../steam-sim-parts.ts';
import { randomHex } from '../../util/random.ts';

/**
 * The control API under `<prefix>/_control/` (JSON in and out, never faulted, no authentication: development
 * and tests only). See the package README for the list.
 */

const itemSpec = z.object({
  name: z.string().min(1).optional(),
  appid: z.number().int().positive().optional(),
  contextid: z.string().optional(),
  tradable: z.boolean().optional(),
  marketable: z.boolean().optional(),
  holdDays: z.number().nonnegative().optional(),
  kind: z.enum(['cs2', 'card', 'foil_card', 'background', 'emoticon', 'other']).optional(),
  feeApp: z.number().int().nullable().optional(),
});

const createAccountSchema = z.object({
  accountName: z.string().optional(),
  password: z.string().min(1).optional(),
  twoFactor: z.boolean().optional(),
  twoFactorAgeDays: z.number().nonnegative().optional(),
  sharedSecret: z.string().min(16).optional(),
  identitySecret: z.string().min(16).optional(),
  phone: z.string().nullable().optional(),
  email: z.string().optional(),
  emailValidated: z.boolean().optional(),
  limited: z.boolean().optional(),
  emailGuard: z.boolean().optional(),
  familyViewPin: z.string().nullable().optional(),
  wallet: z
    .object({
      currency: z.number().int().optional(),
      balanceMinor: z.number().int().nonnegative().optional(),
      country: z.string().optional(),
    })
    .optional(),
  items: z.union([z.number().int().nonnegative().max(5000), z.array(itemSpec)]).optional(),
  cards: z
    .array(
      z.object({
        appid: z.number().int().positive(),
        sets: z.number().int().nonnegative().optional(),
        extra: z.number().int().nonnegative().optional(),
      }),
    )
    .optional(),
  privacy: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
});

const patchAccountSchema = z.object({
  limited: z.boolean().optional(),
  familyViewPin: z.string().nullable().optional(),
  emailValidated: z.boolean().optional(),
  emailGuard: z.boolean().optional(),
  walletBalanceMinor: z.number().int().nonnegative().optional(),
  walletCurrency: z.number().int().positive().optional(),
  privacy: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  twoFactorAgeDays: z.number().nonnegative().optional(),
  /** Gives an account without the mobile authenticator these secrets (a maFile imported elsewhere). */
  authenticator: z
    .object({ sharedSecret: z.string().min(16), identitySecret: z.string().min(16) })
    .optional(),
});

const addItemsSchema = itemSpec.extend({
  count: z.number().int().positive().max(5000).optional(),
  names: z.array(z.string().min(1)).optional(),
});

const faultSchema = z.object({
  match: z
    .object({ path: z.string().optional(), method: z.string().optional(), account: z.string().optional() })
    .optional(),
  kind: z.enum(['status', 'html', 'drop', 'slow', 'eresult', 'session_expired']),
  status: z.number().int().optional(),
  eresult: z.number().int().optional(),
  message: z.string().optional(),
  share: z.number().optional(),
  count: z.number().int().optional(),
  delayMs: z.number().int().nonnegative().optional(),
  phase: z.enum(['before', 'after']).optional(),
});

function parse<T>(schema: z.ZodType<T>, ctx: SimContext): T {
  const result = schema.safeParse(jsonBody(ctx));
  if (!result.success) {
    throw new ReplyError(
      json(
        {
          error: result.error.issues
            .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
            .join('; '),
        },
        400,
      ),
    );
  }
  return result.data;
}

function itemOut(item: SimItem) {
  return {
    assetid: item.assetid,
    appid: item.appid,
    contextid: item.contextid,
    market_hash_name: item.market_hash_name,
    kind: item.kind,
    tradable: item.tradable,
    marketable: item.marketable,
    holdUntil: item.holdUntil,
    feeApp: item.feeApp,
  };
}

export function registerControlRoutes(router: SimRouter, sim: SteamSimParts): void {
  const world = sim.world;
  const guard =
    (handler: (ctx: SimContext) => unknown) =>
    (ctx: SimContext): SimReply => {
      try {
        const result = handler(ctx);
        return isReply(result) ? result : json(result);
      } catch (error) {
        if (error instanceof ControlInputError || error instanceof InputError)
          return json({ error: error.message }, 400);
        if (error instanceof SimRefusal) return json({ error: error.message, eresult: error.eresult }, 409);
        if (error instanceof Error && error.message.startsWith('unknown config key'))
          return json({ error: error.message }, 400);
        throw error;
      }
    };
  const account = (ctx: SimContext): SimAccount => world.requireAccount(ctx.params.login ?? '');
  const created = (ctx: SimContext, acc: SimAccount) => ({
    accountName: acc.login,
    password: acc.password,
    steamId: acc.steamId,
    accountId: acc.accountId,
    tradeUrl: world.tradeUrl(acc),
    tradeToken: acc.tradeToken,
    sharedSecret: acc.twoFactor?.shared_secret ?? null,
    identitySecret: acc.twoFactor?.identity_secret ?? null,
    revocationCode: acc.twoFactor?.revocation_code ?? null,
    phone: acc.phone,
    email: acc.email,
    familyViewPin: acc.familyViewPin,
    wallet: { currency: acc.wallet.currency, balanceMinor: acc.wallet.balance },
    items: acc.items.map(itemOut),
    profileUrl: `${ctx.publicBase}/community/profiles/${acc.steamId}`,
  });

  router.get('/', () => json({ routes: router.list() }));

  router.post(
    '/accounts',
    guard((ctx) =>
      created(ctx, world.createAccount(parse(createAccountSchema, ctx) as CreateAccountOptions)),
    ),
  );

  router.get(
    '/accounts',
    guard(() => ({
      accounts: [...world.accounts.values()]
        .filter((acc) => !acc.phantom)
        .map((acc) => ({
          accountName: acc.login,
          steamId: acc.steamId,
          twoFactor: acc.twoFactor !== null,
          phone: acc.phone,
          items: acc.items.length,
          wallet: acc.wallet.balance,
        })),
    })),
  );

  router.get(
    '/accounts/:login',
    guard((ctx) => {
      const acc = account(ctx);
      return {
        ...created(ctx, acc),
        limited: acc.limited,
        emailValidated: acc.emailValidated,
        profile: acc.profile,
        privacy: acc.privacy,
        commentPermission: acc.commentPermission,
        themeId: acc.themeId,
        backgroundId: acc.backgroundId,
        favoriteBadge: acc.favoriteBadge,
        showcases: acc.showcases,
        groups: [...acc.groups],
        primaryGroup: acc.primaryGroup,
        pendingPhone: acc.pendingPhone
          ? {
              number: acc.pendingPhone.number,
              awaitingEmail: acc.pendingPhone.awaitingEmail,
              codeSent: acc.pendingPhone.code !== null,
            }
          : null,
        twoFactorEnabledAt: acc.twoFactor?.enabledAt ?? null,
        pendingTwoFactor: acc.pendingTwoFactor !== null,
        gems: acc.gems,
        badges: acc.badges,
        emoticons: acc.emoticons,
        workshopFavorites: [...acc.workshopFavorites],
        statuses: acc.statuses,
        newItems: acc.newItems,
        apiKey: acc.apiKey,
        listings: [...world.listings.values()]
          .filter((listing) => listing.seller === acc.steamId)
          .map((listing) => ({
            id: listing.id,
            assetid: listing.item.assetid,
            price: listing.price,
            status: listing.status,
          })),
        buyOrders: [...world.buyOrders.values()].filter((order) => order.owner === acc.steamId),
      };
    }),
  );

  router.add(
    'PATCH',
    '/accounts/:login',
    guard((ctx) => {
      const acc = account(ctx);
      const patch = parse(patchAccountSchema, ctx);
      if (patch.limited !== undefined) acc.limited = patch.limited;
      if (patch.familyViewPin !== undefined) {
        acc.familyViewPin = patch.familyViewPin;
        acc.parentalTokens.clear();
      }
      if (patch.emailValidated !== undefined) acc.emailValidated = patch.emailValidated;
      if (patch.emailGuard !== undefined) acc.emailGuard = patch.emailGuard;
      if (patch.walletBalanceMinor !== undefined) acc.wallet.balance = patch.walletBalanceMinor;
      if (patch.walletCurrency !== undefined) acc.wallet.currency = patch.walletCurrency;
      if (patch.privacy !== undefined)
        for (const key of Object.keys(acc.privacy) as (keyof SimAccount['privacy'])[])
          acc.privacy[key] = patch.privacy;
      if (patch.authenticator && !acc.twoFactor) {
        acc.twoFactor = {
          ...newTwoFactorData(acc.login),
          shared_secret: patch.authenticator.sharedSecret,
          identity_secret: patch.authenticator.identitySecret,
          enabledAt: world.now() - (patch.twoFactorAgeDays ?? 30) * 86_400_000,
        };
      }
      if (patch.twoFactorAgeDays !== undefined && acc.twoFactor)
        acc.twoFactor.enabledAt = world.now() - patch.twoFactorAgeDays * 86_400_000;
      return created(ctx, acc);
    }),
  );

  router.post(
    '/accounts/:login/items',
    guard((ctx) => {
      const acc = account(ctx);
      const body = parse(addItemsSchema, ctx);
      const { count, names, ...spec } = body;
      const specs = names
        ? names.map((name) => ({ ...spec, name }))
        : Array.from({ length: count ?? 1 }, () => ({ ...spec }));
      return { items: world.addItems(acc, specs).map(itemOut) };
    }),
  );

  router.post(
    '/accounts/:login/cards',
    guard((ctx) => {
      const body = parse(
        z.object({
          appid: z.number().int().positive(),
          sets: z.number().int().nonnegative().optional(),
          extra: z.number().int().nonnegative().optional(),
        }),
        ctx,
      );
      return {
        items: world.addCards(account(ctx), body.appid, body.sets ?? 1, body.extra ?? 0).map(itemOut),
      };
    }),
  );

  router.get(
    '/accounts/:login/sms/last',
    guard((ctx) => {
      const last = account(ctx).sms.at(-1);
      if (!last) throw new ReplyError(json({ error: 'no SMS sent' }, 404));
      return { ...last, at: new Date(last.at).toISOString() };
    }),
  );

  router.get(
    '/accounts/:login/emails/last',
    guard((ctx) => {
      const last = account(ctx).emails.at(-1);
      if (!last) throw new ReplyError(json({ error: 'no email sent' }, 404));
      return {
        kind: last.kind,
        code: last.code,
        link: last.linkPath ? `${ctx.publicBase}${last.linkPath}` : null,
        at: new Date(last.at).toISOString(),
      };
    }),
  );

  router.post(
    '/accounts/:login/expire-sessions',
    guard((ctx) => {
      const body = parse(z.object({ refresh: z.boolean().optional() }), ctx);
      return {
        revoked: world.tokens.revokeAll(
          account(ctx).steamId,
          body.refresh ? ['access', 'refresh'] : ['access'],
        ),
      };
    }),
  );

  router.post(
    '/accounts/:login/incoming-offers',
    guard((ctx) => {
      const target = account(ctx);
      const body = parse(
        z.object({
          from: z.string().optional(),
          give: z.union([z.number().int().nonnegative(), z.array(z.string().min(1))]).optional(),
          assets: z.array(z.string()).optional(),
          request: z.array(z.string()).optional(),
          message: z.string().optional(),
        }),
        ctx,
      );
      const sender = body.from
        ? world.requireAccount(body.from)
        : world.phantom(
            `7656119${String(8_000_000_000 + Number(world.nextId('request'))).padStart(10, '0')}`,
          );
      let assets: SimItem[];
      if (body.assets) {
        assets = body.assets.map((assetid) => {
          const item = sender.items.find((entry) => entry.assetid === assetid);
          if (!item) throw new ControlInputError(`${sender.login} has no asset ${assetid}`);
          return item;
        });
      } else {
        const give = body.give ?? 1;
        assets = world.addItems(
          sender,
          Array.isArray(give) ? give.map((name) => ({ name })) : Array.from({ length: give }, () => ({})),
        );
      }
      const request = (body.request ?? []).map((assetid) => {
        const item = target.items.find((entry) => entry.assetid === assetid);
        if (!item) throw new ControlInputError(`${target.login} has no asset ${assetid}`);
        return item;
      });
      const offer = sendOffer(world, sender, {
        partnerSteamId: target.steamId,
        token: target.tradeToken,
        give: assets.map((item) => ({ appid: item.appid, contextid: item.contextid, assetid: item.assetid })),
        receive: request.map((item) => ({
          appid: item.appid,
          contextid: item.contextid,
          assetid: item.assetid,
        })),
        message: body.message ?? '',
      });
      // the control API confirms for the sender at once
      dropConfirmationsFor(world, { type: 2, offerId: offer.id });
      offer.state = 2;
      offer.confirmationMethod = 0;
      return { tradeofferid: offer.id, sender: sender.steamId, items: assets.map(itemOut) };
    }),
  );

  router.get(
    '/accounts/:login/offers',
    guard((ctx) => {
      const acc = account(ctx);
      return {
        offers: [...world.offers.values()]
          .filter((offer) => offer.sender === acc.steamId || offer.recipient === acc.steamId)
          .map((offer) => offerView(world, offer, acc)),
      };
    }),
  );

  router.post(
    '/accounts/:login/pending-confirmations',
    guard((ctx) => {
      const body = parse(
        z.object({
          trades: z.number().int().nonnegative().max(50).optional(),
          listings: z.number().int().nonnegative().max(50).optional(),
        }),
        ctx,
      );
      const owner = account(ctx);
      if (!owner.twoFactor) throw new ControlInputError(`${owner.login} has no mobile authenticator`);
      return {
        confirmations: seedPendingConfirmations(world, owner, body).map((confirmation) => ({
          id: confirmation.id,
          type: confirmation.target.type,
          creatorId: confirmation.creatorId,
          headline: confirmation.headline,
        })),
      };
    }),
  );

  router.get(
    '/accounts/:login/confirmations',
    guard((ctx) => ({
      confirmations: confirmationsOf(world, account(ctx)).map((confirmation) => ({
        id: confirmation.id,
        type: confirmation.target.type,
        creatorId: confirmation.creatorId,
        headline: confirmation.headline,
      })),
    })),
  );

  router.post(
    '/accounts/:login/confirmations/accept',
    guard((ctx) => {
      const body = parse(z.object({ ids: z.array(z.string()).optional() }), ctx);
      const owner = account(ctx);
      // As the phone would: every waiting confirmation of the account, or the ones named.
      const chosen = confirmationsOf(world, owner).filter((c) => !body.ids || body.ids.includes(c.id));
      for (const confirmation of chosen)
        respondToConfirmation(world, owner, confirmation.id, confirmation.nonce, true);
      return { accepted: chosen.map((confirmation) => confirmation.id) };
    }),
  );

  router.post(
    '/accounts/:login/web-session',
    guard((ctx) => {
      // A logged-in browser's cookies, as a marketplace client stores them (no login call, no Steam Guard).
      const owner = account(ctx);
      const sessionid = randomHex(12);
      const steamLoginSecure = encodeURIComponent(`${owner.steamId}||${world.mintTokens(owner).accessToken}`);
      return {
        sessionid,
        steamLoginSecure,
        cookie: `sessionid=${sessionid}; steamLoginSecure=${steamLoginSecure}`,
      };
    }),
  );

  const offerOf = (ctx: SimContext) => {
    const offer = world.offers.get(ctx.params.id ?? '');
    if (!offer) throw new ReplyError(json({ error: `no offer ${ctx.params.id}` }, 404));
    return offer;
  };
  const asRecipient = (ctx: SimContext) => {
    const offer = offerOf(ctx);
    const recipient = world.accountBySteamId(offer.recipient);
    if (!recipient) throw new ReplyError(json({ error: 'no recipient' }, 404));
    return { offer, recipient };
  };

  router.post(
    '/offers/:id/accept',
    guard((ctx) => {
      const { offer } = asRecipient(ctx);
      if (offer.state !== 2) throw new SimRefusal(11, `the offer is not active (state ${offer.state})`);
      dropConfirmationsFor(world, { type: 2, offerId: offer.id });
      completeOfferAcceptance(world, offer);
      return {
        tradeofferid: offer.id,
        state: offer.state,
        tradeid: offer.tradeId,
        escrowEnds: offer.escrowEnds,
      };
    }),
  );

  router.post(
    '/offers/:id/decline',
    guard((ctx) => {
      const { offer } = asRecipient(ctx);
      if (offer.state !== 2 && offer.state !== 9)
        throw new SimRefusal(11, `the offer is not active (state ${offer.state})`);
      offer.state = 7;
      offer.updated = world.now();
      dropConfirmationsFor(world, { type: 2, offerId: offer.id });
      return { tradeofferid: offer.id, state: offer.state };
    }),
  );

  router.post(
    '/offers/:id/counter',
    guard((ctx) => ({ tradeofferid: ctx.params.id, state: counterOffer(world, ctx.params.id ?? '').state })),
  );

  router.post(
    '/offers/:id/email-confirm',
    guard((ctx) => {
      const offer = offerOf(ctx);
      if (!emailConfirmOffer(world, offer.id, offer.emailToken ?? ''))
        throw new SimRefusal(11, 'the offer does not wait for an email confirmation');
      return { tradeofferid: offer.id, state: offer.state };
    }),
  );

  router.post(
    '/listings/:id/buy',
    guard((ctx) => {
      const listing = buyListing(world, ctx.params.id ?? '');
      return { listingid: listing.id, status: listing.status, price: listing.price };
    }),
  );

  router.post(
    '/buy-orders/:id/fill',
    guard((ctx) => {
      const body = parse(z.object({ count: z.number().int().positive().optional() }), ctx);
      const { order, items } = fillBuyOrder(world, ctx.params.id ?? '', body.count);
      return {
        buy_orderid: order.id,
        remaining: order.remaining,
        status: order.status,
        items: items.map(itemOut),
      };
    }),
  );

  router.post(
    '/prices',
    guard((ctx) => {
      const body = parse(
        z.object({
          market_hash_name: z.string().min(1),
          lowestMinor: z.number().int().positive(),
          medianMinor: z.number().int().positive().optional(),
          volume: z.number().int().nonnegative().optional(),
          currencyId: z.number().int().positive().optional(),
        }),
        ctx,
      );
      const price = {
        lowest: body.lowestMinor,
        median: body.medianMinor ?? body.lowestMinor,
        volume: body.volume ?? 100,
        currencyId: body.currencyId ?? 1,
      };
      world.prices.set(body.market_hash_name, price);
      return price;
    }),
  );

  router.get('/groups', () =>
    json({
      groups: [...world.groups.values()].map((group) => ({
        gid: group.gid,
        name: group.name,
        members: group.members.size,
      })),
    }),
  );

  const clockState = () => ({
    now: world.now(),
    iso: new Date(world.now()).toISOString(),
    offsetMs: sim.clock.offsetMs(),
  });
  router.get('/clock', () => json(clockState()));
  router.post(
    '/clock/advance',
    guard((ctx) => {
      const body = parse(z.object({ ms: z.number().nonnegative() }), ctx);
      sim.clock.advance(body.ms);
      return clockState();
    }),
  );

  router.post(
    '/faults',
    guard((ctx) => sim.faults.add(parse(faultSchema, ctx) as FaultSpec)),
  );
  router.get('/faults', () => json({ faults: sim.faults.list() }));
  router.add('DELETE', '/faults', () => {
    sim.faults.clear();
    return json({ ok: true });
  });
  router.add('DELETE', '/faults/:id', (ctx) =>
    sim.faults.remove(ctx.params.id ?? '') ? json({ ok: true }) : json({ error: 'no such fault' }, 404),
  );

  router.get('/stats', () => json(sim.stats.snapshot()));
  router.get('/config', () => json(world.config));
  router.post(
    '/config',
    guard((ctx) => {
      world.config = mergeConfig(world.config, jsonBody(ctx));
      return world.config;
    }),
  );
  router.post('/login-limits/reset', () => {
    world.loginLimits.clear();
    world.confirmLimits.clear();
    sim.windows.reset();
    return json({ ok: true });
  });
  router.post('/reset', () => {
    sim.reset();
    return json({ ok: true });
  });
}

function isReply(value: unknown): value is SimReply {
  return (
    value !== null &&
    typeof value === 'object' &&
    'status' in value &&
    'contentType' in value &&
    'body' in value &&
    typeof (value as SimReply).body === 'string'
  );
}
