import { z } from 'zod';

import type { TmRequester } from '../tm-requester.ts';
import { okEnvelope, optionalWireId, wireId } from '../tm-wire.ts';

/** P2P trading (marketplaces.md 1.3): what we owe, registering our Steam offers, the trade list. */

export interface TmP2POffer {
  /** The buyer's steamid32 and trade token: the Steam offer goes to tradeoffer/new/?partner=&token=. */
  partner: string;
  token: string;
  /** tm's code for the offer message; bots remember which ones they already sent. */
  tradeOfferMessage: string;
  items: { appid: number; contextid: string; assetid: string; amount: number }[];
}

export interface TmTrade {
  dir: 'in' | 'out' | string;
  tradeId: string;
  botId: string | null;
  timestamp: number | null;
  secret: string | null;
  nick: string | null;
  /** item_id → the item (extended=1). */
  items: { itemId: string; assetId: string | null; classid: string | null; instanceid: string | null }[];
}

const p2pSchema = okEnvelope.extend({
  hash: z.string().optional(),
  offers: z
    .array(
      z.looseObject({
        partner: wireId,
        token: z.string(),
        tradeoffermessage: wireId,
        items: z.array(
          z.looseObject({
            appid: z.coerce.number(),
            contextid: wireId,
            assetid: wireId,
            amount: z.coerce.number().optional(),
          }),
        ),
      }),
    )
    .nullish(),
});

const p2pOrNothing = z.union([
  p2pSchema,
  z.looseObject({ success: z.literal(false), error: z.literal('nothing') }),
]);

const tradesSchema = okEnvelope.extend({
  trades: z
    .array(
      z.looseObject({
        dir: z.string(),
        trade_id: wireId,
        bot_id: optionalWireId,
        timestamp: z.number().nullish(),
        secret: optionalWireId,
        nik: z.string().nullish(),
        list_item_id: z
          .record(
            z.string(),
            z.looseObject({
              id: optionalWireId,
              assetid: optionalWireId,
              classid: optionalWireId,
              instanceid: optionalWireId,
            }),
          )
          .nullish(),
      }),
    )
    .nullish(),
});

export class TmTradingResource {
  constructor(private readonly tm: TmRequester) {}

  /** trade-request-give-p2p-all: the offers we owe buyers; tm's `nothing` is an empty list. */
  async giveP2PAll(): Promise<{ hash: string | null; offers: TmP2POffer[] }> {
    const answer = await this.tm.call('trade-request-give-p2p-all', {
      schema: p2pOrNothing,
      acceptFailure: (body) => body.error === 'nothing',
    });
    if (answer.success === false) return { hash: null, offers: [] };
    return {
      hash: answer.hash ?? null,
      offers: (answer.offers ?? []).map((offer) => ({
        partner: offer.partner,
        token: offer.token,
        tradeOfferMessage: offer.tradeoffermessage,
        items: offer.items.map((item) => ({
          appid: item.appid,
          contextid: item.contextid,
          assetid: item.assetid,
          amount: item.amount ?? 1,
        })),
      })),
    };
  }

  /** trade-ready?tradeoffer=: registers a Steam offer we sent (mandatory, or tm never sees it). */
  async tradeReady(tradeOfferId: string): Promise<void> {
    await this.tm.call('trade-ready', {
      query: { tradeoffer: tradeOfferId },
      schema: okEnvelope,
    });
  }

  /** trades?extended=1: our registered outgoing offers and the incoming ones waiting for us. */
  async trades(): Promise<TmTrade[]> {
    const answer = await this.tm.call('trades', {
      query: { extended: 1 },
      schema: tradesSchema,
    });
    return (answer.trades ?? []).map((trade) => ({
      dir: trade.dir,
      tradeId: trade.trade_id,
      botId: trade.bot_id,
      timestamp: trade.timestamp ?? null,
      secret: trade.secret,
      nick: trade.nik ?? null,
      items: Object.entries(trade.list_item_id ?? {}).map(([itemId, item]) => ({
        itemId: item.id ?? itemId,
        assetId: item.assetid,
        classid: item.classid,
        instanceid: item.instanceid,
      })),
    }));
  }
}
