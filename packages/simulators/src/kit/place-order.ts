import type { KitError } from './kit-error.ts';
import type { SimAccount, SimOrder } from './kit-market.ts';
import type { KitContext } from './kit-types.ts';

/** A buy order to place: what the request named, null where it named nothing usable. */
export interface OrderRequest {
  name: string | null;
  /** Per unit, in the market's units. */
  price: number | null;
  quantity: number | null;
}

/**
 * Places `account`'s buy order, counted as a spending call of kind `order` that spent only when the order
 * stands: a request missing a part is refused with `missing`, and the market's own refusal (its KitError) is
 * thrown.
 */
export function placeCountedOrder(
  ctx: KitContext,
  account: SimAccount,
  request: OrderRequest,
  missing: KitError,
): SimOrder {
  let order: SimOrder | null = null;
  try {
    const { name, price, quantity } = request;
    if (!name || price === null || quantity === null) throw missing;
    order = ctx.market.placeOrder(account, name, price, quantity);
    return order;
  } finally {
    ctx.stats.spend(account.id, 'order', null, order !== null);
  }
}
