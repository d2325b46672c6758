import {
  PAYMENT_METHODS,
  TRANSACTION_KINDS,
  type ConvertibleCurrency,
  type MarketCode,
  type PaymentMethod,
  type Transaction,
  type TransactionKind,
} from '@toydesk/contract';
import { bulkInsert } from '@toydesk/db';

import { DAY, isoBefore, MINUTE, type DemoContext } from './demo-context.ts';
import type { DemoMarketAccount } from './market-accounts.ts';
import { formatMinor } from './minor-units.ts';
import type { Random } from './prng.ts';
import type { DemoSteamAccount } from './steam-accounts.ts';

/**
 * Money movements of the last 90 days: every kind with every payment method, several times each. The
 * accounts and markets on each side follow the kind: deposits only have a receiver, withdrawals only a
 * sender, transfers both (the same market between accounts, two markets between markets).
 */

/** A row as the demo inserts it: every column of the contract's transaction but the id. */
type TransactionRow = Omit<Transaction, 'id'>;

const COMMENTS: Record<TransactionKind, string[]> = {
  input: ['Пополнение баланса', 'Deposit for buy orders', 'Пополнение под ордера на кейсы'],
  output: ['Вывод прибыли', 'Withdrawal to the card', 'Вывод за неделю'],
  transfer_between_accounts: ['Перераспределение баланса', 'Balance moved to the main account'],
  transfer_between_markets: [
    'Арбитраж: перевод на другую площадку',
    'Moving funds to where prices are better',
  ],
  other: ['Комиссия за вывод', 'Возврат по спорной сделке', 'Correction after reconciliation'],
};

/** An amount in minor units: RUB in roubles, USD/EUR in dollars; deposits and withdrawals often round. */
function amountOf(currency: ConvertibleCurrency, kind: TransactionKind, rng: Random): number {
  const major = currency === 'RUB' ? rng.logBetween(300, 250_000) : rng.logBetween(5, 3_000);
  const round = (kind === 'input' || kind === 'output') && rng.chance(0.6);
  if (round) {
    const unit = currency === 'RUB' ? 100 : 10;
    return Math.max(unit, Math.round(major / unit) * unit) * 100;
  }
  return Math.max(1, Math.round(major * 100));
}

export async function seedTransactions(
  ctx: DemoContext,
  steamAccounts: DemoSteamAccount[],
  marketAccounts: DemoMarketAccount[],
): Promise<number> {
  const rng = ctx.rng('transactions');
  const working = marketAccounts.filter((a) => a.status !== 'disabled');
  const steams = steamAccounts.filter((s) => s.status !== 'new');
  const byMarket = new Map<MarketCode, DemoMarketAccount[]>();
  for (const account of working)
    byMarket.set(account.market, [...(byMarket.get(account.market) ?? []), account]);
  const sharedMarkets = [...byMarket].filter(([, list]) => list.length >= 2).map(([market]) => market);

  const empty = {
    from_steam_account: null,
    to_steam_account: null,
    from_market_account: null,
    to_market_account: null,
    from_market: null,
    to_market: null,
  };

  /** The sides of one transaction and its currency. */
  function sidesOf(kind: TransactionKind, method: PaymentMethod) {
    switch (kind) {
      case 'input': {
        if (method === 'inventory' || rng.chance(0.2)) {
          return { ...empty, to_steam_account: rng.pick(steams).id, currency: 'RUB' as const };
        }
        const to = rng.pick(working);
        return { ...empty, to_market_account: to.id, to_market: to.market, currency: to.currency };
      }
      case 'output': {
        if (rng.chance(0.15))
          return { ...empty, from_steam_account: rng.pick(steams).id, currency: 'RUB' as const };
        const from = rng.pick(working);
        return { ...empty, from_market_account: from.id, from_market: from.market, currency: from.currency };
      }
      case 'transfer_between_accounts': {
        if (method === 'inventory' && rng.chance(0.6)) {
          const [a, b] = rng.shuffle(steams);
          return { ...empty, from_steam_account: a!.id, to_steam_account: b!.id, currency: 'RUB' as const };
        }
        const [from, to] = rng.shuffle(byMarket.get(rng.pick(sharedMarkets))!);
        return {
          ...empty,
          from_market_account: from!.id,
          to_market_account: to!.id,
          from_market: from!.market,
          to_market: to!.market,
          currency: from!.currency,
        };
      }
      case 'transfer_between_markets': {
        const from = rng.pick(working);
        // Prefer the same Steam account's account on another market, as arbitrage usually does.
        const siblings = working.filter(
          (a) => a.steamAccount.id === from.steamAccount.id && a.market !== from.market,
        );
        const others = working.filter((a) => a.market !== from.market);
        const to = siblings.length > 0 && rng.chance(0.7) ? rng.pick(siblings) : rng.pick(others);
        return {
          ...empty,
          from_market_account: from.id,
          to_market_account: to.id,
          from_market: from.market,
          to_market: to.market,
          currency: from.currency,
        };
      }
      default: {
        if (method === 'cash' && rng.chance(0.3)) return { ...empty, currency: 'EUR' as const };
        const account = rng.pick(working);
        return {
          ...empty,
          from_market_account: account.id,
          from_market: account.market,
          currency: account.currency,
        };
      }
    }
  }

  const rows: TransactionRow[] = [];
  for (const kind of TRANSACTION_KINDS) {
    for (const method of PAYMENT_METHODS) {
      const count = rng.int(6, 18);
      for (let i = 0; i < count; i += 1) {
        const sides = sidesOf(kind, method);
        const date = isoBefore(ctx, rng.between(0, 90) * DAY);
        rows.push({
          kind,
          payment_method: method,
          amount: formatMinor(amountOf(sides.currency, kind, rng)),
          ...sides,
          comment: rng.chance(0.4) ? rng.pick(COMMENTS[kind]) : null,
          date,
          created_by: rng.chance(0.7) ? 'admin' : null,
          created_at: new Date(Math.min(ctx.now, Date.parse(date) + rng.int(0, 120) * MINUTE)).toISOString(),
        });
      }
    }
  }
  rows.sort((a, b) => a.date.localeCompare(b.date));
  await bulkInsert(
    ctx.tx,
    'transaction',
    {
      kind: 'text',
      payment_method: 'text',
      amount: 'numeric',
      currency: 'text',
      from_steam_account: 'integer',
      to_steam_account: 'integer',
      from_market_account: 'integer',
      to_market_account: 'integer',
      from_market: 'text',
      to_market: 'text',
      comment: 'text',
      date: 'timestamptz',
      created_by: 'text',
      created_at: 'timestamptz',
    },
    rows,
  );
  return rows.length;
}
