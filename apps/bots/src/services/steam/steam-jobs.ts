import { parseTradeUrl, TRADE_OFFER_STATES, type SteamDomain, type TradeOffer } from '@toydesk/steam';
import { loadOnceStartedMs, saveSteamApiKey, sealedPlace } from '@toydesk/db';

import { PermanentJobError } from '../../jobs/job-kind.ts';
import type { BotJobKind } from '../../bot-runtime.ts';
import { accountJob } from '../signup/signup-jobs.ts';
import type { SteamScope } from './steam-scope.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);
/** "12.34" of the wallet currency as minor units (the body schema allows at most two decimals). */
const minorUnits = (price: string) => Math.round(Number(price) * 100);
const mask = (secret: string) => `••••${secret.slice(-4)}`;

async function identityOrNull(scope: SteamScope): Promise<string | null> {
  const account = await scope.reload();
  return account.identity_secret
    ? scope.runtime.vault.open(
        account.identity_secret,
        sealedPlace('steam_account', 'identity_secret', account.id),
      )
    : null;
}

/** When the once step began (its first attempt), in ms; offers older than that are not this job's. */
async function startedAtMs(scope: SteamScope, stepKey: string): Promise<number> {
  const started = await loadOnceStartedMs(scope.runtime.db, stepKey);
  // A minute of slack for clocks that differ between us and Steam.
  return started === null ? 0 : started - 60_000;
}

/** Our sent offer to the same partner, giving exactly these items, created after `sinceMs`. */
export function isSameOffer(
  offer: TradeOffer,
  wanted: { partnerSteamId: string; assets: { assetId: string }[]; message: string; sinceMs: number },
): boolean {
  if (offer.partnerSteamId !== wanted.partnerSteamId) return false;
  if (wanted.message && offer.message !== wanted.message) return false;
  if (offer.createdAt && Date.parse(offer.createdAt) < wanted.sinceMs) return false;
  const given = offer.itemsToGive.map((item) => item.assetId).sort();
  const asked = wanted.assets.map((asset) => asset.assetId).sort();
  return given.length === asked.length && given.every((id, index) => id === asked[index]);
}

type Action = (scope: SteamScope, input: Record<string, unknown>) => Promise<unknown>;

/** The game-platform service of spec section 7. Steps that trade or spend are guarded by `once`. */
export const STEAM_ACTIONS: Record<string, Action> = {
  'steam.relogin': async (s) => {
    const session = await s.relogin();
    return { steam_id: session.steamId, access_token_expires_at: session.accessTokenExpiresAt };
  },

  'steam.login-on-other-site': (s, i) =>
    s.withSession((session) =>
      s.gateway.getWebCookiesFor(session, { kind: 'openid', loginUrl: str(i.login_url) }),
    ),

  'steam.cookie-other-site': (s, i) =>
    s.withSession((session) =>
      s.gateway.getWebCookiesFor(
        session,
        i.login_url
          ? { kind: 'openid', loginUrl: str(i.login_url) }
          : { kind: 'steam', domain: (str(i.domain) || 'steamcommunity.com') as SteamDomain },
      ),
    ),

  'steam.balance': (s) => s.withSession((session) => s.gateway.getWalletBalance(session)),

  'steam.market-list': async (s, i) => {
    const assetId = str(i.asset_id);
    const identitySecret = await identityOrNull(s);
    return s.ctx.once<Record<string, unknown>>(
      `steam:list:${s.account.id}:${assetId}:${s.ctx.job.id}`,
      async () => {
        const mine = await s.withSession((session) => s.gateway.getMyListings(session));
        const listing = mine.listings.find((l) => l.assetId === assetId);
        return listing
          ? { listing_id: listing.listingId, status: listing.status, found_by_check: true }
          : null;
      },
      async () => {
        const created = await s.withSession((session) =>
          s.gateway.createListing(session, {
            assetId,
            priceMinor: minorUnits(str(i.price)),
            appId: num(i.app_id, 730),
            contextId: str(i.context_id) || '2',
            identitySecret,
          }),
        );
        return {
          listing_id: created.listingId,
          needs_confirmation: created.needsConfirmation,
          confirmed: created.confirmed,
        };
      },
    );
  },

  'steam.market-create-order': async (s, i) => {
    const name = str(i.market_hash_name);
    const identitySecret = await identityOrNull(s);
    return s.ctx.once<Record<string, unknown>>(
      `steam:buy-order:${s.ctx.job.id}`,
      async () => {
        const mine = await s.withSession((session) => s.gateway.getMyListings(session));
        const order = mine.buyOrders.find((o) => o.marketHashName === name);
        return order ? { status: 'created', buy_order_id: order.buyOrderId, found_by_check: true } : null;
      },
      async () => {
        const created = await s.withSession((session) =>
          s.gateway.createBuyOrder(session, {
            marketHashName: name,
            priceMinor: minorUnits(str(i.price)),
            quantity: num(i.quantity, 1),
            identitySecret,
          }),
        );
        return created.status === 'created'
          ? { status: 'created', buy_order_id: created.buyOrderId, recovered: created.recovered }
          : { status: 'needs_confirmation', confirmation_id: created.confirmationId };
      },
    );
  },

  'steam.accept-offer': async (s, i) => {
    const offerId = str(i.offer_id);
    const identitySecret = await identityOrNull(s);
    return s.ctx.once<Record<string, unknown>>(
      `steam:accept-offer:${s.account.id}:${offerId}`,
      async () => {
        const offer = await s.withSession((session) => s.gateway.getOffer(session, offerId));
        const done: number[] = [TRADE_OFFER_STATES.Accepted, TRADE_OFFER_STATES.InEscrow];
        return done.includes(offer.state)
          ? { status: 'accepted', trade_id: offer.tradeId, found_by_check: true }
          : null;
      },
      async () => {
        const accepted = await s.withSession((session) => s.gateway.acceptOffer(session, offerId));
        if (accepted.status === 'pending' && identitySecret) {
          await s.withSession((session) =>
            s.gateway.acceptConfirmation(session, { identitySecret, objectId: offerId }),
          );
          return { status: 'accepted', trade_id: accepted.tradeId, confirmed: true };
        }
        return { status: accepted.status, trade_id: accepted.tradeId };
      },
    );
  },

  'steam.cancel-offer': async (s, i) => {
    const offer = await s.withSession((session) => s.gateway.cancelOffer(session, str(i.offer_id)));
    return { offer_id: offer.id, state: offer.stateName };
  },

  'steam.create-offer': async (s, i) => {
    const identitySecret = await identityOrNull(s);
    const tradeUrl = str(i.trade_url);
    const target = parseTradeUrl(tradeUrl);
    if (!target) throw new PermanentJobError('trade_url is not a Steam trade offer link');
    const message = str(i.message);
    const assets = (i.assets as { app_id: number; context_id: string; asset_id: string }[]).map((a) => ({
      appId: a.app_id,
      contextId: a.context_id,
      assetId: a.asset_id,
    }));
    const confirm = async (offerId: string) => {
      if (!identitySecret) return false;
      await s.withSession((session) =>
        s.gateway.acceptConfirmation(session, { identitySecret, objectId: offerId }),
      );
      return true;
    };
    const stepKey = `steam:create-offer:${s.ctx.job.id}`;
    return s.ctx.once<Record<string, unknown>>(
      stepKey,
      // An earlier attempt was interrupted: look for its offer among our sent ones (same partner, same
      // items, sent after that attempt started) before sending another.
      async () => {
        const started = await startedAtMs(s, stepKey);
        const { sent } = await s.withSession((session) => s.gateway.getOffers(session, { filter: 'all' }));
        const found = sent.find((offer) =>
          isSameOffer(offer, { partnerSteamId: target.partnerSteamId, assets, message, sinceMs: started }),
        );
        if (!found) return null;
        await s.ctx.log(`offer ${found.id} sent by an earlier attempt found on Steam: not sent again`);
        if (found.state === TRADE_OFFER_STATES.CreatedNeedsConfirmation && (await confirm(found.id))) {
          return { offer_id: found.id, confirmed: true, found_by_check: true };
        }
        return { offer_id: found.id, state: found.stateName, found_by_check: true };
      },
      async () => {
        const created = await s.withSession((session) =>
          s.gateway.createOffer(session, { tradeUrl, assets, message: message || undefined }),
        );
        if (
          created.needsConfirmation &&
          created.confirmationMethod === 'mobile' &&
          (await confirm(created.offerId))
        ) {
          return { offer_id: created.offerId, confirmed: true };
        }
        return { offer_id: created.offerId, needs_confirmation: created.needsConfirmation };
      },
    );
  },

  'steam.set-api-key': async (s, i) => {
    const identitySecret = await identityOrNull(s);
    const save = async (key: string) => {
      await saveSteamApiKey(s.runtime.db, s.runtime.vault, s.account.id, key);
      return { status: 'created', api_key: mask(key) };
    };
    return s.ctx.once<Record<string, unknown>>(
      `steam:api-key:${s.ctx.job.id}`,
      async () => {
        const key = await s.withSession((session) => s.gateway.getSteamApiKey(session));
        return key ? save(key) : null;
      },
      async () => {
        const existing = await s.withSession((session) => s.gateway.getSteamApiKey(session));
        if (existing) return save(existing);
        const created = await s.withSession((session) =>
          s.gateway.createSteamApiKey(session, { domain: str(i.domain) || 'localhost', identitySecret }),
        );
        return created.status === 'created'
          ? save(created.apiKey)
          : { status: created.status, request_id: created.requestId };
      },
    );
  },

  'steam.csgotm-generate-api-key': async () => {
    throw new PermanentJobError(
      'market.csgo.com makes API keys on its web page only (no API): sign in there through Steam ' +
        '(login-on-other-site) and create the key by hand',
    );
  },
};

/** Kinds whose result is a credential (a site's login cookies): sealed by the vault, see JobStore. */
const SEALED_RESULT_KINDS = new Set(['steam.login-on-other-site', 'steam.cookie-other-site']);

export const STEAM_JOB_KINDS: BotJobKind[] = Object.entries(STEAM_ACTIONS).map(([kind, run]) =>
  accountJob(kind, run, { sealResult: SEALED_RESULT_KINDS.has(kind) }),
);
