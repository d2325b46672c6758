import { ERESULT } from '@toydesk/steam/wire';
import { apiAccount } from '../http/auth.ts';
import { json, param, type SimContext, type SimReply } from '../http/context.ts';
import type { SimRouter } from '../http/router.ts';
import type { SimAccount, SimOffer } from '../state/types.ts';
import { offerDescriptions, offerView } from '../state/trading.ts';
import { SimRefusal } from '../state/world.ts';
import type { SteamSimParts } from '../steam-sim-parts.ts';

/**
 * api.steampowered.com under `/api`: WebAPI service methods answer `{"response": {...}}` with the outcome in the
 * X-eresult header (as steam-session's WebApiTransport reads them); a bad or expired access_token is a 401.
 * Parameters come as form fields or query (the simulator does not decode input_protobuf_encoded).
 */

export function apiReply(response: unknown, eresult: number = ERESULT.OK, message?: string): SimReply {
  return json({ response }, 200, {
    'x-eresult': String(eresult),
    ...(message ? { 'x-error_message': message } : {}),
  });
}

type ApiHandler = (ctx: SimContext, account: SimAccount) => SimReply;

function withAccount(sim: SteamSimParts, handler: ApiHandler) {
  return (ctx: SimContext) => {
    const account = apiAccount(sim, ctx);
    try {
      return handler(ctx, account);
    } catch (error) {
      if (error instanceof SimRefusal) return apiReply({}, error.eresult, error.message);
      throw error;
    }
  };
}

export function registerApiRoutes(router: SimRouter, sim: SteamSimParts): void {
  const world = sim.world;
  const both = (path: string, handler: ApiHandler) =>
    router.add(['GET', 'POST'], `/api/${path}`, withAccount(sim, handler));
  const post = (path: string, handler: ApiHandler) => router.post(`/api/${path}`, withAccount(sim, handler));

  router.post('/api/ITwoFactorService/QueryTime/v1', () =>
    apiReply({
      server_time: String(world.nowSeconds()),
      skew_tolerance_seconds: '60',
      large_time_jink: '86400',
      probe_frequency_seconds: 3600,
    }),
  );

  router.post('/api/IAuthenticationService/GenerateAccessTokenForApp/v1', (ctx) => {
    try {
      const result = world.refresh(
        param(ctx, 'refresh_token') ?? '',
        param(ctx, 'steamid') ?? '',
        param(ctx, 'renewal_type') === '1',
      );
      return apiReply({
        access_token: result.accessToken,
        ...(result.refreshToken ? { refresh_token: result.refreshToken } : {}),
      });
    } catch (error) {
      if (error instanceof SimRefusal) return apiReply({}, error.eresult, error.message);
      throw error;
    }
  });

  // ---- phone ----
  post('IPhoneService/AccountPhoneStatus/v1', (_ctx, account) =>
    apiReply({ verified_phone: account.phone !== null, can_text: true }),
  );

  post('IPhoneService/SetAccountPhoneNumber/v1', (ctx, account) => {
    const number = (param(ctx, 'phone_number') ?? '').replace(/[\s()-]/g, '');
    if (!/^\+\d{8,15}$/.test(number)) throw new SimRefusal(ERESULT.InvalidParam, 'invalid phone number');
    if (world.config.voipPrefixes.some((prefix) => number.startsWith(prefix))) {
      throw new SimRefusal(ERESULT.InvalidParam, 'VoIP numbers are not accepted');
    }
    const token = Buffer.from(`${account.steamId}:${world.nextId('request')}:${Math.random()}`).toString(
      'base64url',
    );
    account.pendingPhone = {
      number,
      countryCode: param(ctx, 'phone_country_code') ?? '',
      awaitingEmail: true,
      emailToken: token,
      code: null,
      codeSentAt: null,
      attempts: 0,
    };
    world.sendEmail(
      account,
      account.phone ? 'phone_change' : 'email_confirm',
      token,
      `/store/phone/confirm?token=${token}`,
    );
    const [name, domain] = account.email.split('@');
    return apiReply({
      confirmation_email_address: `${(name ?? '').slice(0, 1)}***@${domain ?? ''}`,
      phone_number_formatted: number,
    });
  });

  post('IPhoneService/IsAccountWaitingForEmailConfirmation/v1', (_ctx, account) =>
    apiReply({
      awaiting_email_confirmation: account.pendingPhone?.awaitingEmail === true,
      seconds_to_wait: account.pendingPhone?.awaitingEmail ? 10 : 0,
    }),
  );

  post('IPhoneService/SendPhoneVerificationCode/v1', (_ctx, account) => {
    const pending = account.pendingPhone;
    if (!pending) throw new SimRefusal(ERESULT.Fail, 'no phone number is being added');
    if (pending.awaitingEmail)
      throw new SimRefusal(ERESULT.Pending, 'the email confirmation is still pending');
    if (pending.codeSentAt !== null && pending.codeSentAt > world.now() - world.config.smsCooldownMs) {
      throw new SimRefusal(ERESULT.RateLimitExceeded, 'wait before asking for another SMS');
    }
    pending.code = world.sendSms(account, pending.number, 'phone_verify');
    pending.codeSentAt = world.now();
    pending.attempts = 0;
    return apiReply({});
  });

  post('IPhoneService/VerifyAccountPhoneWithCode/v1', (ctx, account) => {
    const pending = account.pendingPhone;
    if (!pending || pending.code === null) throw new SimRefusal(ERESULT.Fail, 'no SMS code was sent');
    if ((param(ctx, 'code') ?? '').trim() !== pending.code) {
      pending.attempts++;
      if (pending.attempts >= world.config.smsMaxAttempts) pending.code = null;
      throw new SimRefusal(ERESULT.InvalidLoginAuthCode, 'BadSMSCode');
    }
    account.phone = pending.number;
    account.pendingPhone = null;
    return apiReply({});
  });

  // ---- 2FA ----
  post('ITwoFactorService/AddAuthenticator/v1', (ctx, account) => {
    if (param(ctx, 'steamid') !== account.steamId) return apiReply({ status: ERESULT.AccessDenied });
    try {
      const data = world.startTwoFactor(account);
      return apiReply({
        shared_secret: data.shared_secret,
        serial_number: data.serial_number,
        revocation_code: data.revocation_code,
        uri: data.uri,
        server_time: String(world.nowSeconds()),
        account_name: account.login,
        token_gid: data.token_gid,
        identity_secret: data.identity_secret,
        secret_1: data.secret_1,
        status: ERESULT.OK,
        phone_number_hint: account.phone?.slice(-4) ?? '',
      });
    } catch (error) {
      if (error instanceof SimRefusal) return apiReply({ status: error.eresult });
      throw error;
    }
  });

  post('ITwoFactorService/FinalizeAddAuthenticator/v1', (ctx, account) => {
    const serverTime = String(world.nowSeconds());
    try {
      world.finalizeTwoFactor(
        account,
        param(ctx, 'authenticator_code') ?? '',
        param(ctx, 'activation_code') ?? '',
      );
      return apiReply({ server_time: serverTime, status: ERESULT.OK, want_more: false, success: true });
    } catch (error) {
      if (error instanceof SimRefusal)
        return apiReply({ server_time: serverTime, status: error.eresult, want_more: false, success: false });
      throw error;
    }
  });

  // ---- profile decoration (IPlayerService) ----
  post('IPlayerService/SetProfileTheme/v1', (ctx, account) => {
    const themeId = param(ctx, 'theme_id') ?? '';
    if (!['', 'Summer', 'Midnight', 'Steel', 'Cosmic', 'DarkMode'].includes(themeId))
      throw new SimRefusal(ERESULT.InvalidParam, 'unknown theme');
    account.themeId = themeId || null;
    return apiReply({});
  });

  post('IPlayerService/SetProfileBackground/v1', (ctx, account) => {
    const id = param(ctx, 'communityitemid') ?? '';
    if (
      id !== '0' &&
      id !== '' &&
      !account.items.some((item) => item.kind === 'background' && item.assetid === id)
    ) {
      throw new SimRefusal(ERESULT.InvalidParam, 'you do not own that background');
    }
    account.backgroundId = id === '0' || id === '' ? null : id;
    return apiReply({});
  });

  post('IPlayerService/SetFavoriteBadge/v1', (ctx, account) => {
    const badgeid = Number(param(ctx, 'badgeid'));
    const communityitemid = param(ctx, 'communityitemid') ?? null;
    const owned = account.badges.find(
      (badge) =>
        badge.badgeid === badgeid && (communityitemid === null || badge.communityitemid === communityitemid),
    );
    if (!owned) throw new SimRefusal(ERESULT.InvalidParam, 'you do not have that badge');
    account.favoriteBadge = { badgeid, communityitemid: owned.communityitemid };
    return apiReply({});
  });

  both('IPlayerService/GetProfileCustomization/v1', (_ctx, account) =>
    apiReply({
      customizations: account.showcases.map((showcase) => ({
        customization_type: showcase.type,
        slot: showcase.slot,
        active: true,
      })),
      slots_available: 1,
      profile_theme: { theme_id: account.themeId ?? '', title: account.themeId ?? '' },
    }),
  );

  both('IPlayerService/GetProfileItemsEquipped/v1', (_ctx, account) =>
    apiReply({ profile_background: account.backgroundId ? { communityitemid: account.backgroundId } : {} }),
  );

  both('IPlayerService/GetProfileItemsOwned/v1', (_ctx, account) =>
    apiReply({
      profile_backgrounds: account.items
        .filter((item) => item.kind === 'background')
        .map((item) => ({
          communityitemid: item.assetid,
          name: item.name,
          item_title: item.name,
          appid: item.feeApp,
        })),
    }),
  );

  both('IPlayerService/GetFavoriteBadge/v1', (_ctx, account) =>
    apiReply(
      account.favoriteBadge
        ? {
            has_favorite_badge: true,
            badgeid: account.favoriteBadge.badgeid,
            communityitemid: account.favoriteBadge.communityitemid ?? undefined,
          }
        : { has_favorite_badge: false },
    ),
  );

  both('IPlayerService/GetBadges/v1', (_ctx, account) =>
    apiReply({
      badges: account.badges.map((badge) => ({
        badgeid: badge.badgeid,
        level: badge.level,
        xp: badge.xp,
        ...(badge.appid !== null ? { appid: badge.appid } : {}),
        ...(badge.communityitemid ? { communityitemid: badge.communityitemid } : {}),
      })),
      player_xp: account.badges.reduce((sum, badge) => sum + badge.xp, 0),
      player_level: account.badges.length,
    }),
  );

  both('IPlayerService/GetEmoticonList/v1', (_ctx, account) => {
    const counts = new Map<string, { count: number; appid: number | null }>();
    for (const emoticon of account.emoticons) {
      const entry = counts.get(emoticon.name) ?? { count: 0, appid: emoticon.appid };
      entry.count++;
      counts.set(emoticon.name, entry);
    }
    return apiReply({
      emoticons: [...counts].map(([name, entry]) => ({
        name,
        count: entry.count,
        ...(entry.appid !== null ? { appid: entry.appid } : {}),
      })),
    });
  });

  // ---- trade offers ----
  // Active: still open (Active, needs confirmation, in escrow). active_only also returns ended offers updated
  // after time_historical_cutoff; historical_only only ended ones. One page (next_cursor 0): the simulator
  // keeps few offers per account.
  router.get('/api/IEconService/GetTradeOffers/v1', (ctx) => {
    const account = apiAccount(sim, ctx);
    const flag = (name: string) => ['1', 'true'].includes(ctx.query.get(name) ?? '');
    const cutoff = Number(ctx.query.get('time_historical_cutoff') ?? 0) * 1000;
    const open = (state: number) => state === 2 || state === 9 || state === 11;
    const wanted = (offer: SimOffer) =>
      flag('active_only')
        ? open(offer.state) || offer.updated > cutoff
        : flag('historical_only')
          ? !open(offer.state)
          : true;
    const offers = [...world.offers.values()].filter(wanted);
    const sent = flag('get_sent_offers') ? offers.filter((o) => o.sender === account.steamId) : [];
    const received = flag('get_received_offers') ? offers.filter((o) => o.recipient === account.steamId) : [];
    return apiReply({
      trade_offers_sent: sent.map((offer) => offerView(world, offer, account)),
      trade_offers_received: received.map((offer) => offerView(world, offer, account)),
      ...(flag('get_descriptions')
        ? { descriptions: [...sent, ...received].flatMap((offer) => offerDescriptions(offer)) }
        : {}),
      next_cursor: 0,
    });
  });

  router.get('/api/IEconService/GetTradeOffer/v1', (ctx) => {
    const account = apiAccount(sim, ctx);
    const offer = world.offers.get(ctx.query.get('tradeofferid') ?? '');
    if (!offer || (offer.sender !== account.steamId && offer.recipient !== account.steamId))
      return apiReply({});
    return apiReply({
      offer: offerView(world, offer, account),
      ...(ctx.query.get('get_descriptions') === '1' || ctx.query.get('get_descriptions') === 'true'
        ? { descriptions: offerDescriptions(offer) }
        : {}),
    });
  });
}
