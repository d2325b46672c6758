import type { KeyObject } from 'node:crypto';

import type { Router } from '../tm/http/router.ts';
import type { KitMarketDefinition } from '../kit/kit-definition.ts';
import type { SimAccount, SimHistoryEntry, SimListing, SimOrder } from '../kit/kit-market.ts';
import { KitError } from '../kit/kit-error.ts';
import { type AuthResult, type KitContext, type KitRoute } from '../kit/kit-types.ts';
import {
  entry,
  idText,
  jsonObject,
  keyed,
  list,
  me,
  positiveInt,
  unixSeconds,
} from '../kit/route-helpers.ts';
import { placeCountedOrder } from '../kit/place-order.ts';
import { majorToUnits, unitsToDecimal, unitsToFloat } from '../kit/kit-units.ts';
import {
  generateDmarketKeyPair,
  publicKeyFromHex,
  signedText,
  verifyDmarketSignature,
} from './dmarket-signature.ts';

/**
 * DMarket (api.dmarket.com): every account call is Ed25519-signed (see dmarket-signature.ts). Units as
 * DMarket's own: the marketplace API (offers, targets, inventory) carries `{Currency:'USD', Amount:<dollars>}`;
 * the exchange API carries cent strings; the balance carries dollar decimal strings (see `balance`). CS2 is game
 * `a8db`.
 */

const GAME = 'a8db';
const keys = new WeakMap<SimAccount, KeyObject>();

const dollars = (cents: number) => ({ Currency: 'USD', Amount: unitsToFloat(cents, 100) });

function priceOf(value: unknown): number | null {
  const price = entry(value ?? {}, 'Price');
  if (price.Currency !== undefined && price.Currency !== 'USD') return null;
  const cents = majorToUnits(price.Amount, 100);
  return cents !== null && cents > 0 ? cents : null;
}

function page<T>(ctx: KitContext, rows: T[]): { rows: T[]; total: string } {
  const limit = Math.min(positiveInt(ctx.query.get('Limit') ?? ctx.query.get('limit')) ?? 100, 1000);
  const offset = Number(ctx.query.get('Offset') ?? ctx.query.get('offset') ?? 0) || 0;
  return { rows: rows.slice(offset, offset + limit), total: String(rows.length) };
}

function checkGame(
  ctx: KitContext,
  value: unknown = ctx.query.get('GameID') ?? ctx.query.get('gameId'),
): void {
  if (value !== null && value !== undefined && value !== GAME)
    throw new KitError('InvalidGameID', 'unknown game');
}

const failure = (code: string, message: string) => ({ Code: code, Message: message });

/**
 * The balance as real answers carry it: dollar decimal strings with two places, DMC too
 * (`{"dmc":"0.00","dmcAvailableToWithdraw":"0.00","usd":"0.00","usdAvailableToWithdraw":"0.00"}`), not the
 * cent digit strings the documentation describes. Clients must read both; the simulator sends the real form.
 */
function balance(ctx: KitContext) {
  const dollars = unitsToDecimal(me(ctx).balance, 100);
  return { dmc: '0.00', dmcAvailableToWithdraw: '0.00', usd: dollars, usdAvailableToWithdraw: dollars };
}

/** One page of the user's inventory, offers or targets in DMarket's `{ Items, Total, Cursor }`. */
function itemsPage<T>(ctx: KitContext, items: T[]) {
  checkGame(ctx);
  const { rows, total } = page(ctx, items);
  return { Items: rows, Total: total, Cursor: '' };
}

function inventory(ctx: KitContext) {
  const items = [...me(ctx).items.values()].map((item) => {
    const ref = ctx.market.catalogue.byHashName(item.name);
    return {
      AssetID: item.assetId,
      Title: item.name,
      ClassID: item.classid,
      Tradable: item.tradable,
      InMarket: true,
      MarketPrice: dollars(ref ? ctx.market.refUnits(ref) : 0),
    };
  });
  return itemsPage(ctx, items);
}

function offerView(listing: SimListing) {
  return {
    AssetID: listing.assetId,
    Title: listing.name,
    ClassID: listing.classid,
    Offer: {
      OfferID: listing.id,
      Price: dollars(listing.price),
      CreatedDate: unixSeconds(listing.createdAt),
    },
  };
}

/**
 * One entry of a batch call (DMarket answers each entry of Offers or Targets on its own): `run`'s answer, or
 * `refused`'s when the market refused that entry; the other entries go on.
 */
function entryResult(run: () => object, refused: (error: KitError) => object): object {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof KitError)) throw error;
    return refused(error);
  }
}

function userOffers(ctx: KitContext) {
  return itemsPage(ctx, [...me(ctx).listings.values()].map(offerView));
}

function createOffers(ctx: KitContext) {
  const account = me(ctx);
  const Result = list(jsonObject(ctx), 'Offers').map((raw) => {
    const offer = entry(raw, 'Offers[]');
    const assetId = idText(offer.AssetID);
    const price = priceOf(offer.Price);
    const CreateOffer = { AssetID: offer.AssetID, Price: offer.Price };
    return entryResult(
      () => {
        if (assetId === null || price === null)
          throw new KitError('InvalidRequest', 'AssetID and a USD Price');
        const listing = ctx.market.list(account, assetId, price);
        return { CreateOffer, OfferID: listing.id, Successful: true, Error: null };
      },
      (error) => ({ CreateOffer, OfferID: '', Successful: false, Error: failure(error.code, error.message) }),
    );
  });
  return { Result };
}

function editOffers(ctx: KitContext) {
  const account = me(ctx);
  const Result = list(jsonObject(ctx), 'Offers').map((raw) => {
    const offer = entry(raw, 'Offers[]');
    const offerId = idText(offer.OfferID) ?? '';
    const price = priceOf(offer.Price);
    const EditOffer = { OfferID: offer.OfferID, AssetID: offer.AssetID, Price: offer.Price };
    if (price === null)
      return { EditOffer, Successful: false, Error: failure('InvalidRequest', 'a USD Price') };
    return entryResult(
      () => {
        ctx.market.reprice(account, offerId, price);
        return { EditOffer, NewOfferID: offerId, Successful: true, Error: null };
      },
      (error) => ({ EditOffer, Successful: false, Error: failure('OfferNotFound', error.message) }),
    );
  });
  return { Result };
}

function deleteOffers(ctx: KitContext) {
  const account = me(ctx);
  const Result = list(jsonObject(ctx), 'Offers').map((raw) => {
    const offerId = idText(entry(raw, 'Offers[]').OfferID) ?? '';
    const DeleteOffer = { OfferID: offerId };
    return entryResult(
      () => {
        ctx.market.delist(account, offerId);
        return { DeleteOffer, Successful: true, Error: null };
      },
      (error) => ({ DeleteOffer, Successful: false, Error: failure('OfferNotFound', error.message) }),
    );
  });
  return { Result };
}

/**
 * One page of the account's closed trades on one side, newest first (closed offers sell, closed targets buy):
 * `view` names the trade's own id and close time, the rest is alike.
 */
function closedTrades<T>(ctx: KitContext, side: SimHistoryEntry['side'], view: (row: SimHistoryEntry) => T) {
  const rows = me(ctx)
    .history.filter((row) => row.side === side)
    .sort((a, b) => b.at - a.at)
    .map((row) => ({
      ...view(row),
      AssetID: row.assetId,
      Title: row.name,
      Price: dollars(row.price),
      Status: 'successful',
    }));
  const { rows: Trades, total } = page(ctx, rows);
  return { Trades, Total: total, Cursor: '' };
}

function closedOffers(ctx: KitContext) {
  return closedTrades(ctx, 'sell', (row) => ({
    OfferID: row.listingId,
    OfferClosedAt: unixSeconds(row.at),
  }));
}

function marketItems(ctx: KitContext) {
  checkGame(ctx, ctx.query.get('gameId'));
  const currency = ctx.query.get('currency') ?? 'USD';
  if (currency !== 'USD') throw new KitError('InvalidCurrency', 'USD only');
  const title = (ctx.query.get('title') ?? '').toLowerCase();
  const limit = Math.min(positiveInt(ctx.query.get('limit')) ?? 100, 100);
  const names = ctx.market.catalogue.items
    .map((item) => item.marketHashName)
    .filter((name) => !title || name.toLowerCase().includes(title));
  const offers = names.flatMap((name) => ctx.market.offersFor(name));
  const objects = offers.slice(0, limit).map((offer) => ({
    itemId: offer.id,
    title: offer.name,
    amount: 1,
    classId: offer.classid,
    gameId: GAME,
    type: 'item',
    inMarket: true,
    price: { USD: String(offer.price) },
  }));
  return { objects, total: { items: String(offers.length), offers: String(offers.length) }, cursor: '' };
}

function targetView(order: SimOrder) {
  return {
    TargetID: order.id,
    Title: order.name,
    Amount: String(order.remaining),
    Status: 'TargetStatusActive',
    Price: dollars(order.price),
    CreatedAt: unixSeconds(order.createdAt),
  };
}

function createTargets(ctx: KitContext) {
  const account = me(ctx);
  const body = jsonObject(ctx);
  checkGame(ctx, body.GameID);
  const Result = list(body, 'Targets').map((raw) => {
    const target = entry(raw, 'Targets[]');
    const CreateTarget = { Title: target.Title, Amount: target.Amount, Price: target.Price };
    const request = {
      name: typeof target.Title === 'string' ? target.Title : null,
      price: priceOf(target.Price),
      quantity: positiveInt(target.Amount),
    };
    const missing = new KitError('InvalidRequest', 'Title, Amount, Price');
    return entryResult(
      () => {
        const order = placeCountedOrder(ctx, account, request, missing);
        return { CreateTarget, TargetID: order.id, Successful: true, Error: null };
      },
      (error) => ({
        CreateTarget,
        TargetID: '',
        Successful: false,
        Error: failure(error.code, error.message),
      }),
    );
  });
  return { Result };
}

function userTargets(ctx: KitContext) {
  return itemsPage(ctx, [...me(ctx).orders.values()].map(targetView));
}

function deleteTargets(ctx: KitContext) {
  const account = me(ctx);
  const Result = list(jsonObject(ctx), 'Targets').map((raw) => {
    const targetId = idText(entry(raw, 'Targets[]').TargetID) ?? '';
    const Successful = ctx.market.cancelOrder(account, targetId);
    return {
      DeleteTarget: { TargetID: targetId },
      Successful,
      Error: Successful ? null : failure('TargetNotFound', 'target not found'),
    };
  });
  return { Result };
}

function closedTargets(ctx: KitContext) {
  return closedTrades(ctx, 'buy', (row) => ({
    TargetID: row.orderId,
    ClosedAt: unixSeconds(row.at),
  }));
}

function registerRoutes(router: Router<KitRoute>): void {
  // Every route needs the Ed25519-signed headers.
  const signed = keyed;
  const api = '/marketplace-api/v1';
  router.add(['GET'], '/account/v1/balance', signed('balance', balance));
  router.add(['GET'], `${api}/user-inventory`, signed('user-inventory', inventory));
  router.add(['GET'], `${api}/user-offers`, signed('user-offers', userOffers));
  router.add(['POST'], `${api}/user-offers/create`, signed('user-offers/create', createOffers));
  router.add(['POST'], `${api}/user-offers/edit`, signed('user-offers/edit', editOffers));
  router.add(['POST'], `${api}/user-offers/delete`, signed('user-offers/delete', deleteOffers));
  router.add(['GET'], `${api}/user-offers/closed`, signed('user-offers/closed', closedOffers));
  router.add(['GET'], `${api}/user-targets`, signed('user-targets', userTargets));
  router.add(['POST'], `${api}/user-targets/create`, signed('user-targets/create', createTargets));
  router.add(['POST'], `${api}/user-targets/delete`, signed('user-targets/delete', deleteTargets));
  router.add(['GET'], `${api}/user-targets/closed`, signed('user-targets/closed', closedTargets));
  router.add(['GET'], '/exchange/v1/market/items', {
    name: 'market/items',
    auth: 'optional',
    bucket: 'market-items',
    handler: marketItems,
  });
}

const refused = (code: string, message: string, accountId?: string): AuthResult => ({
  kind: 'refused',
  status: 401,
  body: { code, message },
  ...(accountId ? { accountId } : {}),
});

function publicKeyOf(account: SimAccount): KeyObject | null {
  let key = keys.get(account);
  if (!key) {
    key = publicKeyFromHex(account.authKey) ?? undefined;
    if (key) keys.set(account, key);
  }
  return key ?? null;
}

export const DMARKET_SIMULATOR: KitMarketDefinition = {
  name: 'dmarket',
  unitsPerMajor: 100,
  // DMarket support: authorized, 20 RPS cumulative for most calls and 10 RPS for market items.
  defaultConfig: {
    currency: 'USD',
    rateLimits: { default: { limit: 20, windowMs: 1000 }, 'market-items': { limit: 10, windowMs: 1000 } },
  },
  registerRoutes,
  newCredentials() {
    const pair = generateDmarketKeyPair();
    return {
      credential: `${pair.publicHex}:${pair.secretHex}`,
      authKey: pair.publicHex,
      extra: { publicKey: pair.publicHex, secretKey: pair.secretHex },
    };
  },
  authenticate(req, env) {
    const apiKey = req.headers['x-api-key']?.toLowerCase();
    const date = req.headers['x-sign-date'];
    const sign = req.headers['x-request-sign'];
    if (!apiKey && !date && !sign) return { kind: 'none' };
    const account = env.market.accountByAuthKey(apiKey);
    if (!account) return refused('Unauthorized', 'unknown api key');
    if (!date || !/^\d{1,12}$/.test(date))
      return refused('InvalidSignDate', 'X-Sign-Date must be unix seconds', account.id);
    const ageMs = env.realNowMs - Number(date) * 1000;
    const maxAge = env.market.config.signatureMaxAgeMs;
    if (ageMs > maxAge || ageMs < -maxAge)
      return refused('RequestExpired', 'X-Sign-Date is too old or in the future', account.id);
    const key = publicKeyOf(account);
    const pathAndQuery = req.search ? `${req.path}?${req.search}` : req.path;
    if (
      !key ||
      !sign ||
      !verifyDmarketSignature(key, signedText(req.method, pathAndQuery, req.body, date), sign)
    ) {
      return refused('InvalidSignature', 'the request signature does not match', account.id);
    }
    return { kind: 'ok', account };
  },
  errorBody(status, code, message) {
    if (status === 401) return { code: 'Unauthorized', message: 'authorization required' };
    if (status === 429) return { code: 'TooManyRequests', message: 'rate limit exceeded' };
    return { code, message };
  },
};
