import { toMajorNumber } from '../../util/money-units.ts';
import type { TmMarket } from '../state/tm-market.ts';
import type { Account } from '../state/types.ts';

/** What the control API shows of an account: everything, money also in major units, times in epoch ms. */

export function accountSummary(market: TmMarket, account: Account) {
  return {
    key: account.key,
    userId: account.userId,
    steamid: account.steamid64,
    steamid32: account.steamid32,
    steamid64: account.steamid64,
    nick: account.nick,
    currency: account.currency,
    money: toMajorNumber(account.money, account.currency),
    moneyMinor: account.money,
    tradeToken: account.tradeToken,
    payPassword: account.payPassword,
    online: market.isOnline(account),
    keyDeleted: account.keyDeleted,
  };
}

export function dumpAccount(market: TmMarket, account: Account) {
  return {
    ...accountSummary(market, account),
    settlementMinor: account.settlement,
    lastPingAt: account.lastPingAt,
    tradeBanUntil: account.tradeBanUntil,
    inventoryLoaded: account.inventoryLoaded,
    inventoryLoadsAt: account.inventoryLoadsAt,
    pendingWithdrawal: account.pendingWithdrawal,
    currencyChangingUntil: account.currencyChangingUntil,
    inventory: [...account.inventory.values()],
    listings: [...market.listings.values()].filter((listing) => listing.ownerKey === account.key),
    purchases: [...market.purchases.values()].filter((purchase) => purchase.buyerKey === account.key),
    orders: [...market.orders.values()].filter((order) => order.ownerKey === account.key),
    history: account.history,
    moneySends: market.moneySends.filter(
      (send) => send.fromKey === account.key || send.toKey === account.key,
    ),
  };
}
