import { fromMajor } from '../../util/money-units.ts';
import type { ApiTable } from '../http/api-table.ts';
import { fail, param, parseUint } from '../http/context.ts';
import { addHistory } from '../state/history.ts';
import type { MoneySend } from '../state/types.ts';
import { TM_ERRORS } from '../tm-errors.ts';
import { unixSeconds } from './route-helpers.ts';

/**
 * money-send between accounts of the same simulated market, its history and the lookup by custom_id.
 * A money-send with a custom_id already used by a successful transfer of the same sender returns that
 * first result and moves no more money.
 */

const HISTORY_PAGE = 50;

const sendReply = (send: MoneySend) => ({
  success: true,
  from: send.from,
  to: send.to,
  amount: send.amount_from,
});

const sendView = (send: MoneySend) => ({
  id: send.id,
  from: send.from,
  to: send.to,
  amount_from: send.amount_from,
  currency_from: send.currency_from,
  amount_to: send.amount_to,
  currency_to: send.currency_to,
  custom_id: send.custom_id,
  time: unixSeconds(send.time),
});

export function registerTransferRoutes(api: ApiTable): void {
  api.get('/api/v2/money-send/:amount/:to', 'money-send', (ctx, account) => {
    const { market, stats } = ctx;
    const customId = param(ctx, 'custom_id');
    const refuse = (error: string) => {
      stats.moneySend(account.key, customId, false);
      return fail(error);
    };
    if (customId !== null) {
      const earlier = market.moneySendByCustomId.get(`${account.key}\n${customId}`);
      if (earlier) {
        stats.moneySend(account.key, customId, false);
        return sendReply(earlier);
      }
    }
    const amount = parseUint(ctx.params.amount);
    if (amount === null || amount <= 0) return refuse(TM_ERRORS.badInput);
    const payPass = param(ctx, 'pay_pass');
    if (account.payPassword === null || payPass !== account.payPassword) {
      return refuse(TM_ERRORS.wrongPaymentPassword);
    }
    const target = market.account(ctx.params.to);
    if (!target || target.key === account.key || target.keyDeleted) return refuse(TM_ERRORS.userNotFound);
    if (amount < fromMajor(market.config.moneySendMin[account.currency], account.currency)) {
      return refuse(TM_ERRORS.amountTooSmall);
    }
    if (account.money < amount) return refuse(TM_ERRORS.notEnoughMoney);

    const received = market.convert(amount, account.currency, target.currency, 'floor');
    account.money -= amount;
    target.money += received;
    const send: MoneySend = {
      id: market.ids.moneySend.takeNumber(),
      fromKey: account.key,
      toKey: target.key,
      from: account.userId,
      to: target.userId,
      amount_from: amount,
      currency_from: account.currency,
      amount_to: received,
      currency_to: target.currency,
      custom_id: customId,
      time: market.now(),
    };
    market.moneySends.push(send);
    if (customId !== null) market.moneySendByCustomId.set(`${account.key}\n${customId}`, send);
    const common = {
      item_id: null,
      market_hash_name: null,
      classid: null,
      instanceid: null,
      custom_id: customId,
    };
    addHistory(market, account, {
      ...common,
      event: 'transfer_out',
      stage: '2',
      currency: account.currency,
      paid: amount,
      received: null,
      for: target.userId,
    });
    addHistory(market, target, {
      ...common,
      event: 'transfer_in',
      stage: '2',
      currency: target.currency,
      // Each side's entry counts in its own account's currency (the sender's amount is in money-send-history).
      paid: received,
      received,
      for: account.userId,
    });
    stats.moneySend(account.key, customId, true);
    return sendReply(send);
  });

  api.keyed(['GET', 'POST'], '/api/v2/money-send-history/:page', 'money-send-history', (ctx, account) => {
    const page = parseUint(ctx.params.page);
    if (page === null) return fail(TM_ERRORS.badInput);
    const mine = ctx.market.moneySends
      .filter((send) => send.fromKey === account.key || send.toKey === account.key)
      .sort((a, b) => b.time - a.time || b.id - a.id);
    return { success: true, data: mine.slice(page * HISTORY_PAGE, (page + 1) * HISTORY_PAGE).map(sendView) };
  });

  api.get('/api/v2/get-info-money-send-by-custom-id', 'get-info-money-send-by-custom-id', (ctx, account) => {
    const customId = param(ctx, 'custom_id');
    if (customId === null) return fail(TM_ERRORS.badInput);
    const send = ctx.market.moneySendByCustomId.get(`${account.key}\n${customId}`);
    return send ? { success: true, data: sendView(send) } : fail(TM_ERRORS.notFound);
  });
}
