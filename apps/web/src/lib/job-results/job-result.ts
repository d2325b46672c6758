import { botTextSchema, type BotJob } from '@toydesk/contract';

import { formatBotText } from './bot-text';
import { kindTitle } from './job-kinds';
import {
  count,
  isRecord,
  keyOf,
  money,
  numberOf,
  sentence,
  stringOf,
  type TextContext,
} from './text-context';

type JobLike = Pick<BotJob, 'kind' | 'result'>;
type Result = Record<string, unknown>;

/** "не ответило аккаунтов: 2" when some market accounts failed to answer. */
const failedAccounts = (ctx: TextContext, r: Result) =>
  (numberOf(r.failed_accounts) ?? 0) > 0
    ? ctx.t('jobResults.result.ordersFailedAccounts', { count: count(ctx, r.failed_accounts) })
    : null;

/** One formatter per job kind whose result has a known shape; the others get the generic sentence. */
const FORMATTERS: Record<string, (r: Result, ctx: TextContext) => string | null> = {
  'proxy.check': (r, ctx) =>
    r.status === 'up'
      ? ctx.t('jobResults.result.proxyUp', {
          id: stringOf(r.proxy) ?? '—',
          latency: count(ctx, r.latency_ms),
        })
      : ctx.t('jobResults.result.proxyDown', { id: stringOf(r.proxy) ?? '—' }),
  'proxy.check-all': (r, ctx) =>
    ctx.t('jobResults.result.proxyCheckAll', {
      queued: count(ctx, r.queued),
      proxies: count(ctx, r.proxies),
    }),
  'orders.active': (r, ctx) =>
    sentence([
      ctx.t('jobResults.result.ordersActive', { orders: count(ctx, r.orders) }),
      failedAccounts(ctx, r),
    ]),
  'orders.active-stats': (r, ctx) => {
    const totals = Array.isArray(r.totals) ? r.totals.filter(isRecord) : [];
    const total = totals.map((row) => money(ctx, row.total, row.currency)).join(' + ');
    return sentence([
      ctx.t('jobResults.result.ordersStats', { orders: count(ctx, r.orders), items: count(ctx, r.items) }),
      total && ctx.t('jobResults.result.ordersStatsTotal', { total }),
      failedAccounts(ctx, r),
    ]);
  },
  'orders.by-name': (r, ctx) =>
    sentence([
      ctx.t('jobResults.result.ordersByName', {
        count: count(ctx, isRecord(r.results) ? Object.keys(r.results).length : r.results),
      }),
      failedAccounts(ctx, r),
    ]),
  'prices.import': (r, ctx) =>
    ctx.t('jobResults.result.pricesImport', {
      market: ctx.marketName(stringOf(r.market) ?? ''),
      items: count(ctx, r.items),
      removed: count(ctx, r.removed),
    }),
  'prices.import-all': (r, ctx) => {
    const markets = Array.isArray(r.markets) ? r.markets.map((code) => ctx.marketName(String(code))) : [];
    return markets.length > 0
      ? ctx.t('jobResults.result.pricesImportAll', { markets: markets.join(', ') })
      : ctx.t('jobResults.result.pricesImportAllNone');
  },
  'market.account-items': (r, ctx) => ctx.t('jobResults.result.accountItems', { count: count(ctx, r.items) }),
  'trading.dispatch': (r, ctx) =>
    ctx.t('jobResults.result.dispatch', { started: count(ctx, r.started), stopped: count(ctx, r.stopped) }),
  'market.key-check': (r, ctx) => {
    const key = `jobResults.result.keyCheck.${keyOf(stringOf(r.outcome) ?? '')}`;
    return ctx.exists(key) ? ctx.t(key) : null;
  },
  'trading.set-prices': (r, ctx) =>
    r.dry_run === true
      ? ctx.t('jobResults.result.setPricesDry', {
          priced: count(ctx, r.priced),
          removed: count(ctx, r.removed),
        })
      : ctx.t('jobResults.result.setPrices', {
          priced: count(ctx, r.priced),
          removed: count(ctx, r.removed),
          failed: count(ctx, r.failed),
        }),
  'signup.setup-profile': (r, ctx) => {
    const ran = count(ctx, r.ran);
    const step = stringOf(r.stopped_at);
    return step
      ? ctx.t('jobResults.result.setupProfileStopped', {
          ran,
          step: kindTitle(`signup.${step}`, ctx),
        })
      : ctx.t('jobResults.result.setupProfile', { ran });
  },
  'trading.list-items': (r, ctx) =>
    ctx.t(r.dry_run === true ? 'jobResults.result.listItemsDry' : 'jobResults.result.listItems', {
      listed: count(ctx, r.listed),
      refused: count(ctx, r.refused),
    }),
  'steam-guard.confirmations': (r, ctx) =>
    ctx.t('jobResults.result.confirmations', { count: count(ctx, r.confirmations) }),
  'steam-guard.answer': (r, ctx) => {
    const lines = Array.isArray(r.results) ? r.results.filter(isRecord) : [];
    const by = (status: string) => count(ctx, lines.filter((line) => line.status === status).length);
    return ctx.t(
      r.accept === false
        ? 'jobResults.result.confirmationsDeclined'
        : 'jobResults.result.confirmationsAccepted',
      { done: by('done'), missing: by('not_found'), failed: by('failed') },
    );
  },
  'steam.balance': (r, ctx) =>
    r.balance === undefined
      ? null
      : ctx.t('jobResults.result.balance', { amount: money(ctx, r.balance, r.currency) }),
};

/** The generic sentence: never JSON, never the bots' English; the data itself is behind «Подробнее». */
function generic(job: JobLike, ctx: TextContext): string {
  const result = job.result;
  const title = kindTitle(job.kind, ctx);
  const known = ctx.exists(`jobResults.kind.${keyOf(job.kind)}`);
  if (isRecord(result)) {
    if (result.sealed === true) return ctx.t('jobResults.generic.sealed');
    const rows = Array.isArray(result.results)
      ? result.results.length
      : Array.isArray(result.items)
        ? result.items.length
        : null;
    if (known)
      return rows === null
        ? ctx.t('jobResults.result.stepDone', { title })
        : ctx.t('jobResults.result.stepDoneCount', { title, count: formatCount(ctx, rows) });
    const fields = Object.keys(result).length;
    return rows === null
      ? ctx.t('jobResults.generic.doneFields', { count: fields })
      : ctx.t('jobResults.generic.doneRows', { count: rows });
  }
  if (Array.isArray(result)) return ctx.t('jobResults.generic.doneRows', { count: result.length });
  if (typeof result === 'number') return ctx.t('jobResults.generic.doneValue', { value: count(ctx, result) });
  if (typeof result === 'boolean')
    return ctx.t('jobResults.generic.doneValue', {
      value: ctx.t(`jobResults.generic.${result ? 'yes' : 'no'}`),
    });
  return known ? ctx.t('jobResults.result.stepDone', { title }) : ctx.t('jobResults.generic.done');
}

const formatCount = (ctx: TextContext, value: number) => count(ctx, value);

/**
 * A finished job's result as one sentence in the UI's language: the kind's own formatter, the bots' text
 * code for trading ticks, or the generic sentence. Never JSON, never the bots' English.
 */
export function formatJobResult(job: JobLike, ctx: TextContext): string {
  const result = job.result;
  if (isRecord(result)) {
    const text = botTextSchema.safeParse(result.text);
    if (text.success) return formatBotText(text.data, ctx);
    const own = FORMATTERS[job.kind];
    const said = own ? own(result, ctx) : null;
    if (said) return said;
  }
  if (job.kind === 'spend.check' && typeof result === 'string') {
    const key = `jobResults.result.spendCheck.${keyOf(result)}`;
    if (ctx.exists(key)) return ctx.t(key);
  }
  return generic(job, ctx);
}

const CYRILLIC = /[А-Яа-яЁё]/;

/**
 * A failed job's error as a sentence: a message already in Russian (the server's texts) as it is in ru;
 * the bots' English message as it is in en and as a generic sentence in ru (the message itself is in
 * «Подробнее»).
 */
export function formatJobError(error: NonNullable<BotJob['error']>, ctx: TextContext): string {
  const message = error.message ?? '';
  if (ctx.lang === 'en' || CYRILLIC.test(message)) return ctx.t('jobResults.generic.failedWhy', { message });
  if (/^Timed out after/i.test(message)) return ctx.t('jobResults.generic.timedOut');
  if (/^Cancelled$/i.test(message)) return ctx.t('jobResults.generic.cancelled');
  return ctx.t('jobResults.generic.failedOther');
}
