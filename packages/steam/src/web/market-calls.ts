import { ERESULT } from '../eresult.ts';
import { currencyCode, parseSteamCount, parseSteamPrice } from '../prices.ts';
import { isSteamError, SteamError } from '../steam-error.ts';
import type {
  CreateBuyOrderInput,
  CreatedBuyOrder,
  CreatedListing,
  CreateListingInput,
  MarketBuyOrder,
  MarketListing,
  MyListings,
  PriceOverview,
  PriceOverviewQuery,
  SteamSession,
  WalletBalance,
} from '../steam-gateway.ts';
import { jsVariable } from './html.ts';
import { eresultError, type SteamWebClient } from './steam-web-client.ts';

/**
 * The Community Market: steamcommunity has no method for selling, buy orders or the wallet, so these are the
 * raw community requests of marketplaces.md section 2 (sessionid form field plus the login cookie). Nothing
 * here is retried by the transport: each request may spend money or change a listing.
 */

interface WalletInfo {
  wallet_currency?: number;
  wallet_country?: string;
  wallet_balance?: string | number;
  wallet_delayed_balance?: string | number;
  success?: number;
}

/** `g_rgWalletInfo` from the market page. [mem: the variable and its field names are from public scrapers] */
export async function getWalletBalance(web: SteamWebClient, session: SteamSession): Promise<WalletBalance> {
  const operation = 'getWalletBalance';
  const page = await web.community(operation, session, { path: '/market/' });
  const info = jsVariable<WalletInfo>(page.text, 'g_rgWalletInfo');
  if (!info || info.wallet_balance === undefined) {
    // Steam leaves the wallet out of the page it shows a logged-out visitor.
    throw new SteamError({
      kind: 'session_expired',
      operation,
      message: 'Not Logged In (no wallet on the market page)',
    });
  }
  const currencyId = Number(info.wallet_currency ?? 0);
  return {
    currencyId,
    currency: currencyCode(currencyId),
    balanceMinor: Number(info.wallet_balance),
    delayedBalanceMinor: Number(info.wallet_delayed_balance ?? 0),
    country: info.wallet_country ?? null,
  };
}

/** Amounts and counts go to Steam as positive integers (minor units); anything else is refused before a request. */
function requirePositiveIntegers(operation: string, values: Record<string, number>): void {
  if (Object.values(values).every((value) => Number.isInteger(value) && value > 0)) return;
  const names = Object.keys(values);
  const message = `${names.join(' and ')} must be ${names.length > 1 ? 'positive integers' : 'a positive integer'}`;
  throw new SteamError({ kind: 'failed', operation, message });
}

interface SellReply {
  success?: boolean | number;
  message?: string;
  requires_confirmation?: number;
  needs_mobile_confirmation?: boolean;
  needs_email_confirmation?: boolean;
}

/** POST /market/sellitem/; the listing id is then looked up among our listings by the asset id. */
export async function sellItem(
  web: SteamWebClient,
  session: SteamSession,
  input: CreateListingInput,
  confirm?: (objectId: string) => Promise<void>,
): Promise<CreatedListing> {
  const operation = 'createListing';
  requirePositiveIntegers(operation, { priceMinor: input.priceMinor });
  const appId = input.appId ?? 730;
  const contextId = input.contextId ?? '2';
  const findListing = async () => {
    const mine = await getMyListings(web, session);
    return mine.listings.find((entry) => entry.assetId === input.assetId && entry.appId === appId) ?? null;
  };
  let reply: SellReply;
  try {
    reply = await web.communityJson<SellReply>(operation, session, {
      path: '/market/sellitem/',
      form: {
        sessionid: session.sessionId,
        appid: appId,
        contextid: contextId,
        assetid: input.assetId,
        amount: 1,
        price: input.priceMinor,
      },
      headers: { referer: web.communityUrl(web.profilePath(session, 'inventory/')) },
      allowStatuses: [400, 500, 502],
      maxRetries: 0,
    });
  } catch (error) {
    // No answer, or an error page instead of Steam's JSON: the listing may exist.
    if (!isSteamError(error, 'http') && !isSteamError(error, 'malformed')) throw error;
    const listing = await findListing();
    if (!listing) {
      throw new SteamError({
        kind: error.kind,
        status: error.status,
        operation,
        message: `${error.message.replace(/^createListing: /, '')} (no such listing found afterwards: safe to retry)`,
        cause: error,
      });
    }
    reply = { success: true, requires_confirmation: listing.status === 'to_confirm' ? 1 : 0 };
  }
  if (reply.success !== true && reply.success !== 1) {
    const message = reply.message ?? 'The listing was refused';
    const kind =
      /not allowed to be traded on the Community Market|no longer in your inventory|not marketable|cannot be listed/i.test(
        message,
      )
        ? 'not_marketable'
        : /Steam Guard|authenticator|not allowed to use the Community Market|limited/i.test(message)
          ? 'access_denied'
          : /too many|recently|wait/i.test(message)
            ? 'rate_limited'
            : 'failed';
    throw new SteamError({ kind, operation, message });
  }
  const needsConfirmation = reply.requires_confirmation === 1 || reply.needs_mobile_confirmation === true;
  const listingId = (await findListing())?.listingId ?? null;
  let confirmed = false;
  if (needsConfirmation && listingId !== null && confirm) {
    await confirm(listingId);
    confirmed = true;
  }
  return { needsConfirmation, listingId, confirmed };
}

interface BuyOrderReply {
  success?: number;
  buy_orderid?: string | number;
  message?: string;
  need_confirmation?: boolean;
  confirmation?: { confirmation_id?: string | number };
}

/**
 * POST /market/createbuyorder/ with price_total = unit price × quantity. 29 (an order for the item exists) and
 * 25 (too many orders, or too much against the wallet) are errors; 8 ("trouble hearing back") may have
 * created the order, so our orders are read and a match by name is returned as `recovered`.
 */
export async function createBuyOrder(
  web: SteamWebClient,
  session: SteamSession,
  input: CreateBuyOrderInput,
  confirm?: (objectId: string) => Promise<void>,
): Promise<CreatedBuyOrder> {
  const operation = 'createBuyOrder';
  requirePositiveIntegers(operation, { priceMinor: input.priceMinor, quantity: input.quantity });
  const appId = input.appId ?? 730;
  const currencyId = input.currencyId ?? (await getWalletBalance(web, session)).currencyId;
  const send = (confirmationId: string) =>
    web.communityJson<BuyOrderReply>(operation, session, {
      path: '/market/createbuyorder/',
      form: {
        sessionid: session.sessionId,
        currency: currencyId,
        appid: appId,
        market_hash_name: input.marketHashName,
        price_total: input.priceMinor * input.quantity,
        quantity: input.quantity,
        billing_state: '',
        save_my_address: 0,
        confirmation: confirmationId,
      },
      headers: {
        referer: web.communityUrl(`/market/listings/${appId}/${encodeURIComponent(input.marketHashName)}`),
      },
      allowStatuses: [400, 406, 500, 502],
      maxRetries: 0,
    });

  const findOrder = async () => {
    const mine = await getMyListings(web, session);
    return (
      mine.buyOrders.find(
        (order) => order.marketHashName === input.marketHashName && order.appId === appId,
      ) ?? null
    );
  };
  /** No answer, or an error page instead of Steam's JSON: the order may exist. */
  const unknownOutcome = async (cause: SteamError): Promise<CreatedBuyOrder> => {
    const found = await findOrder();
    if (found) return { status: 'created', buyOrderId: found.buyOrderId, recovered: true };
    throw new SteamError({
      kind: cause.kind,
      status: cause.status,
      eresult: cause.eresult,
      operation,
      message: `${cause.message.replace(/^createBuyOrder: /, '')} (no such order found afterwards: safe to retry)`,
      cause,
    });
  };
  const attempt = async (confirmationId: string): Promise<BuyOrderReply | CreatedBuyOrder> => {
    try {
      const answer = await send(confirmationId);
      if (typeof answer.success !== 'number' && !answer.need_confirmation) {
        return unknownOutcome(
          new SteamError({ kind: 'http', operation, message: answer.message ?? 'no EResult in the answer' }),
        );
      }
      return answer;
    } catch (error) {
      if (isSteamError(error, 'http') || isSteamError(error, 'malformed')) return unknownOutcome(error);
      throw error;
    }
  };

  let reply = await attempt(input.confirmationId ?? '0');
  if ('status' in reply) return reply;
  if (reply.need_confirmation) {
    const confirmationId = String(reply.confirmation?.confirmation_id ?? '');
    if (!confirmationId)
      throw new SteamError({ kind: 'malformed', operation, message: 'need_confirmation without an id' });
    if (!confirm) return { status: 'needs_confirmation', confirmationId };
    await confirm(confirmationId);
    reply = await attempt(confirmationId);
    if ('status' in reply) return reply;
  }
  if (reply.success === ERESULT.OK && reply.buy_orderid !== undefined) {
    return { status: 'created', buyOrderId: String(reply.buy_orderid), recovered: false };
  }
  const eresult = Number(reply.success ?? ERESULT.Fail);
  if (eresult === ERESULT.InvalidParam) {
    // "Sorry! We had trouble hearing back from the Steam servers about your order": it may exist anyway.
    return unknownOutcome(
      new SteamError({
        kind: 'failed',
        eresult,
        operation,
        message: reply.message ?? 'Steam did not confirm the order',
      }),
    );
  }
  throw eresultError(operation, eresult, reply.message ?? null);
}

/** POST /market/removelisting/{id}: takes a listing off sale (Steam cannot change a listing's price). */
export async function removeListing(
  web: SteamWebClient,
  session: SteamSession,
  listingId: string,
): Promise<void> {
  await web.community('removeListing', session, {
    path: `/market/removelisting/${encodeURIComponent(listingId)}`,
    form: { sessionid: session.sessionId },
  });
}

export async function cancelBuyOrder(
  web: SteamWebClient,
  session: SteamSession,
  buyOrderId: string,
): Promise<void> {
  const operation = 'cancelBuyOrder';
  const reply = await web.communityJson<{ success?: number; message?: string }>(operation, session, {
    path: '/market/cancelbuyorder/',
    form: { sessionid: session.sessionId, buy_orderid: buyOrderId },
    headers: { referer: web.communityUrl('/market/') },
    allowStatuses: [400, 500, 502],
    maxRetries: 0,
  });
  if (reply.success !== ERESULT.OK)
    throw eresultError(operation, Number(reply.success ?? ERESULT.Fail), reply.message ?? null);
}

interface RawListing {
  listingid?: string | number;
  time_created?: number;
  asset?: { appid?: number; contextid?: string | number; id?: string | number; market_hash_name?: string };
  price?: number;
  original_price?: number;
  fee?: number;
  currencyid?: number | string;
}

interface RawBuyOrder {
  appid?: number;
  hash_name?: string;
  wallet_currency?: number;
  price?: string | number;
  quantity?: string | number;
  quantity_remaining?: string | number;
  buy_orderid?: string | number;
}

interface MyListingsReply {
  success?: boolean | number;
  total_count?: number;
  pagesize?: number;
  listings?: RawListing[];
  listings_on_hold?: RawListing[];
  listings_to_confirm?: RawListing[];
  buy_orders?: RawBuyOrder[];
}

const LISTINGS_PAGE = 100;

/** GET /market/mylistings?norender=1, page by page. [mem: the norender JSON shape is from public clients] */
export async function getMyListings(web: SteamWebClient, session: SteamSession): Promise<MyListings> {
  const operation = 'getMyListings';
  const listings: MarketListing[] = [];
  const buyOrders = new Map<string, MarketBuyOrder>();
  for (let start = 0; ; start += LISTINGS_PAGE) {
    const page = await web.communityJson<MyListingsReply>(operation, session, {
      path: '/market/mylistings',
      query: { norender: 1, start, count: LISTINGS_PAGE },
    });
    if (page.success !== true && page.success !== 1) {
      throw new SteamError({ kind: 'malformed', operation, message: 'mylistings answered without success' });
    }
    for (const raw of page.listings ?? []) listings.push(toListing(raw, 'active'));
    if (start === 0) {
      for (const raw of page.listings_to_confirm ?? []) listings.push(toListing(raw, 'to_confirm'));
      for (const raw of page.listings_on_hold ?? []) listings.push(toListing(raw, 'on_hold'));
    }
    for (const raw of page.buy_orders ?? []) {
      const order = toBuyOrder(raw);
      buyOrders.set(order.buyOrderId, order);
    }
    if (start + LISTINGS_PAGE >= Number(page.total_count ?? 0)) break;
  }
  return { listings, buyOrders: [...buyOrders.values()] };
}

function toListing(raw: RawListing, status: MarketListing['status']): MarketListing {
  const price = Number(raw.price ?? raw.original_price ?? 0);
  const currency = Number(raw.currencyid ?? 0);
  return {
    listingId: String(raw.listingid ?? ''),
    assetId: String(raw.asset?.id ?? ''),
    appId: Number(raw.asset?.appid ?? 0),
    contextId: String(raw.asset?.contextid ?? ''),
    marketHashName: raw.asset?.market_hash_name ?? null,
    priceMinor: price,
    buyerPaysMinor: price + Number(raw.fee ?? 0),
    // listing currencies are 2000 + the wallet currency
    currencyId: currency > 2000 ? currency - 2000 : currency,
    createdAt: raw.time_created ? new Date(raw.time_created * 1000).toISOString() : null,
    status,
  };
}

function toBuyOrder(raw: RawBuyOrder): MarketBuyOrder {
  return {
    buyOrderId: String(raw.buy_orderid ?? ''),
    appId: Number(raw.appid ?? 0),
    marketHashName: raw.hash_name ?? '',
    priceMinor: Number(raw.price ?? 0),
    quantity: Number(raw.quantity ?? 0),
    quantityRemaining: Number(raw.quantity_remaining ?? 0),
    currencyId: Number(raw.wallet_currency ?? 0),
  };
}

/** GET /market/priceoverview/ (public). It answers 429 when hammered: back off (about 3 s between calls). */
export async function priceOverview(
  web: SteamWebClient,
  query: PriceOverviewQuery,
  session: SteamSession | null,
): Promise<PriceOverview> {
  const operation = 'priceOverview';
  const reply = await web.communityJson<{
    success?: boolean;
    lowest_price?: string;
    median_price?: string;
    volume?: string;
  }>(operation, session, {
    path: '/market/priceoverview/',
    query: { appid: query.appId ?? 730, currency: query.currencyId, market_hash_name: query.marketHashName },
    allowStatuses: [500],
  });
  if (reply.success !== true)
    throw new SteamError({
      kind: 'not_found',
      operation,
      message: `no price overview for ${query.marketHashName}`,
    });
  return {
    lowestPrice: reply.lowest_price ?? null,
    medianPrice: reply.median_price ?? null,
    lowestPriceMinor: parseSteamPrice(reply.lowest_price),
    medianPriceMinor: parseSteamPrice(reply.median_price),
    volume: parseSteamCount(reply.volume),
  };
}
