import type { TmClient, TmHistoryEntry, TmItem, TmP2POffer } from '@toydesk/markets';
import {
  markFinal,
  markSent,
  markTradeReady,
  notePending,
  noteSteamState,
  openDeliveries,
  type DeliveryRow,
} from '@toydesk/db';
import { TRADE_OFFER_STATES, tradeOfferStateName, tradeUrlFor, type TradeOffer } from '@toydesk/steam';

import { tmClientFor } from '../../market-accounts.ts';
import { openSteamScope, type SteamScope } from '../../steam/steam-scope.ts';
import { recordSale } from '../ledger.ts';
import type { LoopTickResult, TradingContext } from '../trading-loop.ts';

/**
 * Deliver sold items on a tm-family market (marketplaces.md 1.3), one tick:
 *
 * 1. `items`: deals with status 2 (sold, hand the item over) become deliveries (`bot_delivery`);
 * 2. `trade-request-give-p2p-all`: the offers the buyers expect, one per offer code; for each code not sent
 *    yet, the Steam offer (once per code: an interrupted send is looked up among our sent offers before
 *    anything is sent again), its mobile confirmation, then `trade-ready`;
 * 3. offers sent but not registered (a confirmation or trade-ready that failed) are taken on from where
 *    they stopped;
 * 4. Steam's side: offers the buyer declined, that expired or were cancelled end their deliveries as
 *    failed, with a delivery-failed alert;
 * 5. the market's side: a deal that left `items` is final; operation-history says how (stage 2 done: the
 *    sale goes into the ledger; stage 5 failed: an alert).
 */

/** ETradeOfferState values after which the items will not move: the delivery failed. */
const FAILED_STATES = new Set<number>([
  TRADE_OFFER_STATES.Invalid,
  TRADE_OFFER_STATES.Countered,
  TRADE_OFFER_STATES.Expired,
  TRADE_OFFER_STATES.Canceled,
  TRADE_OFFER_STATES.Declined,
  TRADE_OFFER_STATES.InvalidItems,
  TRADE_OFFER_STATES.CanceledBySecondFactor,
]);
const NEEDS_CONFIRMATION = TRADE_OFFER_STATES.CreatedNeedsConfirmation;

/** How far back operation-history is read for a deal that left `items` (tm dates the entry at its end). */
const HISTORY_MARGIN_MS = 24 * 3600_000;

interface SentOffer {
  offerId: string;
  state: number;
}

interface Tally {
  sent: number;
  ready: number;
  delivered: number;
  failed: number;
  wouldSend: number;
  errors: string[];
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

function soldDeals(items: TmItem[]) {
  return items
    .filter((item) => item.status === '2')
    .map((item) => ({
      dealId: item.itemId,
      assetId: item.assetId,
      marketHashName: item.marketHashName,
      classidInstanceid: item.classid ? `${item.classid}_${item.instanceid ?? '0'}` : null,
      price: item.price,
      currency: item.currency,
    }));
}

export async function deliverTmTick(ctx: TradingContext): Promise<LoopTickResult> {
  const { runtime, account } = ctx;
  const db = runtime.db;
  const tm = tmClientFor(runtime, account, ctx.job.signal);
  const sold = soldDeals(await tm.selling.items());
  await notePending(db, account, sold);
  const before = await openDeliveries(db, account.id);
  if (before.length === 0)
    return { summary: 'nothing to deliver', text: { code: 'deliver.none', params: {} } };
  let open = before;

  const tally: Tally = { sent: 0, ready: 0, delivered: 0, failed: 0, wouldSend: 0, errors: [] };
  let scope: SteamScope | null = null;
  const steam = async () => (scope ??= await openSteamScope(ctx.job, account.steamAccount));
  const soldIds = new Set(sold.map((deal) => deal.dealId));

  // 2. Offers owed and not sent yet.
  if (open.some((row) => row.state === 'pending' && soldIds.has(row.deal_id))) {
    const { offers } = await tm.trading.giveP2PAll();
    for (const offer of offers) {
      try {
        await sendOwedOffer(ctx, tm, steam, offer, open, tally);
      } catch (error) {
        // A lost lease or the time limit ends the tick here, not after trying every other offer.
        ctx.job.signal.throwIfAborted();
        tally.errors.push(`offer ${offer.tradeOfferMessage}: ${message(error)}`);
      }
    }
    open = await openDeliveries(db, account.id);
  }

  // 3. Offers sent by an earlier tick whose confirmation or trade-ready did not go through: take them on
  // (those of this tick wait for the next one, as a retry should).
  const unregistered = new Set(
    before.filter((row) => row.state === 'sent' && row.offer_id).map((row) => row.offer_id!),
  );
  for (const offerId of unregistered) {
    try {
      const scoped = await steam();
      const offer = await scoped.withSession((session) => scoped.gateway.getOffer(session, offerId));
      await finishOffer(ctx, tm, scoped, offerId, offer.state, tally);
    } catch (error) {
      // A lost lease or the time limit ends the tick here, not after trying every other offer.
      ctx.job.signal.throwIfAborted();
      tally.errors.push(`offer ${offerId}: ${message(error)}`);
    }
  }

  // 4. Steam's side of the offers in flight.
  const inFlight = open.filter(
    (row) => row.offer_id && (row.state === 'sent' || row.state === 'trade_ready'),
  );
  if (inFlight.length > 0) {
    try {
      await followSteamOffers(ctx, await steam(), inFlight, tally);
    } catch (error) {
      // A lost lease or the time limit ends the tick here, not after trying every other offer.
      ctx.job.signal.throwIfAborted();
      tally.errors.push(`Steam offers: ${message(error)}`);
    }
  }

  // 5. The market's side: deals that left `items` are final.
  const gone = (await openDeliveries(db, account.id)).filter((row) => !soldIds.has(row.deal_id));
  if (gone.length > 0) await settleGoneDeals(ctx, tm, gone, tally);

  const parts = [
    tally.sent && `${tally.sent} offers sent`,
    tally.wouldSend && `${tally.wouldSend} offers would be sent (dry run)`,
    tally.ready && `${tally.ready} registered with trade-ready`,
    tally.delivered && `${tally.delivered} delivered`,
    tally.failed && `${tally.failed} failed`,
  ].filter(Boolean);
  const summary = parts.length > 0 ? parts.join(', ') : `${open.length} deliveries in progress`;
  // The tick still did what it could for the other offers; failing it shows the error and retries the rest.
  if (tally.errors.length > 0) throw new Error(`${summary}; ${tally.errors.join('; ')}`);
  return {
    summary,
    text: {
      code: 'deliver.done',
      params: {
        sent: tally.sent,
        would_send: tally.wouldSend,
        ready: tally.ready,
        delivered: tally.delivered,
        failed: tally.failed,
        in_progress: open.length,
      },
    },
  };
}

async function sendOwedOffer(
  ctx: TradingContext,
  tm: TmClient,
  steam: () => Promise<SteamScope>,
  offer: TmP2POffer,
  open: DeliveryRow[],
  tally: Tally,
): Promise<void> {
  const { account } = ctx;
  const assets = new Set(offer.items.map((item) => item.assetid));
  const deals = open.filter((row) => row.asset_id !== null && assets.has(row.asset_id));
  // A deal `items` does not show yet: the next tick sends it with the rest of its offer.
  if (deals.length < assets.size) return;
  // p2p-all lists an offer until the buyer accepts it or the deal fails, registered or not.
  if (deals.every((row) => row.offer_id)) return;
  const code = offer.tradeOfferMessage;
  const detail = {
    offer_code: code,
    deals: deals.map((row) => row.deal_id),
    items: deals.map((row) => row.market_hash_name),
    partner: offer.partner,
  };
  const sent = await ctx.act({ kind: 'offer-sent', detail }, async () => {
    const scoped = await steam();
    await assertCanConfirm(ctx, scoped);
    return sendOnce(ctx, scoped, offer);
  });
  if (!sent) {
    tally.wouldSend += 1;
    return;
  }
  tally.sent += 1;
  await markSent(ctx.runtime.db, account.id, detail.deals, {
    code,
    offerId: sent.offerId,
    steamState: tradeOfferStateName(sent.state),
  });
  await finishOffer(ctx, tm, await steam(), sent.offerId, sent.state, tally);
}

/** An offer that gives items needs a mobile confirmation: without identity_secret none is sent. */
async function assertCanConfirm(ctx: TradingContext, scope: SteamScope): Promise<void> {
  try {
    scope.identitySecret();
  } catch (error) {
    await ctx.alert({
      kind: 'delivery-failed',
      severity: 'error',
      message: `${ctx.account.label}: sold items wait, but the Steam account has no identity_secret to confirm offers`,
      details: { reason: 'no identity_secret' },
    });
    throw error;
  }
}

/**
 * The Steam offer for one offer code, sent at most once: the once-marker is keyed by account and code; an
 * attempt that finds it unfinished (a killed worker, a lost answer) looks for our sent offer carrying the
 * code as its message before sending again.
 */
function sendOnce(ctx: TradingContext, scope: SteamScope, offer: TmP2POffer): Promise<SentOffer> {
  const code = offer.tradeOfferMessage;
  return ctx.job.once<SentOffer>(
    `deliver:${ctx.account.id}:${code}`,
    async () => {
      const { sent } = await scope.withSession((session) =>
        scope.gateway.getOffers(session, { filter: 'all' }),
      );
      const found = sent.find((candidate) => candidate.message === code);
      if (found) await ctx.job.log(`offer ${found.id} for ${code} found on Steam: not sent again`);
      return found ? { offerId: found.id, state: found.state } : null;
    },
    async () => {
      const created = await scope.withSession((session) =>
        scope.gateway.createOffer(session, {
          tradeUrl: tradeUrlFor(Number(offer.partner), offer.token),
          assets: offer.items.map((item) => ({
            appId: item.appid,
            contextId: item.contextid,
            assetId: item.assetid,
            amount: item.amount,
          })),
          message: code,
        }),
      );
      return { offerId: created.offerId, state: created.state };
    },
  );
}

/** The offer's mobile confirmation (when Steam waits for it), then trade-ready. */
async function finishOffer(
  ctx: TradingContext,
  tm: TmClient,
  scope: SteamScope,
  offerId: string,
  state: number,
  tally: Tally,
): Promise<void> {
  const db = ctx.runtime.db;
  if (FAILED_STATES.has(state)) {
    await failOffer(ctx, offerId, state, tally);
    return;
  }
  let current = state;
  if (current === NEEDS_CONFIRMATION) {
    const identitySecret = scope.identitySecret();
    const confirmed = await ctx.act({ kind: 'offer-confirmed', detail: { offer_id: offerId } }, async () => {
      try {
        await scope.withSession((session) =>
          scope.gateway.acceptConfirmation(session, { identitySecret, objectId: offerId }),
        );
        return TRADE_OFFER_STATES.Active as number;
      } catch (error) {
        // Another attempt (an abandoned tick that came back) may have confirmed it already: Steam knows.
        const offer = await scope.withSession((session) => scope.gateway.getOffer(session, offerId));
        if (offer.state === NEEDS_CONFIRMATION) throw error;
        return offer.state;
      }
    });
    if (confirmed === null) return;
    if (FAILED_STATES.has(confirmed)) {
      await failOffer(ctx, offerId, confirmed, tally);
      return;
    }
    current = confirmed;
    await noteSteamState(db, ctx.account.id, offerId, tradeOfferStateName(current));
  }
  const registered = await ctx.act({ kind: 'trade-ready', detail: { offer_id: offerId } }, async () => {
    await tm.trading.tradeReady(offerId);
    return true;
  });
  if (!registered) return;
  await markTradeReady(db, ctx.account.id, offerId, tradeOfferStateName(current));
  tally.ready += 1;
}

/** One read of our offers: those Steam ended without the trade fail their deliveries. */
async function followSteamOffers(
  ctx: TradingContext,
  scope: SteamScope,
  rows: DeliveryRow[],
  tally: Tally,
): Promise<void> {
  const oldest = Math.min(...rows.map((row) => Date.parse(row.offer_sent_at ?? row.sold_seen_at)));
  const { sent } = await scope.withSession((session) =>
    scope.gateway.getOffers(session, { filter: 'active', since: new Date(oldest - 60_000).toISOString() }),
  );
  const byId = new Map<string, TradeOffer>(sent.map((offer) => [offer.id, offer]));
  for (const offerId of new Set(rows.map((row) => row.offer_id!))) {
    const offer = byId.get(offerId);
    if (!offer) continue;
    const last = rows.find((row) => row.offer_id === offerId)?.steam_state;
    if (FAILED_STATES.has(offer.state)) await failOffer(ctx, offerId, offer.state, tally);
    else if (last !== offer.stateName)
      await noteSteamState(ctx.runtime.db, ctx.account.id, offerId, offer.stateName);
  }
}

async function failOffer(ctx: TradingContext, offerId: string, state: number, tally: Tally): Promise<void> {
  const stateName = tradeOfferStateName(state);
  const ended = await markFinal(
    ctx.runtime.db,
    ctx.account.id,
    { offerId },
    'failed',
    `Steam offer ${stateName}`,
    stateName,
  );
  if (ended.length === 0) return;
  tally.failed += ended.length;
  await ctx.alert({
    kind: 'delivery-failed',
    severity: 'error',
    message: `${ctx.account.label}: Steam offer ${offerId} ended ${stateName}; deals ${ended.join(', ')} not delivered`,
    details: { offer_id: offerId, steam_state: stateName, deals: ended },
  });
}

/** Deals that left `items`: operation-history says whether they were delivered or failed. */
async function settleGoneDeals(
  ctx: TradingContext,
  tm: TmClient,
  gone: DeliveryRow[],
  tally: Tally,
): Promise<void> {
  const { runtime, account } = ctx;
  const oldest = Math.min(...gone.map((row) => Date.parse(row.sold_seen_at)));
  const history = await tm.history.operationHistory(new Date(oldest - HISTORY_MARGIN_MS));
  const sells = new Map<string, TmHistoryEntry>();
  for (const entry of history) if (entry.event === 'sell' && entry.itemId) sells.set(entry.itemId, entry);
  for (const row of gone) {
    const entry = sells.get(row.deal_id);
    if (entry?.stage === '2') {
      await recordSale(runtime.db, {
        market: account.market,
        externalId: row.deal_id,
        marketAccount: account.id,
        steamAccount: account.steamAccount,
        marketHashName: row.market_hash_name,
        classidInstanceid: row.classid_instanceid,
        price: entry.paid ?? row.price,
        amount: entry.received ?? entry.paid ?? row.price,
        currency: account.currency,
        assetId: row.asset_id,
        offerId: row.offer_id,
        date: new Date(entry.time * 1000).toISOString(),
      });
      const ended = await markFinal(runtime.db, account.id, { dealIds: [row.deal_id] }, 'delivered', null);
      tally.delivered += ended.length;
    } else if (entry?.stage === '5') {
      const ended = await markFinal(
        runtime.db,
        account.id,
        { dealIds: [row.deal_id] },
        'failed',
        'the market failed the deal',
      );
      if (ended.length === 0) continue;
      tally.failed += 1;
      await ctx.alert({
        kind: 'delivery-failed',
        severity: 'error',
        message: `${account.label}: the market failed deal ${row.deal_id} (${row.market_hash_name})${
          row.offer_id ? `, Steam offer ${row.offer_id}` : ', no offer was sent'
        }`,
        details: { deal_id: row.deal_id, offer_id: row.offer_id, market_hash_name: row.market_hash_name },
      });
    }
    // Not in the history yet: the next tick looks again.
  }
}
