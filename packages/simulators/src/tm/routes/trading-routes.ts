import { createHash } from 'node:crypto';

import type { ApiTable } from '../http/api-table.ts';
import { fail, param } from '../http/context.ts';
import { owedListings, registerTradeOffer } from '../state/sales.ts';
import type { TmMarket } from '../state/tm-market.ts';
import type { Account, Listing } from '../state/types.ts';
import { TM_ERRORS } from '../tm-errors.ts';
import { unixSeconds } from './route-helpers.ts';

/**
 * P2P trading (marketplaces.md 1.3). p2p-all keeps listing an owed offer until the trade is accepted or
 * fails, registered or not: the bot must remember which offer codes it already sent.
 */

function offerGroups(market: TmMarket, account: Account): Listing[][] {
  const groups = new Map<string, Listing[]>();
  for (const listing of owedListings(market, account.key)) {
    const code = listing.sale?.offerCode ?? '';
    groups.set(code, [...(groups.get(code) ?? []), listing]);
  }
  return [...groups.values()];
}

function offerView(group: Listing[]) {
  const sale = group[0]?.sale;
  return {
    partner: sale?.partner ?? 0,
    token: sale?.token ?? '',
    tradeoffermessage: sale?.offerCode ?? '',
    items: group.map((listing) => ({ appid: 730, contextid: '2', assetid: listing.assetid, amount: 1 })),
  };
}

const offersHash = (groups: Listing[][]) =>
  createHash('md5')
    .update(groups.map((group) => group.map((listing) => listing.item_id).join(',')).join(';'))
    .digest('hex');

export function registerTradingRoutes(api: ApiTable): void {
  api.get('/api/v2/trade-request-give-p2p-all', 'trade-request-give-p2p-all', (ctx, account) => {
    const groups = offerGroups(ctx.market, account);
    if (groups.length === 0) return fail(TM_ERRORS.nothing);
    return { success: true, hash: offersHash(groups), offers: groups.map(offerView) };
  });

  api.get('/api/v2/trade-request-give-p2p', 'trade-request-give-p2p', (ctx, account) => {
    const groups = offerGroups(ctx.market, account);
    const first = groups[0];
    if (!first) return fail(TM_ERRORS.nothing);
    return { success: true, hash: offersHash([first]), offer: offerView(first) };
  });

  api.get('/api/v2/trade-ready', 'trade-ready', (ctx, account) => {
    const tradeoffer = param(ctx, 'tradeoffer');
    if (tradeoffer === null || !/^\d{1,20}$/.test(tradeoffer)) return fail(TM_ERRORS.badInput);
    registerTradeOffer(ctx.market, account.key, tradeoffer);
    return { success: true };
  });

  api.get('/api/v2/trades', 'trades', (ctx, account) => {
    const { market } = ctx;
    const extended = param(ctx, 'extended') === '1';
    const out = new Map<string, Listing[]>();
    for (const listing of owedListings(market, account.key)) {
      const id = listing.sale?.tradeoffer;
      if (id) out.set(id, [...(out.get(id) ?? []), listing]);
    }
    const trades: Record<string, unknown>[] = [...out].map(([tradeoffer, group]) => {
      const sale = group[0]?.sale;
      const trade: Record<string, unknown> = {
        dir: 'out',
        trade_id: tradeoffer,
        bot_id: String(sale?.partner ?? ''),
        timestamp: unixSeconds(sale?.registeredAt ?? 0),
      };
      if (extended) {
        trade.secret = sale?.offerCode ?? '';
        trade.nik = sale?.buyerNick ?? '';
        trade.list_item_id = Object.fromEntries(
          group.map((l) => [
            l.item_id,
            { id: l.item_id, assetid: l.assetid, classid: l.classid, instanceid: l.instanceid },
          ]),
        );
      }
      return trade;
    });
    for (const purchase of market.purchases.values()) {
      if (purchase.buyerKey !== account.key || purchase.status !== 4 || !purchase.tradeoffer) continue;
      const trade: Record<string, unknown> = {
        dir: 'in',
        trade_id: purchase.tradeoffer,
        bot_id: String(purchase.sellerSteamid32),
        timestamp: unixSeconds(purchase.offeredAt ?? purchase.createdAt),
      };
      if (extended) {
        trade.secret = purchase.id.slice(-4);
        trade.nik = purchase.sellerNick;
        trade.list_item_id = {
          [purchase.id]: {
            id: purchase.id,
            assetid: purchase.assetid,
            classid: purchase.classid,
            instanceid: purchase.instanceid,
          },
        };
      }
      trades.push(trade);
    }
    return { success: true, trades };
  });
}
