import { z } from 'zod';

import { accountChecklistEntity } from '../entities/account-checklist.ts';
import { auditEntryEntity } from '../entities/audit-entry.ts';
import { availableIpEntity } from '../entities/available-ip.ts';
import { historyStatEntity } from '../entities/history-stat.ts';
import { marketFeeEntity } from '../entities/market-fee.ts';
import { marketAccountEntity } from '../entities/market-account.ts';
import { marketToyEntity } from '../entities/market-toy.ts';
import { marketEntity } from '../entities/market.ts';
import { sellItemEntity } from '../entities/sell-item.ts';
import { serverGroupEntity } from '../entities/server-group.ts';
import { profitDealEntity } from '../entities/profit-deal.ts';
import { marketAccountRefSchema, steamAccountEntity } from '../entities/steam-account.ts';
import { steamInventoryEntity } from '../entities/steam-inventory.ts';
import { tagEntity } from '../entities/tag.ts';
import { toyDynamicSettingEntity } from '../entities/toy-dynamic-setting.ts';
import { toyGroupEntity } from '../entities/toy-group.ts';
import { toyHistoryEntity } from '../entities/toy-history.ts';
import { toyEntity } from '../entities/toy.ts';
import { transactionEntity } from '../entities/transaction.ts';
import { MARKET_CODES } from '../enums.ts';
import { priceBoardQuerySchema, priceBoardResponseSchema } from '../price-board/price-board-schemas.ts';
import { commonDataResponseSchema } from './common-data.ts';
import {
  profitByDayResponseSchema,
  profitByItemResponseSchema,
  profitByMarketResponseSchema,
  profitItemsQuerySchema,
  profitQuerySchema,
  profitTotalsResponseSchema,
} from './profit-schemas.ts';
import { dailyReportQuerySchema, dailyReportResponseSchema } from './daily-report-schemas.ts';
import {
  bulkResultSchema,
  bulkUpdateByIdsRoute,
  crudRoutes,
  defineRoute,
  listQuerySchema,
  paginatedSchema,
  updatedCountSchema,
} from './route-def.ts';
import {
  avgStatsByNameBodySchema,
  avgStatsByNameResponseSchema,
  connectItemsBodySchema,
  connectItemsResponseSchema,
  countByMhnRowSchema,
  forSellRowSchema,
  historyCountByMhnRowSchema,
  loginBodySchema,
  onlyMarketHashNameResponseSchema,
  setIgnorePriceQuerySchema,
  setPointStatusQuerySchema,
  setPointStatusResponseSchema,
  statsByDateResponseSchema,
} from './special-schemas.ts';

const byQsDescription =
  "Sets the body's fields on every row matching the query-string filters (the list endpoint's filters). " +
  'With no filter at all it refuses unless all=true is given, so an empty query cannot rewrite the whole table.';

const profitDescription =
  'Purchases are matched to sales per unit: by asset id where one links them, else first in, first out per ' +
  'market_hash_name; rows with record_status normal or locked count. Each side is converted at its date with ' +
  "its market's rates of that day, and each market's fee (/api/profit/fees/) is subtracted. Filters: date_from, " +
  'date_to (the sale; a date covers the whole UTC day), market, market_account, steam_account, ' +
  'market_hash_name (repeatable; a deal matches when either side does), currency (RUB default, or USD). The ' +
  'deals themselves: /api/profit/deals/ (status=held&ordering=buy_date: the units held longest; format=csv).';

/** A tag as the extended lists show it beside a row's tag ids. */
const tagRefSchema = z.object({ id: z.number().int(), name: z.string(), color: z.string() });

export const marketAccountExtendedSchema = marketAccountEntity.schema.extend({
  market_name: z.string(),
  steam_account_name: z.string(),
  steam_account_status: z.string(),
  tag_objects: z.array(tagRefSchema),
  balance_rub: z.string(),
  proxy_label: z.string().nullable(),
});

export const steamAccountExtendedSchema = steamAccountEntity.schema.extend({
  market_accounts_extended: z.array(
    marketAccountRefSchema.extend({
      balance: z.string(),
      currency: z.string(),
      online: z.boolean(),
      status: z.string(),
    }),
  ),
  tag_objects: z.array(tagRefSchema),
  total_balance_rub: z.string(),
  checklist_done: z.number().int(),
  checklist_total: z.number().int(),
  proxy_label: z.string().nullable(),
  server_group_name: z.string().nullable(),
  inventory_count: z.number().int(),
  on_sale_count: z.number().int(),
});

export const historyExtendedSchema = toyHistoryEntity.schema.extend({
  ru_name: z.string().nullable(),
  icon_url: z.string().nullable(),
  toy_label: z.string().nullable(),
  steam_account_name: z.string().nullable(),
  market_account_label: z.string().nullable(),
});

export const API_ROUTES = [
  // Sessions and start-up data
  defineRoute({
    id: 'accounts.login',
    method: 'POST',
    path: '/api/accounts/login/',
    tag: 'accounts',
    summary: 'Log in with a username and password (for scripts; people use /admin/login/)',
    description:
      'Needs the X-XSRF-TOKEN header like every unsafe call; a GET to any endpoint hands out the cookie.',
    body: loginBodySchema,
    response: z.object({ success: z.literal(true), username: z.string() }),
    public: true,
  }),
  defineRoute({
    id: 'accounts.logout',
    method: 'GET',
    path: '/api/accounts/logout/',
    tag: 'accounts',
    summary: 'End the session',
    response: z.object({ success: z.literal(true) }),
    public: true,
  }),
  defineRoute({
    id: 'frontend.common',
    method: 'GET',
    path: '/api/frontend/common',
    tag: 'frontend',
    summary: 'Start-up data of the console: markets, Steam accounts, tags and the bot token',
    response: commonDataResponseSchema,
  }),

  // History statistics by name
  defineRoute({
    id: 'history.avg_stats_by_name',
    method: 'POST',
    path: '/api/history/toy-stats/get-filtered-avg-stats-by-name/',
    tag: 'history-stats',
    summary: 'Average, minimum and maximum buy and sell prices per market_hash_name under filters',
    description:
      'Aggregates toy history. Only rows of one currency are averaged together (default RUB) and, by default, ' +
      'only rows whose record_status is normal, so points an operator marked outdated drop out.',
    body: avgStatsByNameBodySchema,
    response: avgStatsByNameResponseSchema,
    example: {
      body: {
        market_hash_names: ['AK-47 | Redline (Field-Tested)'],
        markets: ['tm'],
        date_from: '2026-09-01',
      },
      response: {
        currency: 'RUB',
        results: [
          {
            market_hash_name: 'AK-47 | Redline (Field-Tested)',
            buy_count: 12,
            buy_avg: '812.40',
            buy_min: '790.00',
            buy_max: '840.00',
            sell_count: 9,
            sell_avg: '901.10',
            sell_min: '880.00',
            sell_max: '930.00',
          },
        ],
      },
    },
  }),
  defineRoute({
    id: 'history.set_point_status',
    method: 'GET',
    path: '/api/history/toy-stats/set-point-status/',
    tag: 'history-stats',
    summary: 'Set the record status of one price point',
    description:
      'The point is a history-stats row, named by id or by market, market_hash_name and date. The same status ' +
      "goes to that item's history rows of that market and day, so averages follow it. A GET by the spec, so it " +
      'also demands the X-XSRF-TOKEN header.',
    query: setPointStatusQuerySchema,
    response: setPointStatusResponseSchema,
    example: { query: { id: '42', status: 'outdated' }, response: { success: true, point: 1, history: 3 } },
  }),

  // Market accounts
  ...crudRoutes('market-accounts', marketAccountEntity, '/api/market/accounts/'),
  bulkUpdateByIdsRoute('market-accounts', marketAccountEntity, '/api/market/accounts/'),
  defineRoute({
    id: 'market-accounts.extended',
    method: 'GET',
    path: '/api/market/accounts/extended/',
    tag: 'market-accounts',
    entity: marketAccountEntity,
    summary:
      'Market accounts with what the accounts screen shows: market and Steam names, tags, balance in RUB',
    query: listQuerySchema,
    response: paginatedSchema(marketAccountExtendedSchema),
  }),

  // Markets
  ...crudRoutes('markets', marketEntity, '/api/market/markets/'),

  // Items on sale
  ...crudRoutes('sell-items', sellItemEntity, '/api/market/sell/items/', [
    'list',
    'update',
    'partial_update',
  ]),
  bulkUpdateByIdsRoute('sell-items', sellItemEntity, '/api/market/sell/items/', true),
  defineRoute({
    id: 'sell-items.count_by_mhn',
    method: 'GET',
    path: '/api/market/sell/items/count-by-mhn/',
    tag: 'sell-items',
    entity: sellItemEntity,
    summary: 'How many items are listed per market_hash_name, with their price range (list filters apply)',
    query: listQuerySchema,
    response: z.object({ results: z.array(countByMhnRowSchema) }),
  }),
  defineRoute({
    id: 'sell-items.for_sell',
    method: 'GET',
    path: '/api/market/sell/items/for-sell/',
    tag: 'sell-items',
    summary:
      "Candidates for sale: tradable inventory items not on sale, with the toy's sell price on a market",
    description:
      'Query: market (default tm), steam_account (repeatable), market_hash_name (repeatable), page, page_size. ' +
      'Items whose toy has ignore_price, items under a trade hold and items already on sale are left out.',
    query: listQuerySchema.extend({ market: z.enum(MARKET_CODES).optional() }),
    response: paginatedSchema(forSellRowSchema),
  }),

  // Toy dynamic settings
  ...crudRoutes('toy-dynamic-settings', toyDynamicSettingEntity, '/api/market/toy-dynamic-settings/'),
  defineRoute({
    id: 'toy-dynamic-settings.create_or_update',
    method: 'POST',
    path: '/api/market/toy-dynamic-settings/create-or-update/',
    tag: 'toy-dynamic-settings',
    summary: 'Upsert settings by (toy, market, market_account); one object or a list',
    body: z.union([
      toyDynamicSettingEntity.createSchema,
      z.array(toyDynamicSettingEntity.createSchema).min(1).max(100000),
    ]),
    response: bulkResultSchema,
    example: {
      body: [
        {
          toy: 1,
          market: 'tm',
          min_price_buy: '100.00',
          max_price_buy: '120.00',
          enable_dynamic_order: true,
        },
      ],
      response: { created: 1, updated: 0 },
    },
  }),

  // Market toys
  ...crudRoutes('market-toys', marketToyEntity, '/api/market/toys/'),
  defineRoute({
    id: 'market-toys.bulk_create_or_update_by_mhn',
    method: 'POST',
    path: '/api/market/toys/bulk-create-or-update-by-market-hash-name/',
    tag: 'market-toys',
    summary: 'Upsert market toys by (market_hash_name, market); a toy missing from the catalogue is created',
    body: z
      .array(
        marketToyEntity.createSchema
          .omit({ toy: true })
          .extend({ market_hash_name: z.string().trim().min(1).max(512) }),
      )
      .min(1)
      .max(100000),
    response: bulkResultSchema,
    example: {
      body: [{ market_hash_name: 'AK-47 | Redline (Field-Tested)', market: 'tm', price_sell: '950.00' }],
      response: { created: 1, updated: 0 },
    },
  }),
  defineRoute({
    id: 'market-toys.bulk_update_by_qs',
    method: 'POST',
    path: '/api/market/toys/bulk-toys-update-by-qs/',
    tag: 'market-toys',
    entity: marketToyEntity,
    summary: 'Set fields on every market toy matching the query filters',
    description: byQsDescription,
    query: listQuerySchema,
    body: marketToyEntity.patchSchema,
    response: updatedCountSchema,
    example: { query: { market: 'tm', enable_dynamic_order: 'true' }, body: { enable_dynamic_order: false } },
  }),
  defineRoute({
    id: 'market-toys.by_fields',
    method: 'GET',
    path: '/api/market/toys/by-fields/',
    tag: 'market-toys',
    entity: marketToyEntity,
    summary: 'Market toys with only the fields named in fields=a,b (list filters apply)',
    query: listQuerySchema.extend({ fields: z.string().optional() }),
    response: paginatedSchema(z.record(z.string(), z.unknown())),
    example: { query: { fields: 'id,market_hash_name,price_sell', market: 'tm' } },
  }),
  defineRoute({
    id: 'market-toys.only_market_hash_name',
    method: 'GET',
    path: '/api/market/toys/only-market-hash-name/',
    tag: 'market-toys',
    entity: marketToyEntity,
    summary: 'The distinct market_hash_names of the market toys matching the filters',
    query: listQuerySchema,
    response: onlyMarketHashNameResponseSchema,
  }),

  // Settings
  ...crudRoutes('available-ips', availableIpEntity, '/api/settings/available-ip/'),
  ...crudRoutes('server-groups', serverGroupEntity, '/api/settings/server/', undefined, ''),

  // Steam accounts
  ...crudRoutes('steam-accounts', steamAccountEntity, '/api/steam/accounts/'),
  bulkUpdateByIdsRoute('steam-accounts', steamAccountEntity, '/api/steam/accounts/'),
  defineRoute({
    id: 'steam-accounts.extended',
    method: 'GET',
    path: '/api/steam/accounts/extended/',
    tag: 'steam-accounts',
    entity: steamAccountEntity,
    summary: 'Steam accounts with their market accounts, balances, tags, checklist progress and counts',
    query: listQuerySchema,
    response: paginatedSchema(steamAccountExtendedSchema),
  }),
  ...crudRoutes('account-checklists', accountChecklistEntity, '/api/steam/accounts-checklists/'),
  ...crudRoutes('transactions', transactionEntity, '/api/steam/transactions/'),

  // Tags
  ...crudRoutes('tags', tagEntity, '/api/tag/'),

  // Toy history
  ...crudRoutes('history', toyHistoryEntity, '/api/toy/history/'),
  bulkUpdateByIdsRoute('history', toyHistoryEntity, '/api/toy/history/'),
  defineRoute({
    id: 'history.bulk_create_or_update',
    method: 'POST',
    path: '/api/toy/history/bulk/create-or-update/',
    tag: 'history',
    summary: 'Upsert history rows: by id when given, else by (market, side, market_item_id), else insert',
    body: z
      .array(toyHistoryEntity.createSchema.extend({ id: z.number().int().positive().optional() }))
      .min(1)
      .max(100000),
    response: bulkResultSchema,
  }),
  defineRoute({
    id: 'history.connect_items',
    method: 'POST',
    path: '/api/toy/history/connect-items/',
    tag: 'history',
    summary: 'Link history rows to toys by classid_instanceid, then by market_hash_name',
    body: connectItemsBodySchema,
    response: connectItemsResponseSchema,
  }),
  defineRoute({
    id: 'history.count_by_mhn',
    method: 'GET',
    path: '/api/toy/history/count-by-mhn/',
    tag: 'history',
    entity: toyHistoryEntity,
    summary: 'History rows per market_hash_name, split by side (list filters apply)',
    query: listQuerySchema,
    response: z.object({ results: z.array(historyCountByMhnRowSchema) }),
  }),
  defineRoute({
    id: 'history.extended',
    method: 'GET',
    path: '/api/toy/history/history-extended/',
    tag: 'history',
    entity: toyHistoryEntity,
    summary: "History rows with the toy's image and Russian name and the account names",
    query: listQuerySchema,
    response: paginatedSchema(historyExtendedSchema),
  }),

  // History stats
  ...crudRoutes('history-stats', historyStatEntity, '/api/toy/history-stats/'),
  defineRoute({
    id: 'history-stats.stats_by_date',
    method: 'GET',
    path: '/api/toy/history-stats/stats-by-date/',
    tag: 'history-stats',
    entity: toyHistoryEntity,
    summary: 'Per day and side: count, total, average, minimum and maximum price of the history rows',
    description:
      'The toy history filters apply (market, side, market_hash_name, steam_account, market_account, ' +
      'date__gte, date__lte, record_status; record_status defaults to normal). One currency at a time: currency ' +
      'defaults to RUB.',
    query: listQuerySchema,
    response: statsByDateResponseSchema,
    example: {
      query: { market: 'tm', date__gte: '2026-09-01T00:00:00Z' },
      response: {
        currency: 'RUB',
        results: [
          {
            date: '2026-09-01',
            side: 'sell',
            count: 31,
            total: '28010.00',
            avg_price: '903.55',
            min_price: '12.00',
            max_price: '15400.00',
          },
        ],
      },
    },
  }),

  // Steam inventory
  ...crudRoutes('steam-inventory', steamInventoryEntity, '/api/toy/steam-inventory/'),
  bulkUpdateByIdsRoute('steam-inventory', steamInventoryEntity, '/api/toy/steam-inventory/'),
  defineRoute({
    id: 'steam-inventory.bulk_create_and_update',
    method: 'POST',
    path: '/api/toy/steam-inventory/bulk/create-and-update/',
    tag: 'steam-inventory',
    summary: 'Upsert inventory items by (steam_account, asset_id)',
    body: z.array(steamInventoryEntity.createSchema).min(1).max(100000),
    response: bulkResultSchema,
  }),
  defineRoute({
    id: 'steam-inventory.connect_items',
    method: 'POST',
    path: '/api/toy/steam-inventory/connect-items/',
    tag: 'steam-inventory',
    summary: 'Link inventory items to toys by classid_instanceid, then by market_hash_name',
    body: connectItemsBodySchema,
    response: connectItemsResponseSchema,
  }),

  // Toy groups
  ...crudRoutes('toy-groups', toyGroupEntity, '/api/toy/toy-group/', ['list']),
  defineRoute({
    id: 'toy-groups.bulk_create_or_update',
    method: 'POST',
    path: '/api/toy/toy-group/bulk-create-or-update/',
    tag: 'toy-groups',
    summary: 'Upsert toy groups by name',
    body: z.array(toyGroupEntity.createSchema).min(1).max(100000),
    response: bulkResultSchema,
  }),

  // Toys
  ...crudRoutes('toys', toyEntity, '/api/toy/toys/'),
  defineRoute({
    id: 'toys.bulk_update_by_qs',
    method: 'POST',
    path: '/api/toy/toys/bulk-toys-update-by-qs/',
    tag: 'toys',
    entity: toyEntity,
    summary: 'Set fields on every toy matching the query filters',
    description: byQsDescription,
    query: listQuerySchema,
    body: toyEntity.patchSchema,
    response: updatedCountSchema,
    example: { query: { label: 'danger' }, body: { ignore_price: true } },
  }),
  defineRoute({
    id: 'toys.create_and_update',
    method: 'POST',
    path: '/api/toy/toys/toys-create-and-update/',
    tag: 'toys',
    summary: 'Upsert toys by market_hash_name (catalogue import)',
    body: z.array(toyEntity.createSchema).min(1).max(100000),
    response: bulkResultSchema,
  }),
  defineRoute({
    id: 'toys.set_ignore_price',
    method: 'GET',
    path: '/api/toy/toys/set-ignore-price/',
    tag: 'toys',
    summary: 'Set ignore_price on toys named by id or market_hash_name (repeatable); value=true|false',
    description: 'A GET by the spec, so it also demands the X-XSRF-TOKEN header.',
    query: setIgnorePriceQuerySchema,
    response: updatedCountSchema,
    example: { query: { id: ['1', '2'], value: 'true' }, response: { updated: 2 } },
  }),

  // Cross-market price board (issue 16)
  defineRoute({
    id: 'price-board.list',
    method: 'GET',
    path: '/api/market/price-board/',
    tag: 'price-board',
    summary: "Per market hash name: each market's cheapest offer and best sale after fees, and the spread",
    description:
      'From the market database (the imported price lists), converted to one currency (currency=RUB|USD, RUB by ' +
      "default) with each market's rates, after the fee table's fees (/api/profit/fees/: a buy fee on the cost, " +
      'the sale fee off a sale; the sale fees in the answer). The spread ' +
      'is the best sale on another market minus the cheapest buy. Filters: min_spread_pct, min_volume, markets, ' +
      'search; ordering one of market_hash_name, best_buy, best_sell, spread, spread_pct, volume ("-" descending).',
    query: priceBoardQuerySchema,
    response: priceBoardResponseSchema,
    example: { query: { currency: 'RUB', min_spread_pct: '5', markets: 'tm,tm_usd' } },
  }),

  // Profit (issue 16): the matched deals, read-only, and each market's fees, edited by operators.
  ...crudRoutes('profit-deals', profitDealEntity, '/api/profit/deals/', ['list', 'retrieve']),
  ...crudRoutes('profit-fees', marketFeeEntity, '/api/profit/fees/'),
  defineRoute({
    id: 'profit.totals',
    method: 'GET',
    path: '/api/profit/totals/',
    tag: 'profit',
    summary: 'Realised profit of the units sold in a period, after fees, in one currency',
    description: profitDescription,
    query: profitQuerySchema,
    response: profitTotalsResponseSchema,
    example: {
      query: { date_from: '2026-10-01', date_to: '2026-10-31', currency: 'RUB' },
      response: {
        currency: 'RUB',
        deals: 3,
        sales: '6920.00',
        sale_fees: '319.90',
        purchases: '6600.00',
        purchase_fees: '0.00',
        profit: '0.10',
        avg_holding_seconds: 1296000,
        held_units: 2,
        held_cost: '9640.00',
        unbought_sales: 1,
      },
    },
  }),
  defineRoute({
    id: 'profit.by_day',
    method: 'GET',
    path: '/api/profit/by-day/',
    tag: 'profit',
    summary: 'Realised profit per UTC day of sale',
    description: profitDescription,
    query: profitQuerySchema,
    response: profitByDayResponseSchema,
  }),
  defineRoute({
    id: 'profit.by_market',
    method: 'GET',
    path: '/api/profit/by-market/',
    tag: 'profit',
    summary: 'Realised profit per market of sale',
    description: profitDescription,
    query: profitQuerySchema,
    response: profitByMarketResponseSchema,
  }),
  defineRoute({
    id: 'profit.by_item',
    method: 'GET',
    path: '/api/profit/by-item/',
    tag: 'profit',
    summary:
      'Realised profit per market_hash_name: the best (ordering=-profit) or worst (ordering=profit) items',
    description: profitDescription,
    query: profitItemsQuerySchema,
    response: profitByItemResponseSchema,
  }),

  // Daily report (issue 16)
  defineRoute({
    id: 'reports.daily',
    method: 'GET',
    path: '/api/reports/daily/',
    tag: 'reports',
    summary:
      "One UTC day's trading per market account and currency: deals, volume, profit, fees, failures, alerts",
    description:
      'date=YYYY-MM-DD (a UTC day, yesterday by default, not in the future). Deals and money come from the ' +
      "matched deals (/api/profit/deals/): purchases by buy date, sales by sale date, each at its market's rate of " +
      'that day, fees from the fee table; profit is realised on the sale. Failures: deliveries ended failed ' +
      'that day, and failed bot jobs in the totals. Alerts: first raised that day. format=csv: a row column ' +
      '(account | total) then the JSON field names, the totals as the last line.',
    query: dailyReportQuerySchema,
    response: dailyReportResponseSchema,
    example: { query: { date: '2026-11-27' } },
  }),

  // Audit log
  ...crudRoutes('audit', auditEntryEntity, '/api/audit/', ['list', 'retrieve']),
];
