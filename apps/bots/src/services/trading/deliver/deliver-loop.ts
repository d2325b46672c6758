import type { MarketCode } from '@toydesk/contract';

import { tmClientFor } from '../../market-accounts.ts';
import { defineTradingLoop, type LoopTickResult } from '../trading-loop.ts';
import { syncTmTransfers } from '../transfers/tm-transfers.ts';
import { deliverTmTick } from './tm-delivery.ts';

/** The markets whose client has a delivery flow: the tm family (p2p-all → Steam offer → trade-ready). */
const TM_FAMILY: readonly MarketCode[] = ['tm', 'tm_usd', 'cs7', 'cs7_proxy'];

/**
 * Deliver sold items (issue 4 section 7), switched by `auto_deliver`, every
 * TOYDESK_TRADING_DELIVER_SECONDS: each market deal → its Steam offer → confirmation → trade-ready,
 * reconciled in bot_delivery and recorded in the ledger when the market reports it final; and the
 * account's money transfers (money-send, sent and received) booked in the ledger (transfers/tm-transfers.ts).
 */
export const DELIVER_LOOP = defineTradingLoop({
  name: 'deliver',
  switchField: 'auto_deliver',
  markets: TM_FAMILY,
  intervalSeconds: (config) => config.trading.deliverSeconds,
  async tick(ctx) {
    // The other markets' clients have no delivery flow (their sales settle on the market side).
    if (!TM_FAMILY.includes(ctx.account.market))
      return {
        summary: `${ctx.account.market}: no delivery flow for this market, skipped`,
        text: { code: 'deliver.no-flow', params: { market: ctx.account.market } },
      };
    // Money transfers are booked even when a delivery step failed (the failure is still the tick's).
    let delivered: LoopTickResult | null = null;
    let failure: unknown = null;
    try {
      delivered = await deliverTmTick(ctx);
    } catch (error) {
      failure = error;
    }
    let transfers: Awaited<ReturnType<typeof syncTmTransfers>> = null;
    try {
      transfers = await syncTmTransfers(ctx, tmClientFor(ctx.runtime, ctx.account, ctx.job.signal));
    } catch (error) {
      // A failed sync must not hide the delivery's own failure (the tick's error, its key-rejection check).
      if (failure === null) throw error;
    }
    if (failure !== null) throw failure;
    const booked = transfers?.recorded ? `, ${transfers.recorded} money transfers booked` : '';
    const text = delivered!.text;
    return {
      ...delivered!,
      summary: `${delivered!.summary}${booked}`,
      ...(text ? { text: { ...text, params: { ...text.params, transfers: transfers?.recorded ?? 0 } } } : {}),
    };
  },
});
