import type { MarketCode } from '@toydesk/contract';
import { bulkInsert } from '@toydesk/db';

import { HOUR, MINUTE, type DemoContext } from './demo-context.ts';
import { IdSequence } from './id-sequence.ts';
import type { DemoMarketAccount } from './market-accounts.ts';
import { formatMinor } from './minor-units.ts';
import type { Random } from './prng.ts';
import type { DemoSale } from './sell-items.ts';

/**
 * bot_delivery: what the bots' deliver loop would have recorded for the demo's sales on the tm family (the
 * only markets with a delivery flow): the delivered ones, the failed ones with why, and the ones in flight
 * (sold, offer sent, registered with trade-ready) in step with their sell_item status (sold → pending,
 * delivering → sent or trade_ready).
 *
 * Deliveries in flight go only on accounts whose deliver loop does not run (switched off, or the account
 * not active): that loop would otherwise follow made-up Steam offers every few seconds in demo mode.
 * Delivering sales of the other accounts get no row, as if their deliveries predated the bots.
 */

const TM_FAMILY: readonly MarketCode[] = ['tm', 'tm_usd', 'cs7', 'cs7_proxy'];
const SECOND = 1000;
/** A sold item waits this long at most for its offer before the demo calls it lost rather than pending. */
const PENDING_WINDOW = 6 * HOUR;

type State = 'pending' | 'sent' | 'trade_ready' | 'delivered' | 'failed';

export interface DemoDelivery {
  sale: DemoSale;
  state: State;
  offerCode: string | null;
  offerId: string | null;
  steamState: string | null;
  error: string | null;
  soldSeenAt: number;
  offerSentAt: number | null;
  tradeReadyAt: number | null;
  finishedAt: number | null;
}

const loopRuns = (account: DemoMarketAccount) => account.status === 'active' && account.autoDeliver;

/** The way a delivery failed: a Steam offer the buyer did not take, or the market ending the deal. */
function failure(rng: Random): { steamState: string | null; error: string; offerSent: boolean } {
  const steamState = rng.weighted([
    ['Declined', 5],
    ['Expired', 2],
    ['Canceled', 1],
    [null, 3],
  ] as const);
  if (steamState === null) return { steamState: null, error: 'the market failed the deal', offerSent: false };
  return { steamState, error: `Steam offer ${steamState}`, offerSent: true };
}

export function buildDeliveries(ctx: DemoContext, sales: DemoSale[]): DemoDelivery[] {
  const rng = ctx.rng('deliveries');
  const latest = ctx.now - 30 * SECOND;
  const chosen: { sale: DemoSale; state: State }[] = [];
  for (const sale of sales) {
    if (!TM_FAMILY.includes(sale.marketAccount.market) || sale.soldAt === null) continue;
    const quiet = !loopRuns(sale.marketAccount);
    if (sale.status === 'delivered') chosen.push({ sale, state: 'delivered' });
    else if (sale.status === 'failed') chosen.push({ sale, state: 'failed' });
    else if (sale.status === 'delivering' && quiet)
      chosen.push({ sale, state: rng.chance(0.3) ? 'sent' : 'trade_ready' });
    else if (sale.status === 'sold' && quiet && sale.soldAt >= ctx.now - PENDING_WINDOW)
      chosen.push({ sale, state: 'pending' });
  }
  // Steam numbers offers in the order they are made.
  chosen.sort((a, b) => a.sale.soldAt! - b.sale.soldAt!);
  const offerIds = new IdSequence(7_300_000_000, rng, 40_000);

  return chosen.map(({ sale, state }) => {
    // The deliver tick runs every 5 s: it sees the sale, sends and confirms the offer, then trade-ready.
    const soldSeenAt = Math.min(sale.soldAt! + rng.int(1, 8) * SECOND, latest);
    const delivery: DemoDelivery = {
      sale,
      state,
      offerCode: null,
      offerId: null,
      steamState: null,
      error: null,
      soldSeenAt,
      offerSentAt: null,
      tradeReadyAt: null,
      finishedAt: null,
    };
    if (state === 'pending') return delivery;
    const failed = state === 'failed' ? failure(rng) : null;
    if (failed && !failed.offerSent) {
      // No offer went out (the account could not confirm one, say); the market ended the deal later.
      delivery.finishedAt = Math.min(soldSeenAt + rng.int(30, 12 * 60) * MINUTE, latest);
      delivery.error = failed.error;
      return delivery;
    }
    delivery.offerCode = rng.hex(8).toUpperCase();
    delivery.offerId = offerIds.next();
    delivery.offerSentAt = Math.min(soldSeenAt + rng.int(3, 25) * SECOND, latest);
    if (state === 'sent') {
      // Stuck before trade-ready: its confirmation, or the trade-ready call after it, has not gone through.
      delivery.steamState = rng.chance(0.5) ? 'CreatedNeedsConfirmation' : 'Active';
      return delivery;
    }
    delivery.tradeReadyAt = Math.min(delivery.offerSentAt + rng.int(1, 6) * SECOND, latest);
    delivery.steamState = 'Active';
    if (state === 'trade_ready') return delivery;
    const ended = Math.min(delivery.tradeReadyAt + rng.int(2, 8 * 60) * MINUTE, latest);
    delivery.finishedAt = Math.max(ended, delivery.tradeReadyAt);
    delivery.steamState = failed ? failed.steamState : 'Accepted';
    delivery.error = failed ? failed.error : null;
    return delivery;
  });
}

const iso = (millis: number | null) => (millis === null ? null : new Date(millis).toISOString());

export async function insertDeliveries(ctx: DemoContext, deliveries: DemoDelivery[]): Promise<number> {
  const rows = deliveries.map((d) => ({
    market_account: d.sale.marketAccount.id,
    market: d.sale.marketAccount.market,
    deal_id: d.sale.marketItemId,
    asset_id: d.sale.assetId,
    market_hash_name: d.sale.toy.item.marketHashName,
    classid_instanceid: d.sale.toy.classidInstanceid,
    price: formatMinor(d.sale.price),
    currency: d.sale.currency,
    offer_code: d.offerCode,
    offer_id: d.offerId,
    state: d.state,
    steam_state: d.steamState,
    error: d.error,
    sold_seen_at: iso(d.soldSeenAt),
    offer_sent_at: iso(d.offerSentAt),
    trade_ready_at: iso(d.tradeReadyAt),
    finished_at: iso(d.finishedAt),
    updated_at: iso(Math.max(d.soldSeenAt, d.offerSentAt ?? 0, d.tradeReadyAt ?? 0, d.finishedAt ?? 0)),
  }));
  await bulkInsert(
    ctx.tx,
    'bot_delivery',
    {
      market_account: 'integer',
      market: 'text',
      deal_id: 'text',
      asset_id: 'text',
      market_hash_name: 'text',
      classid_instanceid: 'text',
      price: 'numeric',
      currency: 'text',
      offer_code: 'text',
      offer_id: 'text',
      state: 'text',
      steam_state: 'text',
      error: 'text',
      sold_seen_at: 'timestamptz',
      offer_sent_at: 'timestamptz',
      trade_ready_at: 'timestamptz',
      finished_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    rows,
  );
  return rows.length;
}
