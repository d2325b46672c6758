/** Order pages hold 100 orders; a page with fewer ends the loop (spec sections 4 and 9). */
export const ORDER_PAGE_SIZE = 100;
/** A server that ignores the page number would loop for ever: give up past a million orders. */
export const MAX_ORDER_PAGES = 10_000;

export class OrderLoopError extends Error {
  constructor(
    message: string,
    readonly page: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OrderLoopError';
  }
}

/**
 * The order loop of spec section 4: reads pages 0, 1, 2, ... until a page holds fewer than 100 orders. A
 * failed page fails the whole loop (a partial list must never pass for all the orders).
 */
export async function readAllOrderPages<T>(
  fetchPage: (page: number) => Promise<T[]>,
  onPage?: (page: number, count: number) => Promise<void> | void,
  pageSize = ORDER_PAGE_SIZE,
): Promise<{ orders: T[]; pages: number }> {
  const orders: T[] = [];
  for (let page = 0; page < MAX_ORDER_PAGES; page += 1) {
    let rows: T[];
    try {
      rows = await fetchPage(page);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new OrderLoopError(`Order page ${page} failed: ${reason}`, page, { cause: error });
    }
    orders.push(...rows);
    await onPage?.(page, rows.length);
    if (rows.length < pageSize) return { orders, pages: page + 1 };
  }
  throw new OrderLoopError(`More than ${MAX_ORDER_PAGES} order pages`, MAX_ORDER_PAGES);
}
