import {
  accountChecklistEntity,
  auditEntryEntity,
  availableIpEntity,
  historyStatEntity,
  marketFeeEntity,
  marketAccountEntity,
  marketEntity,
  marketToyEntity,
  profitDealEntity,
  sellItemEntity,
  serverGroupEntity,
  SIGNUP_STEPS,
  steamAccountEntity,
  steamInventoryEntity,
  tagEntity,
  toyDynamicSettingEntity,
  toyEntity,
  toyGroupEntity,
  toyHistoryEntity,
  transactionEntity,
} from '@toydesk/contract';

import { auditNameSql } from '../audit/audit-log.ts';
import type { Database } from '../database.ts';
import { invalidField } from '../errors.ts';
import { MARKET_ACCOUNT_LABEL_SQL } from '../repositories/market-account-label.ts';
import type { Vault } from '../vault/vault.ts';
import { EntityRepository, type EntityTableConfig } from './entity-repository.ts';
import { STEAM_ACCOUNT_MARKET_ACCOUNTS_SQL } from './sql-fragments.ts';

const marketHashNameOfToy = `(SELECT x.market_hash_name FROM toy x WHERE x.id = t.toy)`;

/**
 * `column` is one of the ids `subquery` finds. As `= ANY(ARRAY(...))`, not `IN (...)`: the ids are found once
 * (an init plan, through the subquery's own index), then the list's rows are probed by id. With `IN` the
 * planner joined by hash and read every row of the list's other filters first (all 11,645 market toys of
 * a market for 363 matches of a name: 10 ms against 2 ms, issue 15's case c).
 */
const idAmong = (column: string, subquery: string) => `${column} = ANY(ARRAY(${subquery}))`;

/**
 * For the tables whose rows point at a toy (`t.toy`: market toys, dynamic settings): the toy's market hash
 * name as a computed field, searched by ?search= and filtered by ?market_hash_name=.
 */
const BY_TOY_MARKET_HASH_NAME = {
  // The toys whose name matches, found through toy's trigram index (migration 022), then their rows: a
  // correlated subquery per row would read every row's toy first.
  search: [
    (pattern: string) => idAmong('t.toy', `SELECT x.id FROM toy x WHERE x.market_hash_name ILIKE ${pattern}`),
  ],
  computed: { market_hash_name: marketHashNameOfToy },
  customFilters: {
    market_hash_name: (values, params) =>
      idAmong(
        't.toy',
        `SELECT x.id FROM toy x WHERE x.market_hash_name = ANY(${params.add(values)}::text[])`,
      ),
  },
} satisfies Pick<EntityTableConfig, 'search' | 'computed' | 'customFilters'>;

/** A custom filter's ids, refused by field (a 400) unless each is a whole number within int. */
function ids(field: string, values: string[]): string[] {
  for (const v of values) {
    if (!/^\d{1,9}$/.test(v))
      throw invalidField(field, `Введите целое число. (A valid integer is required: ${v}.)`);
  }
  return values;
}

/** In which order checklist steps count; the SQL literal is built from the contract's list. */
const stepsArraySql = `ARRAY[${SIGNUP_STEPS.map((s) => `'${s}'`).join(',')}]`;

/** ?search= on a Steam account's name for rows that point at one (`t.steam_account`). */
const steamAccountNameMatches = (pattern: string) =>
  idAmong('t.steam_account', `SELECT s.id FROM steam_account s WHERE s.steam_account_name ILIKE ${pattern}`);

/**
 * Every table behind the generic CRUD of `/api` (the server's `services.resources.<name>`), keyed by the
 * name the server's handlers use; each names its contract entity, whose name is the table's.
 */
export const ENTITY_TABLES = {
  /** `/api/market/markets/` */
  market: {
    entity: marketEntity,
    search: ['t.name', 't.code'],
    defaultOrdering: 'id',
    serverSet: ['rates_set_at'],
    // Totals converted with a rate show when it was set: a new or changed rate restamps the market.
    prepare: (data, _ctx, existing) => {
      const changed = (['usd_to_rub_rate', 'eur_to_rub_rate'] as const).some(
        (name) => data[name] !== undefined && (!existing || Number(data[name]) !== Number(existing[name])),
      );
      return changed ? { ...data, rates_set_at: new Date().toISOString() } : data;
    },
  },
  /** `/api/tag/` */
  tag: { entity: tagEntity, search: ['t.name'], defaultOrdering: 'name' },
  /** `/api/settings/server/` */
  serverGroup: { entity: serverGroupEntity, search: ['t.name'], defaultOrdering: 'name' },
  /** `/api/settings/available-ip/` */
  availableIp: { entity: availableIpEntity, search: ['t.address', 't.comment'], defaultOrdering: 'id' },
  /** `/api/steam/accounts/` */
  steamAccount: {
    entity: steamAccountEntity,
    search: ['t.steam_account_name', 't.login', 't.email', 't.steam_id'],
    defaultOrdering: 'steam_account_name',
    computed: { market_accounts: STEAM_ACCOUNT_MARKET_ACCOUNTS_SQL('t') },
    versioned: ['steam_account', 'market_account', 'market'],
    customFilters: {
      // ?market=: the Steam accounts with a market account on one of these markets.
      market: (values, params) =>
        `EXISTS (SELECT 1 FROM market_account ma WHERE ma.steam_account = t.id AND ma.market = ANY(${params.add(values)}::text[]))`,
    },
  },
  /** `/api/market/accounts/` */
  marketAccount: {
    entity: marketAccountEntity,
    search: [steamAccountNameMatches, 't.market', 't.notes'],
    defaultOrdering: 'id',
    hintSecrets: ['api_key'],
    computed: { label: MARKET_ACCOUNT_LABEL_SQL('t') },
    versioned: ['market_account', 'steam_account', 'market'],
  },
  /** `/api/toy/toy-group/` */
  toyGroup: { entity: toyGroupEntity, search: ['t.name'], defaultOrdering: 'name' },
  /** `/api/toy/toys/` */
  toy: {
    entity: toyEntity,
    search: ['t.market_hash_name', 't.ru_name'],
    defaultOrdering: 'market_hash_name',
    prepare: (data, _ctx, existing) => {
      // classid_instanceid follows classid and instance when only those are given.
      const classid = data.classid ?? existing?.classid;
      const instance = data.instance ?? existing?.instance;
      if (
        data.classid_instanceid === undefined &&
        (data.classid !== undefined || data.instance !== undefined) &&
        classid
      ) {
        return { ...data, classid_instanceid: `${String(classid)}_${String(instance ?? '0')}` };
      }
      return data;
    },
  },
  /** `/api/market/toys/` */
  marketToy: {
    entity: marketToyEntity,
    defaultOrdering: 'id',
    ...BY_TOY_MARKET_HASH_NAME,
    versioned: ['market_toy', 'toy'],
  },
  /** `/api/market/toy-dynamic-settings/` */
  toyDynamicSetting: { entity: toyDynamicSettingEntity, defaultOrdering: 'id', ...BY_TOY_MARKET_HASH_NAME },
  /** `/api/toy/history/` */
  toyHistory: {
    entity: toyHistoryEntity,
    search: ['t.market_hash_name', 't.market_item_id', 't.comment'],
    defaultOrdering: '-date',
    versioned: ['toy_history'],
  },
  /** `/api/toy/history-stats/` */
  historyStat: { entity: historyStatEntity, search: ['t.market_hash_name'], defaultOrdering: '-date' },
  /** `/api/market/sell/items/` */
  sellItem: {
    entity: sellItemEntity,
    search: ['t.market_hash_name', 't.market_item_id'],
    defaultOrdering: '-listed_at',
  },
  /** `/api/toy/steam-inventory/` */
  steamInventory: {
    entity: steamInventoryEntity,
    search: ['t.market_hash_name', 't.asset_id'],
    defaultOrdering: 'id',
  },
  /** `/api/steam/transactions/` */
  transaction: {
    entity: transactionEntity,
    search: ['t.comment'],
    defaultOrdering: '-date',
    serverSet: ['created_by'],
    prepare: (data, ctx, existing) => (existing ? data : { ...data, created_by: ctx.operator }),
  },
  /** `/api/steam/accounts-checklists/` */
  accountChecklist: {
    entity: accountChecklistEntity,
    defaultOrdering: 'id',
    search: [steamAccountNameMatches],
    computed: {
      done_count: `(SELECT count(*)::int FROM jsonb_each(t.steps) e WHERE e.value->>'state' = 'done')`,
      total_count: `${SIGNUP_STEPS.length}`,
      next_step: `(SELECT s FROM unnest(${stepsArraySql}) WITH ORDINALITY AS u(s, n) WHERE coalesce(t.steps->s->>'state', 'pending') <> 'done' ORDER BY n LIMIT 1)`,
    },
  },
  /** `/api/profit/fees/`: each market's fee per side (issue 16); a change prices that market's deals again. */
  marketFee: { entity: marketFeeEntity, search: ['t.source'], defaultOrdering: 'market,side' },
  /** `/api/profit/deals/` (list and read): the units profit matched, kept from toy_history by migration 025. */
  profitDeal: {
    entity: profitDealEntity,
    search: ['t.market_hash_name', 't.asset_id'],
    defaultOrdering: '-sell_date,-id',
    computed: {
      holding_seconds: `CASE WHEN t.buy_date IS NOT NULL THEN floor(extract(epoch FROM coalesce(t.sell_date, now()) - t.buy_date))::int END`,
    },
    // Either side of the deal: a unit bought on one market and sold on another is both markets'.
    customFilters: {
      market: (values, params) =>
        `(t.buy_market = ANY(${params.add(values)}::text[]) OR t.sell_market = ANY(${params.add(values)}::text[]))`,
      market_account: (values, params) =>
        `(t.buy_market_account = ANY(${params.add(ids('market_account', values))}::int[]) OR t.sell_market_account = ANY(${params.add(ids('market_account', values))}::int[]))`,
      steam_account: (values, params) =>
        `(t.buy_steam_account = ANY(${params.add(ids('steam_account', values))}::int[]) OR t.sell_steam_account = ANY(${params.add(ids('steam_account', values))}::int[]))`,
    },
  },
  /** `/api/audit/` (list only) */
  audit: {
    entity: auditEntryEntity,
    search: ['t.entity', 't.operator', 't.label'],
    defaultOrdering: '-id',
    // Entries written before labels were stored name their object from the rows they keep.
    computed: {
      object_name: `coalesce(t.label, ${auditNameSql('t.after')}, ${auditNameSql('t.before')})`,
    },
  },
} satisfies Record<string, EntityTableConfig>;

export type EntityTableName = keyof typeof ENTITY_TABLES;

/** One repository per table of ENTITY_TABLES, over one database and vault; built once per process. */
export function createEntityRepositories(
  db: Database,
  vault: Vault,
): Record<EntityTableName, EntityRepository> {
  const entries = Object.entries(ENTITY_TABLES).map(([name, config]) => [
    name,
    new EntityRepository(config, db, vault),
  ]);
  return Object.fromEntries(entries) as Record<EntityTableName, EntityRepository>;
}
