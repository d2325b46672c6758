import type { BotAlert } from '@toydesk/contract';
import { describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '@/test/fixtures';

import { createAlertsStore } from './bot-alerts';
import { notifications } from './notifications';

const alert = (id: number, overrides: Partial<BotAlert> = {}): BotAlert => ({
  id,
  kind: 'proxy-down',
  severity: 'warning',
  message: `alert ${id}`,
  market_account: null,
  steam_account: null,
  proxy: 3,
  details: {},
  count: 1,
  first_at: '2026-01-01T00:00:00Z',
  last_at: '2026-01-01T00:00:00Z',
  acknowledged_at: null,
  ...overrides,
});

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

    open = [
      alert(4, { severity: 'error', message: 'Аккаунт забанен', kind: 'market-ban' }),
      alert(3),
      ...open,
    ];
    await store.poll();
    expect(store.get()).toEqual({ open: 4, lastId: 4 });
    expect(notifications.list().map((n) => [n.text, n.color])).toEqual([
      ['Аккаунт забанен', 'error'],
      ['alert 3', 'warning'],
    ]);
    expect(notifications.list()[0]?.title).toBe('Оповещение ботов: market-ban');
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
