import { describe, expect, it } from 'vitest';

import { i18n } from '../i18n';
import { alertTitle, formatAlert } from './alert-text';
import { formatBotText } from './bot-text';
import { formatJobError, formatJobResult } from './job-result';
import { KNOWN_KINDS } from './job-kinds';
import { foreignWords, hasJson, LATIN_ALLOWED } from './readable-text';
import { RECORDED_ACTIONS, RECORDED_ALERTS, RECORDED_RESULTS } from './recorded-results';
import { formatTradingAction } from './trading-action';
import { createTextContext } from './use-text-context';

const names = {
  markets: [
    { code: 'tm', name: 'Market CSGO' },
    { code: 'dmarket', name: 'DMarket' },
  ],
  steamAccounts: [
    {
      id: 1,
      steam_account_name: 'op_walk_01',
      market_accounts: [{ id: 31, market: 'tm', label: 'Market CSGO op_walk_01' }],
    },
  ],
};

const ru = createTextContext(
  {
    t: (key, options) => i18n.getFixedT('ru')(key, options ?? {}) as string,
    exists: (key) => i18n.exists(key, { lng: 'ru' }),
  },
  'ru',
  names,
);
const en = createTextContext(
  {
    t: (key, options) => i18n.getFixedT('en')(key, options ?? {}) as string,
    exists: (key) => i18n.exists(key, { lng: 'en' }),
  },
  'en',
  names,
);

// Item names and account names are names; the words of the sentence around them must be Russian.
const allowed = new Set([
  ...LATIN_ALLOWED,
  ...['ak', 'redline', 'field', 'tested', 'awp', 'asiimov', 'op', 'walk'],
]);

function expectRussian(text: string) {
  expect(text, 'empty sentence').not.toBe('');
  expect(/[А-Яа-яЁё]/.test(text), `no Russian in «${text}»`).toBe(true);
  expect(hasJson(text), `JSON in «${text}»`).toBe(false);
  expect(foreignWords(text, allowed), `English in «${text}»`).toEqual([]);
}

describe('job results, alerts and trading actions as sentences', () => {
  it.each(RECORDED_RESULTS.map((job) => [job.kind, job] as const))('%s: a Russian sentence', (_kind, job) => {
    expectRussian(formatJobResult(job, ru));
    expect(hasJson(formatJobResult(job, en))).toBe(false);
  });

  it('every known job kind has a Russian title and a Russian sentence for a generic result', () => {
    for (const kind of KNOWN_KINDS) {
      expect(ru.exists(`jobResults.kind.${kind.replace(/[.-]/g, '_')}`), kind).toBe(true);
      expectRussian(formatJobResult({ kind, result: { some: 'thing' } }, ru));
    }
  });

  it('counts what a dry run only recorded: «Выставлено: 50 (пробно)», not «0 listed»', () => {
    // The first recorded list-reprice tick is a dry run that recorded 50 "listed" actions.
    const listReprice = RECORDED_RESULTS.find((job) => job.kind === 'trading.list-reprice');
    expect(formatJobResult(listReprice!, ru)).toBe('Выставлено: 50 (пробно)');
    expect(
      formatBotText({ code: 'list-reprice.done', params: { listed: 3, repriced: 14, refused: 1 } }, ru),
    ).toBe('Выставлено: 3, переоценено: 14, отклонено площадкой: 1');
    expect(
      formatJobResult(
        RECORDED_RESULTS.find((job) => job.kind === 'trading.set-prices')!,
        ru,
      ),
    ).toBe('Пробно: цены были бы заданы: 1, сняты с продажи: 0');
  });

  it('gives prices in their own currency', () => {
    const stats = formatJobResult(
      RECORDED_RESULTS.find((job) => job.kind === 'orders.active-stats')!,
      ru,
    );
    expect(stats).toBe('Заказов: 5, предметов: 3, на сумму 8\u00a0241.00\u00a0₽ + 12.11\u00a0$');
    expect(formatTradingAction(RECORDED_ACTIONS[0]!, ru)).toBe(
      'Выставить AK-47 | Redline (Field-Tested) за 275.59\u00a0₽',
    );
  });

  it.each(RECORDED_ALERTS.map((alert) => [alert.kind, alert] as const))(
    'alert %s: a Russian and an English title and a Russian sentence',
    (kind, alert) => {
      expectRussian(alertTitle(kind, ru));
      expect(alertTitle(kind, en)).not.toBe(alertTitle(kind, ru));
      expectRussian(formatAlert(alert, ru));
      expect(formatAlert(alert, ru)).not.toContain('English text');
    },
  );

  it('titles order-failed, the alert type shown raw before', () => {
    expect(alertTitle('order-failed', ru)).toBe('Заказ на покупку отклонён');
    expect(alertTitle('order-failed', en)).toBe('Buy order refused');
  });

  it.each(RECORDED_ACTIONS.map((action) => [action.kind, action] as const))(
    'action %s: a Russian sentence',
    (_k, action) => {
      expectRussian(formatTradingAction(action, ru));
    },
  );

  it("says the bots' English errors in Russian, and keeps errors already in Russian", () => {
    expectRussian(formatJobError({ message: 'Steam refused the login' }, ru));
    expect(formatJobError({ message: 'Timed out after 59 s' }, ru)).toBe('Не выполнено: время попытки вышло');
    expect(formatJobError({ message: 'Шаг add_phone не выполнен' }, ru)).toBe(
      'Не выполнено: Шаг add_phone не выполнен',
    );
    expect(formatJobError({ message: 'Steam refused the login' }, en)).toBe(
      'Failed: Steam refused the login',
    );
  });
});
