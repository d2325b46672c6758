import {
  addMoney,
  BOT_SERVICE_MARKETS,
  multiplyMoney,
  type BotFailedAccount,
  type BotServiceMarket,
} from '@toydesk/contract';
import { readKeyPauses } from '@toydesk/db';
import { z } from 'zod';

import { defineJobKind } from '../../jobs/job-kind.ts';
import type { JobContext } from '../../jobs/job-context.ts';
import { LANES } from '../../lanes.ts';
import type { BotRuntime } from '../../bot-runtime.ts';
import {
  loadMarketAccounts,
  marketFor,
  SERVICE_MARKET_CODES,
  tmClientFor,
  type BotMarketAccount,
} from '../market-accounts.ts';
import { pauseForRejectedKey, resumeAfterKeyWorks } from '../market-keys/key-pause.ts';
import { rejectedKeyReason } from '../market-keys/rejected-key.ts';
import { readAllOrderPages } from './order-loop.ts';

export interface BotOrder {
  market_account: number;
  id: string;
  market_hash_name: string;
  price: string;
  currency: string;
  count: number;
  phase: string;
}

const ordersParams = z.object({
  market: z.enum(BOT_SERVICE_MARKETS),
  accounts: z.array(z.number().int().positive()).max(1000).optional(),
  /** Browser parser: only these names (get-orders-mhn). */
  marketHashNames: z.array(z.string()).max(5000).optional(),
});
type OrdersParams = z.infer<typeof ordersParams>;

const TM_BASED = new Set<BotServiceMarket>(['tm', 'tm-mhn', 'cs7', 'cs7_proxy']);

/**
 * Every active order of every chosen account. One account that fails (a rejected key, a failed page) never
 * hides the others: its orders are left out and it is listed in `failed_accounts` with the reason (a
 * partial list of one account never passes for all of its orders). A rejected key also pauses the
 * account's loops and raises the alert; a paused account read here again with success resumes them. Only
 * when every account failed, and not all for their key, does the job fail (and is retried).
 */
export async function collectActiveOrders(ctx: JobContext<BotRuntime>, params: OrdersParams) {
  const runtime = ctx.deps;
  const accounts = await loadMarketAccounts(runtime, SERVICE_MARKET_CODES[params.market], params.accounts);
  await ctx.log(`${accounts.length} ${params.market} account(s) with a key`);
  const paused = await readKeyPauses(
    runtime.db,
    accounts.map((a) => a.id),
  );
  const perAccount: { market_account: number; orders: number; pages: number }[] = [];
  const orders: BotOrder[] = [];
  const failed: BotFailedAccount[] = [];
  let retryable: unknown = null;
  for (const account of accounts) {
    ctx.signal.throwIfAborted();
    let read: { orders: BotOrder[]; pages: number };
    try {
      read = await readAccountOrders(runtime, params.market, account);
    } catch (error) {
      ctx.signal.throwIfAborted();
      const reason = error instanceof Error ? error.message : String(error);
      const rejected = rejectedKeyReason(error);
      if (rejected) await pauseForRejectedKey(runtime, account.id, rejected, `orders.${params.market}`);
      else retryable ??= error;
      failed.push({ market_account: account.id, reason, key_rejected: rejected !== null });
      await ctx.log(`account ${account.id} failed: ${reason}`, 'warn');
      continue;
    }
    if (paused.has(account.id) && (await resumeAfterKeyWorks(runtime, account.id)))
      await ctx.log(`account ${account.id}: its key works again, its loops resume`);
    perAccount.push({ market_account: account.id, orders: read.orders.length, pages: read.pages });
    orders.push(...read.orders);
    await ctx.log(`account ${account.id}: ${read.orders.length} order(s)`);
  }
  if (accounts.length > 0 && failed.length === accounts.length && retryable !== null) throw retryable;
  const wanted = params.marketHashNames ? new Set(params.marketHashNames) : null;
  return {
    accounts: perAccount,
    orders: wanted ? orders.filter((o) => wanted.has(o.market_hash_name)) : orders,
    failed_accounts: failed,
  };
}

/** One account's orders: every page of tm's get-orders, or the market's buy order list. */
async function readAccountOrders(
  runtime: BotRuntime,
  market: BotServiceMarket,
  account: BotMarketAccount,
): Promise<{ orders: BotOrder[]; pages: number }> {
  if (TM_BASED.has(market)) {
    const client = tmClientFor(runtime, account);
    const read = await readAllOrderPages((page) => client.orders.getOrders(page));
    return {
      pages: read.pages,
      orders: read.orders.map((o) => ({
        market_account: account.id,
        id: o.id,
        market_hash_name: o.marketHashName,
        price: o.price,
        currency: o.currency,
        count: o.count,
        phase: o.phase,
      })),
    };
  }
  const list = await marketFor(runtime, account).getBuyOrders();
  return {
    pages: 1,
    orders: list.map((o) => ({
      market_account: account.id,
      id: o.order_id,
      market_hash_name: o.market_hash_name,
      price: o.price,
      currency: o.currency,
      count: o.count,
      phase: '',
    })),
  };
}

/** tm-mhn and the browser parser: the orders per market hash name. */
export function groupByName(orders: BotOrder[], names?: string[]) {
  const groups = new Map<string, BotOrder[]>();
  for (const name of names ?? []) groups.set(name, []);
  for (const order of orders) {
    const list = groups.get(order.market_hash_name) ?? [];
    list.push(order);
    groups.set(order.market_hash_name, list);
  }
  return [...groups].map(([name, list]) => {
    const prices = list.map((o) => Number(o.price));
    const at = (fn: (a: number, b: number) => boolean) =>
      list.length === 0
        ? null
        : list.reduce((best, o) => (fn(Number(o.price), Number(best.price)) ? o : best)).price;
    return {
      market_hash_name: name,
      orders: list.length,
      count: list.reduce((sum, o) => sum + o.count, 0),
      min_price: prices.length ? at((a, b) => a < b) : null,
      max_price: prices.length ? at((a, b) => a > b) : null,
      market_accounts: [...new Set(list.map((o) => o.market_account))],
    };
  });
}

export function orderStats(market: BotServiceMarket, orders: BotOrder[]) {
  const totals = new Map<string, { count: number; total: string }>();
  const accounts = new Map<number, { orders: number; total: string }>();
  for (const order of orders) {
    const value = multiplyMoney(order.price, order.count);
    const t = totals.get(order.currency) ?? { count: 0, total: '0.00' };
    totals.set(order.currency, { count: t.count + order.count, total: addMoney(t.total, value) });
    const a = accounts.get(order.market_account) ?? { orders: 0, total: '0.00' };
    accounts.set(order.market_account, { orders: a.orders + 1, total: addMoney(a.total, value) });
  }
  return {
    market,
    orders: orders.length,
    items: new Set(orders.map((o) => o.market_hash_name)).size,
    totals: [...totals].map(([currency, t]) => ({ currency, ...t })),
    accounts: [...accounts].map(([market_account, a]) => ({ market_account, ...a })),
  };
}

const common = {
  lane: LANES.market,
  params: ordersParams,
  account: (p: OrdersParams) => (p.accounts?.length === 1 ? p.accounts[0]! : null),
  expireInSeconds: 300,
  retryLimit: 2,
  retryDelaySeconds: 5,
  retryBackoff: true,
};

export const ORDER_JOB_KINDS = [
  defineJobKind<OrdersParams, BotRuntime>({
    ...common,
    kind: 'orders.active',
    async run(ctx, params) {
      const { accounts, orders, failed_accounts } = await collectActiveOrders(ctx, params);
      // tm-mhn: the orders per name, and the orders themselves (the console's orders tab reads those).
      if (params.market === 'tm-mhn')
        return { market: params.market, accounts, results: groupByName(orders), orders, failed_accounts };
      return { market: params.market, accounts, orders, failed_accounts };
    },
  }),
  defineJobKind<OrdersParams, BotRuntime>({
    ...common,
    kind: 'orders.active-stats',
    async run(ctx, params) {
      const { orders, failed_accounts } = await collectActiveOrders(ctx, params);
      return { ...orderStats(params.market, orders), failed_accounts };
    },
  }),
  defineJobKind<OrdersParams, BotRuntime>({
    ...common,
    kind: 'orders.by-name',
    async run(ctx, params) {
      const { orders, failed_accounts } = await collectActiveOrders(ctx, params);
      return { results: groupByName(orders, params.marketHashNames), failed_accounts };
    },
  }),
];
