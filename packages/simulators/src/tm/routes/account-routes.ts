import { isTmCurrency, toMajorNumber } from '../../util/money-units.ts';
import type { ApiTable } from '../http/api-table.ts';
import { fail, jsonBody, param } from '../http/context.ts';
import { CHANGE_CURRENCY_CODES, TM_ERRORS, TM_PING_MESSAGES } from '../tm-errors.ts';
import type { TmMarket } from '../state/tm-market.ts';
import type { Account } from '../state/types.ts';
import { refuseCurrency } from './route-helpers.ts';

/** Account calls of marketplaces.md 1.1, ping-new and go-offline. */
export function registerAccountRoutes(api: ApiTable): void {
  api.get('/api/v2/get-money', 'get-money', (ctx, account) => {
    return (
      refuseCurrency(ctx, account) ?? {
        money: toMajorNumber(account.money, account.currency),
        money_settlement: toMajorNumber(account.settlement, account.currency),
        currency: account.currency,
        success: true,
      }
    );
  });

  api.get('/api/v2/get-token', 'get-token', (_ctx, account) => ({
    success: true,
    token: account.tradeToken,
  }));

  api.get('/api/v2/set-trade-token', 'set-trade-token', (ctx, account) => {
    const token = param(ctx, 'token');
    if (token === null || !/^[A-Za-z0-9_-]{8}$/.test(token)) return fail(TM_ERRORS.badToken);
    account.tradeToken = token;
    return { success: true, token };
  });

  api.get('/api/v2/change-currency/:currency', 'change-currency', (ctx, account) => {
    const { market } = ctx;
    const target = ctx.params.currency ?? '';
    const now = market.now();
    const refuse = (code: number, message: string) => fail(code, { message });
    if (!isTmCurrency(target)) return refuse(CHANGE_CURRENCY_CODES.invalidCurrency, 'invalid currency');
    if (account.currencyChangingUntil !== null && account.currencyChangingUntil > now) {
      return refuse(CHANGE_CURRENCY_CODES.converting, 'currency change in progress');
    }
    if (target === account.currency)
      return refuse(CHANGE_CURRENCY_CODES.alreadySelected, 'currency already selected');
    const listed = [...market.listings.values()].some((listing) => listing.ownerKey === account.key);
    if (listed) return refuse(CHANGE_CURRENCY_CODES.itemsOnSale, 'you have items on sale');
    if (account.pendingWithdrawal)
      return refuse(CHANGE_CURRENCY_CODES.activeWithdrawal, 'active withdrawal requests');
    if (account.money !== 0) return refuse(CHANGE_CURRENCY_CODES.balanceNotZero, 'the balance must be zero');
    account.currency = target;
    account.currencyChangingUntil = now + market.config.currencyChangeMs;
    for (const order of [...market.orders.values()]) {
      if (order.ownerKey === account.key) market.orders.delete(order.id);
    }
    return { success: true };
  });

  api.get('/api/v2/go-offline', 'go-offline', (_ctx, account) => {
    account.lastPingAt = null;
    return { success: true };
  });

  api.get('/api/v2/update-inventory', 'update-inventory', (ctx, account) => {
    const { market } = ctx;
    const now = market.now();
    const { inventoryRefreshMinMs: min, inventoryRefreshMaxMs: max } = market.config;
    const readyAt = now + market.random.int(min, Math.max(min, max));
    if (!account.inventoryLoaded)
      account.inventoryLoadsAt = Math.min(account.inventoryLoadsAt ?? readyAt, readyAt);
    for (const item of account.inventory.values()) {
      if (item.seenAt === null) item.seenAt = readyAt;
      if (item.addError?.error === 'item_not_recieved' && item.addError.clearsAt === null) {
        item.addError.clearsAt = readyAt;
      }
    }
    return { success: true };
  });

  api.get('/api/v2/get-my-steam-id', 'get-my-steam-id', (_ctx, account) => ({
    success: true,
    steamid32: account.steamid32,
    steamid64: account.steamid64,
  }));

  api.get('/api/v2/set-pay-password', 'set-pay-password', (ctx, account) => {
    const next = param(ctx, 'new_password');
    if (next === null || next.length > 64) return fail(TM_ERRORS.badInput);
    if (account.payPassword !== null && param(ctx, 'old_password') !== account.payPassword) {
      return fail(TM_ERRORS.wrongOldPassword);
    }
    account.payPassword = next;
    return { success: true };
  });

  api.get('/api/v2/transfer-discounts', 'transfer-discounts', (ctx) => {
    return ctx.market.account(param(ctx, 'to')) ? { success: true } : fail(TM_ERRORS.userNotFound);
  });

  api.get('/api/v2/get-ws-token', 'get-ws-token', (_ctx, account) => ({
    success: true,
    token: account.wsToken,
  }));

  api.get('/api/v2/test', 'test', (ctx, account) => testStatus(ctx.market, account));

  api.post('/api/v2/ping-new', 'ping-new', (ctx, account) => {
    const { market } = ctx;
    const now = market.now();
    const body = jsonBody(ctx);
    const token = body?.access_token;
    if (typeof token !== 'string' || token === '') {
      return { success: false, message: TM_PING_MESSAGES.noAccessToken };
    }
    if (account.tradeBanUntil !== null && account.tradeBanUntil > now) {
      const until = new Date(account.tradeBanUntil).toISOString().replace('T', ' ').slice(0, 19);
      return { success: false, message: `${TM_PING_MESSAGES.tradeBanPrefix} ${until}` };
    }
    if (account.lastPingAt !== null && now - account.lastPingAt < market.config.pingMinIntervalMs) {
      return { success: false, message: TM_PING_MESSAGES.tooEarly };
    }
    account.lastPingAt = now;
    return { success: true, ping: 'pong', online: true, p2p: true, steamApiKey: true };
  });
}

/** The `test` answer (v2 `test` and legacy `Test`). */
export function testStatus(market: TmMarket, account: Account) {
  const banned = account.tradeBanUntil !== null && account.tradeBanUntil > market.now();
  return {
    success: true,
    status: {
      user_token: account.tradeToken !== '',
      trade_check: account.tradeToken !== '',
      site_online: market.isOnline(account),
      site_notmpban: !banned,
      steam_web_api_key: true,
    },
  };
}
