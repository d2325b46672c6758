import { ERESULT, currencyCode, formatSteamPrice } from '@toydesk/steam/wire';
import { communityAccount, requireSessionId } from '../http/auth.ts';
import { html, json } from '../http/context.ts';
import { walletPage } from '../http/pages.ts';
import type { SimRouter } from '../http/router.ts';
import {
  buyOrderView,
  cancelBuyOrder,
  createBuyOrder,
  listingView,
  priceFor,
  removeListing,
  sellItem,
} from '../state/market.ts';
import type { SimListing } from '../state/types.ts';
import { SimRefusal } from '../state/world.ts';
import type { SteamSimParts } from '../steam-sim-parts.ts';

/**
 * The Community Market under `/community/market/`: the wallet in `g_rgWalletInfo`, sellitem (JSON, HTTP 502 with
 * `{success:false, message}` on refusal), createbuyorder (`success` is an EResult: 1, 25, 29, 8; HTTP 406 with
 * need_confirmation when a mobile confirmation is needed), cancelbuyorder, removelisting (answers `[]`),
 * mylistings?norender=1 and the public priceoverview (429 when hammered; HTTP 500 `{success:false}` for a name
 * Steam does not know). The one simulated Community Market: the Steam gateway and the marketplace client
 * `SteamMarket` of @toydesk/markets both talk to it.
 */

/** mylistings' `assets`: appid → contextid → assetid → the asset; Steam sends `[]` when there are none. */
function listedAssets(listings: SimListing[]) {
  if (listings.length === 0) return [];
  const assets: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const { item } of listings) {
    const context = ((assets[item.appid] ??= {})[item.contextid] ??= {});
    context[item.assetid] = {
      currency: 0,
      appid: item.appid,
      contextid: item.contextid,
      id: item.assetid,
      classid: item.classid,
      instanceid: item.instanceid,
      amount: '1',
      status: 2,
      market_hash_name: item.market_hash_name,
    };
  }
  return assets;
}
export function registerMarketRoutes(router: SimRouter, sim: SteamSimParts): void {
  const world = sim.world;

  router.get('/community/market', (ctx) => {
    const account = communityAccount(sim, ctx);
    return html(
      walletPage({
        wallet_currency: account.wallet.currency,
        wallet_country: account.wallet.country,
        wallet_state: '',
        wallet_fee: '1',
        wallet_fee_minimum: '1',
        wallet_fee_percent: '0.05',
        wallet_publisher_fee_percent_default: '0.10',
        wallet_fee_base: '0',
        wallet_balance: String(account.wallet.balance),
        wallet_delayed_balance: String(account.wallet.delayed),
        wallet_max_balance: '200000000',
        wallet_trade_max_balance: '180000000',
        success: 1,
        rwgrsn: -2,
      }),
    );
  });

  router.post('/community/market/sellitem', (ctx) => {
    const account = communityAccount(sim, ctx);
    requireSessionId(ctx);
    try {
      sellItem(world, account, {
        appid: Number(ctx.form.appid),
        contextid: ctx.form.contextid ?? '',
        assetid: ctx.form.assetid ?? '',
        price: Number(ctx.form.price),
      });
      return json({
        success: true,
        requires_confirmation: 1,
        needs_mobile_confirmation: true,
        needs_email_confirmation: false,
        email_domain: account.email.split('@')[1] ?? '',
      });
    } catch (error) {
      if (error instanceof SimRefusal) return json({ success: false, message: error.message }, 502);
      throw error;
    }
  });

  router.post('/community/market/createbuyorder', (ctx) => {
    const account = communityAccount(sim, ctx);
    requireSessionId(ctx);
    try {
      const outcome = createBuyOrder(world, account, {
        currency: Number(ctx.form.currency),
        appid: Number(ctx.form.appid),
        hashName: ctx.form.market_hash_name ?? '',
        priceTotal: Number(ctx.form.price_total),
        quantity: Number(ctx.form.quantity),
        confirmation: ctx.form.confirmation ?? '0',
      });
      if (outcome.kind === 'needs_confirmation') {
        return json(
          {
            success: ERESULT.Pending,
            need_confirmation: true,
            confirmation: { confirmation_id: outcome.order.id },
          },
          406,
        );
      }
      return json({ success: ERESULT.OK, buy_orderid: outcome.order.id });
    } catch (error) {
      if (error instanceof SimRefusal) return json({ success: error.eresult, message: error.message });
      throw error;
    }
  });

  router.post('/community/market/cancelbuyorder', (ctx) => {
    const account = communityAccount(sim, ctx);
    requireSessionId(ctx);
    cancelBuyOrder(world, account, ctx.form.buy_orderid ?? '');
    return json({ success: ERESULT.OK });
  });

  router.post('/community/market/removelisting/:id', (ctx) => {
    const account = communityAccount(sim, ctx);
    requireSessionId(ctx);
    try {
      removeListing(world, account, ctx.params.id ?? '');
    } catch (error) {
      if (error instanceof SimRefusal) return json({ success: false, message: error.message });
      throw error;
    }
    return json([]);
  });

  router.get('/community/market/mylistings', (ctx) => {
    const account = communityAccount(sim, ctx);
    const start = Math.max(0, Number(ctx.query.get('start') ?? 0));
    const count = Math.min(100, Math.max(1, Number(ctx.query.get('count') ?? 10)));
    const mine = [...world.listings.values()].filter((listing) => listing.seller === account.steamId);
    const active = mine.filter((listing) => listing.status === 'active');
    const waiting = mine.filter((listing) => listing.status === 'to_confirm');
    return json({
      success: true,
      pagesize: count,
      total_count: active.length,
      assets: listedAssets([...active, ...waiting]),
      start,
      num_active_listings: active.length,
      listings: active.slice(start, start + count).map((listing) => listingView(world, listing)),
      listings_on_hold: [],
      listings_to_confirm: waiting.map((listing) => listingView(world, listing)),
      buy_orders: [...world.buyOrders.values()]
        .filter((order) => order.owner === account.steamId && order.status === 'active')
        .map((order) => buyOrderView(order)),
    });
  });

  router.get('/community/market/priceoverview', (ctx) => {
    const limit = world.config.priceOverviewRateLimit;
    if (!sim.windows.hit(`priceoverview:${ctx.ip}`, limit.max, limit.windowMs)) {
      sim.stats.counters.rateLimited.priceOverview++;
      return json(null, 429);
    }
    const name = ctx.query.get('market_hash_name') ?? '';
    const currency = Number(ctx.query.get('currency') ?? 1);
    const price = currencyCode(currency) === null ? null : priceFor(world, name, currency);
    if (!price || price.lowest === null || price.median === null) return json({ success: false }, 500);
    return json({
      success: true,
      lowest_price: formatSteamPrice(price.lowest, currency),
      volume: price.volume.toLocaleString('en-US'),
      median_price: formatSteamPrice(price.median, currency),
    });
  });
}
