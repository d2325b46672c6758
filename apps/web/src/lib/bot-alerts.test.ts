import type { BotAlert } from '@toydesk/contract';
import { describe, expect, it, vi } from 'vitest';

import { botAlert } from '@/test/bot-alert';
import { jsonResponse } from '@/test/fixtures';

import { createAlertsStore } from './bot-alerts';
import { notifications } from './notifications';

/** An open proxy-down alert of proxy 3. */
const alert = (id: number, overrides: Partial<BotAlert> = {}): BotAlert =>
  botAlert(id, { kind: 'proxy-down', severity: 'warning', market_account: null, proxy: 3, ...overrides });

/** The bot service's open alerts, newest first, as the test changes them. */
function stubAlerts(open: () => BotAlert[]) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    const query = new URL(url).searchParams;
    const after = Number(query.get('after_id') ?? 0);
    const rows = open().filter((row) => row.id > after);
    const size = Number(query.get('page_size') ?? 100);
    return jsonResponse({ count: rows.length, next: null, previous: null, results: rows.slice(0, size) });
  });
  return urls;
}

describe('bot alerts poller', () => {
  it('counts the open alerts, announces only the new ones, errors in the error colour', async () => {
    let open = [alert(2), alert(1)];
    const urls = stubAlerts(() => open);
    const store = createAlertsStore();
    await store.poll();
    expect(store.get()).toEqual({ open: 2, lastId: 2 });
    expect(notifications.list()).toHaveLength(0);

    store.setNames({
      markets: [],
      steamAccounts: [
        {
          id: 1,
          steam_account_name: 'op_walk_01',
          market_accounts: [{ id: 31, market: 'tm', label: 'Market CSGO op_walk_01' }],
        },
      ],
    });
    open = [
      alert(4, {
        severity: 'error',
        message: 'Market CSGO op_walk_01: banned',
        kind: 'market-ban',
        market_account: 31,
      }),
      alert(3, {
        kind: 'order-failed',
        market_account: 31,
        details: { market_hash_name: 'AK-47 | Redline' },
      }),
      ...open,
    ];
    await store.poll();
    expect(store.get()).toEqual({ open: 4, lastId: 4 });
    // Sentences in the UI's language with the account's label and market, never the bots' English.
    expect(notifications.list().map((n) => [n.title, n.text, n.color])).toEqual([
      [
        'Оповещение ботов: Блокировка на площадке',
        'Market CSGO op_walk_01: площадка заблокировала аккаунт, цикл «Онлайн» выключен',
        'error',
      ],
      [
        'Оповещение ботов: Заказ на покупку отклонён',
        'Market CSGO op_walk_01: площадка отклонила заказ на покупку AK-47 | Redline',
        'warning',
      ],
    ]);
    expect(urls.at(-1)).toContain('acknowledged=0');
    expect(urls.at(-1)).toContain('after_id=2');

    // Nothing new: no second notification of the same alerts.
    await store.poll();
    expect(notifications.list()).toHaveLength(2);
  });

  it('stays quiet while the bot service does not answer', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ detail: 'down' }, 503));
    const store = createAlertsStore();
    await store.poll();
    expect(store.get()).toEqual({ open: null, lastId: null });
    expect(notifications.list()).toHaveLength(0);
  });
});
