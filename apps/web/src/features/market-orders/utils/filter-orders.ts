import type { z } from 'zod';
import type { botOrderSchema } from '@toydesk/contract';

import type { TableSort } from '@/components/virtual-table/virtual-table';

export type BotOrder = z.infer<typeof botOrderSchema>;

export interface OrderFilters {
  /** A market account id, or null for all. */
  account: number | null;
  search: string;
}

/** The orders of one account (or all) whose name contains the search, sorted by a column. */
export function filterOrders(
  orders: readonly BotOrder[],
  filters: OrderFilters,
  sort: TableSort | null,
): BotOrder[] {
  const needle = filters.search.trim().toLowerCase();
  const out = orders.filter(
    (order) =>
      (filters.account === null || order.market_account === filters.account) &&
      (!needle || order.market_hash_name.toLowerCase().includes(needle)),
  );
  if (!sort) return out;
  const sign = sort.desc ? -1 : 1;
  const value = (order: BotOrder): string | number =>
    sort.id === 'price'
      ? Number(order.price)
      : sort.id === 'count'
        ? order.count
        : String(order[sort.id as keyof BotOrder]);
  return out.sort((a, b) => {
    const x = value(a);
    const y = value(b);
    return x < y ? -sign : x > y ? sign : 0;
  });
}
