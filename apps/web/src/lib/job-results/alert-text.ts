import type { BotAlert } from '@toydesk/contract';

import { count, keyOf, money, numberOf, stringOf, tOr, type TextContext } from './text-context';

type AlertLike = Pick<BotAlert, 'kind' | 'details' | 'market_account' | 'steam_account' | 'proxy'>;

/** Every alert kind's title in the UI's language ("order-failed" -> «Заказ на покупку отклонён»). */
export function alertTitle(kind: string, ctx: Pick<TextContext, 't' | 'exists'>): string {
  return tOr(ctx as TextContext, `jobResults.alertKind.${keyOf(kind)}`, 'jobResults.alertKind.other');
}

function subject(alert: AlertLike, ctx: TextContext): string {
  if (alert.market_account !== null) return ctx.marketAccountLabel(alert.market_account);
  if (alert.steam_account !== null) return ctx.steamAccountName(alert.steam_account);
  return ctx.t('jobResults.alert.noAccount');
}

/**
 * An alert as a sentence in the UI's language, built from its kind, its subject and the details the bots
 * store with it (names, prices in their currency, counts); the bots' English message is behind «Подробнее».
 */
export function formatAlert(alert: AlertLike, ctx: TextContext): string {
  const d = alert.details;
  const account = subject(alert, ctx);
  const name = stringOf(d.market_hash_name) ?? stringOf(d.subject) ?? '—';
  const price = money(ctx, d.price ?? d.amount, d.currency);
  switch (alert.kind) {
    case 'proxy-down': {
      const host = stringOf(d.host);
      const port = stringOf(d.port);
      return ctx.t('jobResults.alert.proxy_down', {
        host: host ? `${host}${port ? `:${port}` : ''}` : `#${alert.proxy ?? '—'}`,
      });
    }
    case 'rate-limited':
      return ctx.t('jobResults.alert.rate_limited', { account, count: count(ctx, d.in_a_row ?? 1) });
    case 'delivery-failed':
      if (d.reason === 'no identity_secret')
        return ctx.t('jobResults.alert.delivery_failed_no_secret', { account });
      if (stringOf(d.deal_id))
        return ctx.t('jobResults.alert.delivery_failed_deal', { account, deal: stringOf(d.deal_id), name });
      if (stringOf(d.offer_id))
        return ctx.t('jobResults.alert.delivery_failed_offer', {
          account,
          offer: stringOf(d.offer_id),
          count: count(ctx, numberOf(d.deals) ?? 0),
        });
      return ctx.t('jobResults.alert.delivery_failed', { account });
    case 'spend-guard':
      return ctx.t(d.dry_run === true ? 'jobResults.alert.spend_guard_dry' : 'jobResults.alert.spend_guard', {
        account,
        name,
        price,
      });
    case 'spend-settled':
      return ctx.t(
        d.spend_state === 'done'
          ? 'jobResults.alert.spend_settled_done'
          : 'jobResults.alert.spend_settled_not_done',
        { account, name, price },
      );
    default: {
      const key = `jobResults.alert.${keyOf(alert.kind)}`;
      return ctx.exists(key)
        ? ctx.t(key, { account, name, price })
        : ctx.t('jobResults.alert.other', { title: alertTitle(alert.kind, ctx) });
    }
  }
}
