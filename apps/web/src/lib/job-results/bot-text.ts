import type { BotText } from '@toydesk/contract';

import { count, dateTime, keyOf, numberOf, sentence, stringOf, tOr, type TextContext } from './text-context';

type Params = BotText['params'];

/** "отклонено площадкой: 2" when there were any. */
const part = (ctx: TextContext, key: string, value: unknown) =>
  (numberOf(value) ?? 0) > 0 ? ctx.t(`jobResults.text.${key}`, { count: count(ctx, value) }) : null;

/** The sentences of the codes that carry counts; the rest are plain texts by their code. */
const BUILDERS: Record<string, (ctx: TextContext, p: Params) => string> = {
  'keep-online.online': (ctx, p) =>
    sentence([
      ctx.t(p.p2p ? 'jobResults.text.keep_online_online_p2p' : 'jobResults.text.keep_online_online'),
      p.steam_api_key === false && ctx.t('jobResults.text.keep_online_no_steam_key'),
    ]),
  'list-reprice.done': (ctx, p) =>
    sentence([
      ctx.t('jobResults.text.list_reprice_done', {
        listed: count(ctx, p.listed),
        repriced: count(ctx, p.repriced),
      }),
      part(ctx, 'list_reprice_refused', p.refused),
      part(ctx, 'list_reprice_not_repriced', p.not_repriced),
      part(ctx, 'list_reprice_gone', p.gone),
      p.waiting_until
        ? ctx.t('jobResults.text.list_reprice_waiting', { at: dateTime(ctx, p.waiting_until) })
        : null,
    ]),
  'dynamic-orders.done': (ctx, p) =>
    sentence([
      ctx.t('jobResults.text.dynamic_orders_done', {
        placed: count(ctx, p.placed),
        repriced: count(ctx, p.repriced),
        removed: count(ctx, p.removed),
        unchanged: count(ctx, p.unchanged),
      }),
      part(ctx, 'dynamic_orders_refused', p.refused),
      part(ctx, 'dynamic_orders_guarded', p.guarded),
      part(ctx, 'dynamic_orders_bought', p.bought),
    ]),
  'deliver.done': (ctx, p) => {
    const done = sentence([
      part(ctx, 'deliver_sent', p.sent),
      part(ctx, 'deliver_would_send', p.would_send),
      part(ctx, 'deliver_ready', p.ready),
      part(ctx, 'deliver_delivered', p.delivered),
      part(ctx, 'deliver_failed', p.failed),
    ]);
    const text = done
      ? done.charAt(0).toLocaleUpperCase(ctx.lang) + done.slice(1)
      : ctx.t('jobResults.text.deliver_in_progress', { count: count(ctx, p.in_progress) });
    return sentence([text, part(ctx, 'deliver_transfers', p.transfers)]);
  },
  'deliver.no-flow': (ctx, p) =>
    ctx.t('jobResults.text.deliver_no_flow', { market: ctx.marketName(stringOf(p.market) ?? '') }),
  'trading.skipped.market': (ctx, p) =>
    ctx.t('jobResults.text.trading_skipped_market', { market: ctx.marketName(stringOf(p.market) ?? '') }),
};

/** Codes whose sentence is counts of what was done (zero in a dry run). */
const COUNT_CODES = new Set(['list-reprice.done', 'dynamic-orders.done', 'deliver.done', 'trading.summary']);

/** A trading action kind's name for counts ("listed" -> «Выставлено»). */
export function actionName(kind: string, ctx: TextContext): string {
  return tOr(ctx, `jobResults.actionName.${keyOf(kind)}`, 'jobResults.actionName.other');
}

/** "Выставлено: 50 (пробно)" for each kind of action a dry-run tick only recorded. */
export function dryRunParts(counts: Record<string, number> | undefined, ctx: TextContext): string[] {
  return Object.entries(counts ?? {}).map(([kind, n]) =>
    ctx.t('jobResults.text.dryRunPart', { action: actionName(kind, ctx), count: count(ctx, n) }),
  );
}

/**
 * A sentence the bots sent as a code and parameters, in the UI's language; a dry-run tick's recorded
 * actions follow it ("Выставлено: 0, переоценено: 0; Выставлено: 50 (пробно)").
 */
export function formatBotText(text: BotText, ctx: TextContext): string {
  const build = BUILDERS[text.code];
  const key = `jobResults.text.${keyOf(text.code)}`;
  const main = build
    ? build(ctx, text.params)
    : tOr(ctx, key, 'jobResults.text.trading_summary', text.params);
  const dry = dryRunParts(text.dry_run, ctx);
  if (dry.length === 0) return main;
  // A dry-run tick's own counts are all zero (nothing was done): its recorded actions are the summary.
  return COUNT_CODES.has(text.code) ? dry.join(', ') : `${main}; ${dry.join(', ')}`;
}
