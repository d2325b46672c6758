import type { BotAlert, BotJob, BotTradingStatus } from '@toydesk/contract';

/**
 * Results, alerts and trading actions as the bots record them (shapes from apps/bots' job code), one or
 * more per job kind and alert kind: the formatters' test says each in Russian without JSON or English.
 */
export const RECORDED_RESULTS: Array<Pick<BotJob, 'kind' | 'result'>> = [
  { kind: 'proxy.check', result: { proxy: 4, status: 'up', latency_ms: 120, http_status: 200, error: null } },
  {
    kind: 'proxy.check',
    result: { proxy: 4, status: 'down', latency_ms: null, http_status: null, error: 'ECONNREFUSED' },
  },
  { kind: 'proxy.check-all', result: { proxies: 12, queued: 11 } },
  { kind: 'orders.active', result: { market: 'tm', accounts: 3, orders: [{}, {}], failed_accounts: [7] } },
  {
    kind: 'orders.active-stats',
    result: {
      market: 'tm',
      orders: 5,
      items: 3,
      totals: [
        { currency: 'RUB', count: 9, total: '8241.00' },
        { currency: 'USD', count: 1, total: '12.11' },
      ],
      accounts: [],
      failed_accounts: [],
    },
  },
  {
    kind: 'orders.by-name',
    result: { results: { 'AK-47 | Redline (Field-Tested)': [] }, failed_accounts: [] },
  },
  { kind: 'prices.import', result: { market: 'tm', items: 23000, removed: 4 } },
  { kind: 'prices.import-all', result: { markets: ['tm', 'dmarket'] } },
  { kind: 'prices.import-all', result: { markets: [] } },
  { kind: 'market.account-items', result: { market: 'tm', market_account: 31, items: [{}, {}, {}] } },
  { kind: 'signup.relogin', result: { steamid: '76561198000000000', session: 'saved' } },
  { kind: 'signup.add_phone', result: { phone: '+79990000000' } },
  {
    kind: 'signup.setup-profile',
    result: { ran: ['relogin', 'add_phone'], stopped_at: 'confirm_phone_code', reason: 'no code yet' },
  },
  { kind: 'signup.setup-profile', result: { ran: 9 } },
  { kind: 'signup.import-mafile', result: { sealed: true } },
  { kind: 'signup.get-my-inventory', result: { items: [{}, {}] } },
  { kind: 'signup.get-my-groups', result: { results: [{}] } },
  { kind: 'signup.available-emotions', result: ['happy', 'sad'] },
  { kind: 'steam.balance', result: { balance: '275.59', currency: 'RUB' } },
  { kind: 'steam.set-api-key', result: { key_set: true } },
  { kind: 'steam.create-offer', result: { offer_id: '6512345678' } },
  {
    kind: 'trading.keep-online',
    result: {
      summary: 'dry run: would ping-new',
      text: { code: 'keep-online.dry-run', params: {}, dry_run: { ping: 1 } },
    },
  },
  {
    kind: 'trading.keep-online',
    result: {
      summary: 'online, p2p',
      text: { code: 'keep-online.online', params: { p2p: true, steam_api_key: false } },
    },
  },
  {
    kind: 'trading.keep-online',
    result: {
      summary: 'banned: x',
      text: { code: 'keep-online.banned', params: { answer: 'x' } },
      ended: true,
    },
  },
  {
    kind: 'trading.deliver',
    result: { summary: 'nothing to deliver', text: { code: 'deliver.none', params: {} } },
  },
  {
    kind: 'trading.deliver',
    result: {
      summary: '2 offers sent',
      text: {
        code: 'deliver.done',
        params: { sent: 2, would_send: 0, ready: 1, delivered: 0, failed: 0, in_progress: 3, transfers: 1 },
      },
    },
  },
  {
    kind: 'trading.deliver',
    result: { summary: 'dmarket: skipped', text: { code: 'deliver.no-flow', params: { market: 'dmarket' } } },
  },
  {
    kind: 'trading.list-reprice',
    result: {
      summary: '0 listed, 0 repriced (dry run: 50 listed)',
      text: {
        code: 'list-reprice.done',
        params: { listed: 0, repriced: 0, refused: 0, not_repriced: 0, gone: 0, waiting_until: null },
        dry_run: { listed: 50 },
      },
    },
  },
  {
    kind: 'trading.list-reprice',
    result: {
      summary: '3 listed',
      text: {
        code: 'list-reprice.done',
        params: {
          listed: 3,
          repriced: 14,
          refused: 1,
          not_repriced: 2,
          gone: 1,
          waiting_until: '2026-11-25T20:00:00Z',
        },
      },
    },
  },
  {
    kind: 'trading.list-reprice',
    result: { summary: 'no market toy', text: { code: 'list-reprice.no-toys', params: {} } },
  },
  {
    kind: 'trading.dynamic-orders',
    result: {
      summary: '1 placed',
      text: {
        code: 'dynamic-orders.done',
        params: { placed: 1, repriced: 2, removed: 0, unchanged: 5, refused: 1, guarded: 1, bought: 2 },
      },
    },
  },
  {
    kind: 'trading.dynamic-orders',
    result: { skipped: 'another tick is running', text: { code: 'trading.skipped.busy', params: {} } },
  },
  {
    kind: 'trading.dynamic-orders',
    result: { skipped: 'paused', text: { code: 'trading.skipped.paused', params: { reason: 'Bad KEY' } } },
  },
  {
    kind: 'trading.keep-online',
    result: { summary: 'skipped', text: { code: 'trading.skipped.market', params: { market: 'dmarket' } } },
  },
  { kind: 'trading.keep-online', result: { skipped: 'auto_sell is off' } },
  { kind: 'trading.stop', result: { stopped: true, text: { code: 'trading.stopped', params: {} } } },
  {
    kind: 'trading.stop',
    result: { skipped: 'already stopped', text: { code: 'trading.skipped.already-stopped', params: {} } },
  },
  { kind: 'trading.dispatch', result: { started: 4, stopped: 1 } },
  { kind: 'market.key-check', result: { account: 31, outcome: 'resumed' } },
  { kind: 'market.key-check', result: { account: 31, outcome: 'still-rejected', reason: 'Bad KEY' } },
  {
    kind: 'trading.set-prices',
    result: { failed: [], priced: 1, dry_run: true, removed: 0, market_account: 31 },
  },
  {
    kind: 'trading.set-prices',
    result: { failed: [{ item_id: '1' }], priced: 3, dry_run: false, removed: 1, market_account: 31 },
  },
  { kind: 'spend.check', result: 'not_done' },
  { kind: 'spend.check', result: 'settled-before' },
  { kind: 'steam-guard.confirmations', result: { confirmations: [{}, {}] } },
  {
    kind: 'steam-guard.answer',
    result: {
      accept: true,
      results: [
        { id: '1', status: 'done' },
        { id: '2', status: 'not_found' },
      ],
    },
  },
  {
    kind: 'trading.list-items',
    result: { market_account: 31, market: 'tm', dry_run: true, listed: 2, refused: 1, items: [{}, {}, {}] },
  },
  { kind: 'some.future-kind', result: { a: 1, b: 2, c: 3 } },
  { kind: 'some.future-kind', result: 42 },
  { kind: 'some.future-kind', result: null },
];

const alert = (kind: string, details: Record<string, unknown>, proxy: number | null = null): BotAlert => ({
  id: 1,
  kind,
  severity: 'warning',
  message: `${kind}: English text of the bots`,
  market_account: proxy === null ? 31 : null,
  steam_account: proxy === null ? 1 : null,
  proxy,
  details,
  count: 1,
  first_at: '2026-11-25T10:00:00Z',
  last_at: '2026-11-25T10:00:00Z',
  acknowledged_at: null,
});

export const RECORDED_ALERTS: BotAlert[] = [
  alert('market-ban', { loop: 'keep-online', market: 'tm', answer: 'banned' }),
  alert('rate-limited', { market: 'tm', loop: 'deliver', in_a_row: 5 }),
  alert('steam-session', { loop: 'keep-online', reason: 'InvalidPassword' }),
  alert('proxy-down', { host: '10.0.0.11', port: 3128, http_status: null, error: 'timeout' }, 3),
  alert('delivery-failed', { reason: 'no identity_secret' }),
  alert('delivery-failed', { offer_id: '6512345678', steam_state: 'Declined', deals: ['1', '2'] }),
  alert('delivery-failed', {
    deal_id: '991',
    offer_id: null,
    market_hash_name: 'AK-47 | Redline (Field-Tested)',
  }),
  alert('listing-failed', {
    asset_id: '1',
    market_hash_name: 'AK-47 | Redline (Field-Tested)',
    error: 'bad_price',
  }),
  alert('order-failed', { market_hash_name: 'AWP | Asiimov (Field-Tested)', error: 'low_balance' }),
  alert('market-key-rejected', { market: 'tm', reason: 'Bad KEY', source: 'deliver' }),
  alert('spend-guard', {
    call: 'buy',
    market_hash_name: 'AWP | Asiimov (Field-Tested)',
    price: '12.11',
    currency: 'USD',
    dry_run: true,
  }),
  alert('spend-unknown', { call: 'set-order', subject: 'AWP | Asiimov (Field-Tested)', custom_id: 'x' }),
  alert('spend-settled', {
    call: 'buy',
    subject: 'AWP | Asiimov (Field-Tested)',
    amount: '275.59',
    currency: 'RUB',
    spend_state: 'done',
  }),
  alert('some-future-alert', {}),
];

type Action = BotTradingStatus['recent_actions'][number];
const action = (kind: string, detail: Record<string, unknown>): Action => ({
  at: '2026-11-25T10:00:00Z',
  kind,
  dry_run: true,
  detail,
});

export const RECORDED_ACTIONS: Action[] = [
  action('listed', {
    asset_id: '1',
    market_hash_name: 'AK-47 | Redline (Field-Tested)',
    price: '275.59',
    currency: 'RUB',
  }),
  action('repriced', { count: 2, currency: 'USD', items: [{}, {}] }),
  action('repriced', {
    count: 1,
    currency: 'USD',
    items: [{ item_id: '1', market_hash_name: 'AWP | Asiimov (Field-Tested)', from: '12.50', to: '12.11' }],
  }),
  action('order-placed', {
    market_hash_name: 'AWP | Asiimov (Field-Tested)',
    price: '1030.00',
    from: null,
    count: 2,
    currency: 'RUB',
  }),
  action('order-repriced', {
    market_hash_name: 'AWP | Asiimov (Field-Tested)',
    price: '1031.00',
    from: '1030.00',
    count: 2,
    currency: 'RUB',
  }),
  action('order-removed', {
    market_hash_name: 'AWP | Asiimov (Field-Tested)',
    price: '1031.00',
    count: 2,
    reason: 'disabled',
  }),
  action('purchase-recorded', {
    purchase_id: '5',
    market_hash_name: 'AWP | Asiimov (Field-Tested)',
    price: '1031.00',
    currency: 'RUB',
  }),
  action('offer-sent', {
    offer_code: 'X',
    deals: ['1'],
    items: ['AK-47 | Redline (Field-Tested)'],
    partner: 5,
  }),
  action('offer-confirmed', { offer_id: '6512345678' }),
  action('trade-ready', { offer_id: '6512345678' }),
  action('ping', { proxy: true }),
  action('go-offline', {}),
  action('inventory-refresh', { reason: 'inventory_not_loaded', asset_id: null }),
  action('spend-refused', {
    call: 'buy',
    market_hash_name: 'AWP | Asiimov (Field-Tested)',
    price: '12.11',
    currency: 'USD',
  }),
  action('would-be-refused', {
    call: 'buy',
    market_hash_name: 'AWP | Asiimov (Field-Tested)',
    price: '12.11',
    currency: 'USD',
  }),
  action('some-future-action', { x: 1 }),
];
