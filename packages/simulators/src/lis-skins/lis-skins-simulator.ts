import type { Router } from '../tm/http/router.ts';
import type { KitMarketDefinition } from '../kit/kit-definition.ts';
import type { SimPurchase } from '../kit/kit-market.ts';
import { KitError } from '../kit/kit-error.ts';
import { type KitContext, type KitRoute } from '../kit/kit-types.ts';
import { hexKeyCredentials, givenKeyCredentials } from '../kit/key-auth.ts';
import { idText, iso, jsonObject, keyed, list, me } from '../kit/route-helpers.ts';
import { majorToUnits, unitsToFloat } from '../kit/kit-units.ts';

/**
 * Lis-skins (api.lis-skins.com/v1): `Authorization: Bearer <key>`, USD floats, a buy-only API (search,
 * buy, purchase info, balance). One buy call may buy several skins: they share a purchase id and the
 * caller's `custom_id`, which the simulator refuses to use twice.
 */

const PER_PAGE = 200;

const usd = (cents: number) => unitsToFloat(cents, 100);

function balance(ctx: KitContext) {
  return { data: { balance: usd(me(ctx).balance) } };
}

function search(ctx: KitContext) {
  if ((ctx.query.get('game') ?? 'csgo') !== 'csgo')
    throw new KitError('invalid_game', 'the simulator trades csgo only', 422);
  const names = ctx.query.getAll('names[]');
  const from = ctx.query.get('price_from') ? majorToUnits(ctx.query.get('price_from'), 100) : null;
  const to = ctx.query.get('price_to') ? majorToUnits(ctx.query.get('price_to'), 100) : null;
  const account = ctx.account;
  const source = names.length > 0 ? names : ctx.market.catalogue.items.map((item) => item.marketHashName);
  const rows = source
    .flatMap((name) => ctx.market.offersFor(name))
    .filter((offer) => offer.sellerId === null || offer.sellerId !== account?.id)
    .filter((offer) => (from === null || offer.price >= from) && (to === null || offer.price <= to));
  const start = Number(ctx.query.get('cursor') ?? 0) || 0;
  const data = rows.slice(start, start + PER_PAGE).map((offer) => ({
    id: Number(offer.id),
    name: offer.name,
    price: usd(offer.price),
    unlock_at: null,
    item_class_id: offer.classid,
    item_float: null,
    created_at: iso(offer.createdAt),
  }));
  const next = start + PER_PAGE < rows.length ? String(start + PER_PAGE) : null;
  return { data, meta: { per_page: PER_PAGE, next_cursor: next } };
}

function purchaseView(group: SimPurchase[], steamId: string) {
  const first = group[0]!;
  return {
    purchase_id: Number(first.group),
    steam_id: steamId,
    created_at: iso(first.at),
    custom_id: first.ref,
    skins: group.map((purchase) => ({
      id: Number(purchase.listingId),
      name: purchase.name,
      price: usd(purchase.price),
      status: 'processing',
    })),
  };
}

function buy(ctx: KitContext) {
  const account = me(ctx);
  const body = jsonObject(ctx);
  const customId = typeof body.custom_id === 'string' && body.custom_id !== '' ? body.custom_id : null;
  const ids = list(body, 'ids').map(idText);
  const maxPrice = body.max_price === undefined ? null : majorToUnits(body.max_price, 100);
  const refuse = (code: string, message: string): never => {
    ctx.stats.spend(account.id, 'buy', customId, false);
    throw new KitError(code, message, 422);
  };
  if (ids.length === 0 || ids.some((id) => id === null)) refuse('invalid_ids', 'ids must be skin ids');
  if (!body.partner || !body.token) refuse('invalid_trade_link', 'partner and token are required');
  if (customId && account.purchases.some((purchase) => purchase.ref === customId)) {
    refuse('custom_id_already_exists', 'a purchase with this custom_id exists');
  }
  const offers = (ids as string[]).map((id) => ctx.market.findListing(id)?.listing);
  if (offers.some((offer) => !offer || offer.status !== 'active'))
    refuse('skins_unavailable', 'some skins are sold');
  const total = offers.reduce((sum, offer) => sum + (offer?.price ?? 0), 0);
  if (maxPrice !== null && total > maxPrice) refuse('price_too_high', 'the skins cost more than max_price');
  if (account.balance < total) refuse('insufficient_funds', 'not enough money on the balance');
  const group: SimPurchase[] = [];
  for (const offer of offers) {
    const purchase = ctx.market.buy(account, { listingId: offer!.id, maxPrice: offer!.price, ref: customId });
    group.push(purchase);
  }
  for (const purchase of group) purchase.group = group[0]!.id;
  ctx.stats.spend(account.id, 'buy', customId, true);
  return { data: purchaseView(group, account.steamid) };
}

function info(ctx: KitContext) {
  const account = me(ctx);
  const customIds = new Set(ctx.query.getAll('custom_ids[]'));
  const purchaseIds = new Set(ctx.query.getAll('purchase_ids[]'));
  const groups = new Map<string, SimPurchase[]>();
  for (const purchase of account.purchases) {
    if (!purchase.group) continue;
    const wanted = (purchase.ref !== null && customIds.has(purchase.ref)) || purchaseIds.has(purchase.group);
    if (!wanted) continue;
    groups.set(purchase.group, [...(groups.get(purchase.group) ?? []), purchase]);
  }
  return { data: [...groups.values()].map((group) => purchaseView(group, account.steamid)) };
}

function registerRoutes(router: Router<KitRoute>): void {
  router.add(['GET'], '/v1/user/balance', keyed('user/balance', balance));
  router.add(['GET'], '/v1/market/search', keyed('market/search', search));
  router.add(['POST'], '/v1/market/buy', keyed('market/buy', buy));
  router.add(['GET'], '/v1/market/info', keyed('market/info', info));
}

const UNAUTHENTICATED = { message: 'Unauthenticated.' };

export const LIS_SKINS_SIMULATOR: KitMarketDefinition = {
  name: 'lis_skins',
  unitsPerMajor: 100,
  // marketplaces.md knows no Lis-skins rate limit: none by default (set one via POST _control/config).
  defaultConfig: { currency: 'USD', rateLimits: {} },
  registerRoutes,
  newCredentials: hexKeyCredentials(24),
  givenCredentials: givenKeyCredentials,
  authenticate(req, env) {
    const header = req.headers.authorization;
    if (!header) return { kind: 'none' };
    // A header without the Bearer scheme is a wrong credential, not a missing one.
    const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : null;
    const account = env.market.accountByAuthKey(token);
    if (account) return { kind: 'ok', account };
    return { kind: 'refused', status: 401, body: UNAUTHENTICATED };
  },
  errorBody(status, code, message) {
    if (status === 401) return UNAUTHENTICATED;
    if (status === 429) return { error: 'too_many_requests', message: 'Too Many Attempts.' };
    return { error: code, message };
  },
};
