import type { BotTradingStatus } from '@toydesk/contract';

import { count, isRecord, keyOf, money, stringOf, type TextContext } from './text-context';

type TradingAction = BotTradingStatus['recent_actions'][number];

const nameOf = (detail: Record<string, unknown>) => {
  const name = stringOf(detail.market_hash_name) ?? '—';
  const phase = stringOf(detail.phase);
  return phase ? `${name} (${phase})` : name;
};

/**
 * One action a trading loop did (or, in a dry run, would have done) as a sentence: what, which item, at
 * what price in the listing's currency. The raw detail stays behind «Подробнее».
 */
export function formatTradingAction(action: TradingAction, ctx: TextContext): string {
  const d = action.detail;
  const currency = d.currency;
  const key = `jobResults.action.${keyOf(action.kind)}`;
  switch (action.kind) {
    case 'listed':
    case 'purchase-recorded':
    case 'spend-refused':
    case 'would-be-refused':
      return ctx.t(key, { name: nameOf(d), price: money(ctx, d.price, currency) });
    case 'repriced': {
      const items = Array.isArray(d.items) ? d.items.filter(isRecord) : [];
      const [only] = items;
      if (items.length === 1 && only)
        return ctx.t('jobResults.action.repricedOne', {
          name: nameOf(only),
          from: money(ctx, only.from, currency),
          to: money(ctx, only.to, currency),
        });
      return ctx.t(key, { count: count(ctx, d.count ?? items.length) });
    }
    case 'order-placed':
      return ctx.t(key, {
        name: nameOf(d),
        count: count(ctx, d.count),
        price: money(ctx, d.price, currency),
      });
    case 'order-repriced':
      return ctx.t(key, {
        name: nameOf(d),
        from: money(ctx, d.from, currency),
        price: money(ctx, d.price, currency),
      });
    case 'order-removed':
      return ctx.t(key, { name: nameOf(d), price: money(ctx, d.price, currency) });
    case 'offer-sent': {
      const items = Array.isArray(d.items) ? d.items.map(String) : [];
      return ctx.t(key, { items: items.join(', ') || '—' });
    }
    case 'offer-confirmed':
    case 'trade-ready':
      return ctx.t(key, { offer: stringOf(d.offer_id) ?? '—' });
    default:
      return ctx.t(ctx.exists(key) ? key : 'jobResults.action.other');
  }
}
