import type { TmClient } from './tm-client.ts';
import { toTmUnits } from './tm-units.ts';

/** The spending calls of the tm family whose answer can be lost (issue 11, item 6). */
export type TmSpendCall = 'buy' | 'set-order' | 'money-send';

/** What a set-order asked for, to compare with get-orders (set-order has no custom_id at tm). */
export interface TmOrderLookup {
  marketHashName: string;
  /** Per item, major units. */
  price: string;
  count: number;
  phase?: string;
}

export type TmSpendLookup =
  { state: 'done'; detail: string; purchaseId?: string } | { state: 'not_seen'; detail: string };

/**
 * Asks tm whether a spending call whose answer was lost took effect: buy by get-buy-info-by-custom-id,
 * money-send by get-info-money-send-by-custom-id, set-order by reading the orders and comparing. Throws
 * when tm cannot be asked (the outcome stays unknown). `not_seen` is not yet "never": a request still in
 * flight may land later, so the caller decides how final it is.
 */
export async function lookupTmSpend(
  tm: TmClient,
  call: TmSpendCall,
  customId: string,
  order: TmOrderLookup | null,
): Promise<TmSpendLookup> {
  switch (call) {
    case 'buy': {
      const info = await tm.buying.getBuyInfoByCustomId(customId);
      return info === null
        ? { state: 'not_seen', detail: 'tm has no purchase with this custom_id' }
        : {
            state: 'done',
            detail: `tm shows the purchase ${info.purchaseId} (stage ${info.stage})`,
            purchaseId: info.purchaseId,
          };
    }
    case 'money-send': {
      const transfer = await tm.transfers.getByCustomId(customId);
      return transfer === null
        ? { state: 'not_seen', detail: 'tm has no transfer with this custom_id' }
        : {
            state: 'done',
            detail: `tm shows the transfer of ${transfer.amountFrom} ${transfer.currencyFrom}`,
          };
    }
    case 'set-order': {
      if (order === null) throw new TypeError('set-order lookup needs the order asked for');
      const phase = order.phase ?? '';
      const found = (await tm.orders.getAllOrders()).find(
        (live) => live.marketHashName === order.marketHashName && live.phase === phase,
      );
      const asked = toTmUnits(order.price, tm.currency, 'down');
      if (asked === 0) {
        return found === undefined
          ? { state: 'done', detail: 'the order is gone, as asked' }
          : { state: 'not_seen', detail: 'the order is still there' };
      }
      return found !== undefined &&
        found.count === order.count &&
        toTmUnits(found.price, found.currency, 'down') === asked
        ? { state: 'done', detail: `tm shows the order ${found.id} at ${found.price}` }
        : { state: 'not_seen', detail: 'tm shows no order as asked' };
    }
  }
}
