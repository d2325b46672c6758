import { SteamError } from '../steam-error.ts';
import { parseTradeUrl } from '../steam-id.ts';
import {
  tradeOfferStateName,
  type AcceptOfferResult,
  type CreatedOffer,
  type CreateOfferInput,
  type OfferItem,
  type OfferLists,
  type OffersQuery,
  type SteamSession,
  type TradeOffer,
} from '../steam-gateway.ts';
import { eresultFromStrError, tradeError } from '../web/trade-mapping.ts';
import { parseJson, type SteamWebClient, type WebReply } from '../web/steam-web-client.ts';

/** steam-tradeoffer-manager's send / accept / cancel / decline / getOffer as raw requests (lib/classes/TradeOffer.js). */

interface RawOfferItem {
  appid?: number;
  contextid?: string;
  assetid?: string;
  classid?: string;
  instanceid?: string;
  amount?: string | number;
}

interface RawOffer {
  tradeofferid?: string;
  accountid_other?: number;
  message?: string;
  expiration_time?: number;
  trade_offer_state?: number;
  items_to_give?: RawOfferItem[];
  items_to_receive?: RawOfferItem[];
  is_our_offer?: boolean;
  time_created?: number;
  time_updated?: number;
  tradeid?: string;
  escrow_end_date?: number;
  confirmation_method?: number;
}

const METHODS = ['none', 'email', 'mobile'] as const;

function checkOfferReply(operation: string, reply: WebReply, notLoggedIn: number[]): void {
  if (reply.status === 200) return;
  if (notLoggedIn.includes(reply.status))
    throw new SteamError({
      kind: 'session_expired',
      status: reply.status,
      operation,
      message: 'Not Logged In',
    });
  let strError: string | undefined;
  try {
    strError = (JSON.parse(reply.text) as { strError?: string }).strError;
  } catch {
    // not JSON
  }
  if (strError) throw tradeError(operation, strError, eresultFromStrError(strError));
  throw new SteamError({
    kind: 'http',
    status: reply.status,
    operation,
    message: `HTTP error ${reply.status}`,
  });
}

export async function sendOffer(
  web: SteamWebClient,
  session: SteamSession,
  input: CreateOfferInput,
): Promise<CreatedOffer> {
  const operation = 'createOffer';
  const partner = parseTradeUrl(input.tradeUrl);
  if (!partner) throw new SteamError({ kind: 'failed', operation, message: 'Invalid trade URL' });
  const give = input.assets.map((a) => ({
    appid: a.appId,
    contextid: a.contextId,
    amount: a.amount ?? 1,
    assetid: a.assetId,
  }));
  const receive = (input.assetsToReceive ?? []).map((a) => ({
    appid: a.appId,
    contextid: a.contextId,
    amount: a.amount ?? 1,
    assetid: a.assetId,
  }));
  if (give.length + receive.length === 0)
    throw new SteamError({ kind: 'failed', operation, message: 'Cannot send an empty trade offer' });
  const reply = await web.community(operation, session, {
    path: '/tradeoffer/new/send',
    form: {
      sessionid: session.sessionId,
      serverid: 1,
      partner: partner.partnerSteamId,
      tradeoffermessage: input.message ?? '',
      json_tradeoffer: JSON.stringify({
        newversion: true,
        version: give.length + receive.length + 1,
        me: { assets: give, currency: [], ready: false },
        them: { assets: receive, currency: [], ready: false },
      }),
      captcha: '',
      trade_offer_create_params: JSON.stringify(
        partner.token ? { trade_offer_access_token: partner.token } : {},
      ),
    },
    headers: {
      referer: web.communityUrl(
        `/tradeoffer/new/?partner=${partner.partnerAccountId}${partner.token ? `&token=${partner.token}` : ''}`,
      ),
    },
    allowStatuses: [400, 401, 403, 500, 502, 503],
    maxRetries: 0,
  });
  checkOfferReply(operation, reply, [401]);
  const body = parseJson<{
    tradeofferid?: string;
    needs_mobile_confirmation?: boolean;
    needs_email_confirmation?: boolean;
    strError?: string;
  }>(operation, reply);
  if (body.strError) throw tradeError(operation, body.strError, eresultFromStrError(body.strError));
  if (!body.tradeofferid) throw new SteamError({ kind: 'malformed', operation, message: 'Unknown response' });
  const method = body.needs_mobile_confirmation ? 'mobile' : body.needs_email_confirmation ? 'email' : 'none';
  return {
    offerId: String(body.tradeofferid),
    needsConfirmation: method !== 'none',
    confirmationMethod: method,
    state: method === 'none' ? 2 : 9,
  };
}

function item(raw: RawOfferItem, names: Map<string, string>): OfferItem {
  const classId = raw.classid ?? null;
  return {
    appId: Number(raw.appid ?? 0),
    contextId: String(raw.contextid ?? ''),
    assetId: String(raw.assetid ?? ''),
    amount: Number(raw.amount ?? 1),
    classId,
    instanceId: raw.instanceid ?? null,
    marketHashName: names.get(`${raw.appid}_${classId}_${raw.instanceid ?? '0'}`) ?? null,
  };
}

const iso = (seconds: number | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);

type RawDescription = { appid?: number; classid?: string; instanceid?: string; market_hash_name?: string };

function descriptionNames(descriptions: RawDescription[] | undefined): Map<string, string> {
  return new Map(
    (descriptions ?? []).map((d) => [
      `${d.appid}_${d.classid}_${d.instanceid ?? '0'}`,
      d.market_hash_name ?? '',
    ]),
  );
}

function offerFrom(raw: RawOffer, names: Map<string, string>, fallbackId: string): TradeOffer {
  const state = Number(raw.trade_offer_state ?? 1);
  return {
    id: String(raw.tradeofferid ?? fallbackId),
    state,
    stateName: tradeOfferStateName(state),
    isOurOffer: raw.is_our_offer === true,
    partnerSteamId: (76561197960265728n + BigInt(raw.accountid_other ?? 0)).toString(),
    message: raw.message ?? '',
    itemsToGive: (raw.items_to_give ?? []).map((entry) => item(entry, names)),
    itemsToReceive: (raw.items_to_receive ?? []).map((entry) => item(entry, names)),
    createdAt: iso(raw.time_created),
    updatedAt: iso(raw.time_updated),
    expiresAt: iso(raw.expiration_time),
    escrowEndsAt: iso(raw.escrow_end_date),
    tradeId: raw.tradeid ?? null,
    confirmationMethod: METHODS[raw.confirmation_method ?? 0] ?? 'none',
  };
}

export async function getOffer(
  web: SteamWebClient,
  session: SteamSession,
  offerId: string,
): Promise<TradeOffer> {
  const operation = 'getOffer';
  const reply = await web.webApi<{ offer?: RawOffer; descriptions?: RawDescription[] }>(operation, session, {
    method: 'GET',
    path: 'IEconService/GetTradeOffer/v1',
    params: { tradeofferid: offerId, language: 'english', get_descriptions: 1 },
  });
  const raw = reply.response.offer;
  if (!raw) throw new SteamError({ kind: 'not_found', operation, message: 'No matching offer found' });
  if (!raw.accountid_other)
    throw new SteamError({ kind: 'malformed', operation, message: 'Data temporarily unavailable' });
  return offerFrom(raw, descriptionNames(reply.response.descriptions), offerId);
}

/** A far cutoff: with active_only, Steam then returns every ended offer too (what the library sends by default). */
const YEAR_AHEAD_MS = 365 * 24 * 3600_000;

/** steam-tradeoffer-manager getOffers: IEconService/GetTradeOffers, page by page (cursor). */
export async function getOffers(
  web: SteamWebClient,
  session: SteamSession,
  query: OffersQuery = {},
): Promise<OfferLists> {
  const operation = 'getOffers';
  const filter = query.filter ?? 'all';
  const cutoff = query.since ? Date.parse(query.since) : Date.now() + YEAR_AHEAD_MS;
  const lists: OfferLists = { sent: [], received: [] };
  let cursor = 0;
  for (let page = 0; page < 100; page += 1) {
    const reply = await web.webApi<{
      trade_offers_sent?: RawOffer[];
      trade_offers_received?: RawOffer[];
      descriptions?: RawDescription[];
      next_cursor?: number;
    }>(operation, session, {
      method: 'GET',
      path: 'IEconService/GetTradeOffers/v1',
      params: {
        get_sent_offers: 1,
        get_received_offers: 1,
        get_descriptions: 1,
        language: 'english',
        active_only: filter === 'active' ? 1 : 0,
        historical_only: filter === 'historical' ? 1 : 0,
        time_historical_cutoff: Math.floor(cutoff / 1000),
        cursor,
      },
    });
    const body = reply.response;
    const all = [...(body.trade_offers_sent ?? []), ...(body.trade_offers_received ?? [])];
    // As the library: offers without a partner mean Steam's data is temporarily incomplete.
    if (all.some((raw) => !raw.accountid_other))
      throw new SteamError({ kind: 'malformed', operation, message: 'Data temporarily unavailable' });
    const names = descriptionNames(body.descriptions);
    lists.sent.push(...(body.trade_offers_sent ?? []).map((raw) => offerFrom(raw, names, '')));
    lists.received.push(...(body.trade_offers_received ?? []).map((raw) => offerFrom(raw, names, '')));
    cursor = Number(body.next_cursor ?? 0);
    if (!cursor) break;
  }
  return lists;
}

export async function acceptOffer(
  web: SteamWebClient,
  session: SteamSession,
  offerId: string,
): Promise<AcceptOfferResult> {
  const operation = 'acceptOffer';
  const offer = await getOffer(web, session, offerId);
  if (offer.isOurOffer)
    throw new SteamError({ kind: 'failed', operation, message: `Cannot accept our own offer #${offerId}` });
  if (offer.state !== 2)
    throw new SteamError({
      kind: 'failed',
      operation,
      message: `Offer #${offerId} is not active, so it may not be accepted`,
    });
  const reply = await web.community(operation, session, {
    path: `/tradeoffer/${offerId}/accept`,
    form: {
      sessionid: session.sessionId,
      serverid: 1,
      tradeofferid: offerId,
      partner: offer.partnerSteamId,
      captcha: '',
    },
    headers: { referer: web.communityUrl(`/tradeoffer/${offerId}/`) },
    allowStatuses: [400, 401, 403, 500, 502, 503],
    maxRetries: 0,
  });
  checkOfferReply(operation, reply, [401, 403]);
  const body = parseJson<{
    tradeid?: string;
    needs_mobile_confirmation?: boolean;
    needs_email_confirmation?: boolean;
  }>(operation, reply);
  if (body.needs_mobile_confirmation || body.needs_email_confirmation)
    return { status: 'pending', tradeId: body.tradeid ?? null };
  const after = await getOffer(web, session, offerId);
  if (after.state === 11) return { status: 'escrow', tradeId: after.tradeId };
  if (after.state === 3) return { status: 'accepted', tradeId: after.tradeId };
  throw new SteamError({ kind: 'failed', operation, message: `Unknown state ${after.state}` });
}

export async function cancelOffer(
  web: SteamWebClient,
  session: SteamSession,
  offerId: string,
): Promise<TradeOffer> {
  const operation = 'cancelOffer';
  const offer = await getOffer(web, session, offerId);
  if (offer.state !== 2 && offer.state !== 9)
    throw new SteamError({
      kind: 'failed',
      operation,
      message: `Offer #${offerId} is not active, so it may not be cancelled or declined`,
    });
  const reply = await web.community(operation, session, {
    path: `/tradeoffer/${offerId}/${offer.isOurOffer ? 'cancel' : 'decline'}`,
    form: { sessionid: session.sessionId },
    allowStatuses: [400, 401, 403, 500, 502, 503],
    maxRetries: 0,
  });
  checkOfferReply(operation, reply, [401]);
  return getOffer(web, session, offerId);
}
