import {
  accountChecklistEntity,
  auditEntryEntity,
  availableIpEntity,
  historyStatEntity,
  marketAccountEntity,
  marketEntity,
  marketToyEntity,
  proxyEntity,
  SIGNUP_STEPS,
  sellItemEntity,
  serverGroupEntity,
  steamAccountEntity,
  steamInventoryEntity,
  tagEntity,
  toyDynamicSettingEntity,
  toyEntity,
  toyGroupEntity,
  toyHistoryEntity,
  transactionEntity,
} from '@toydesk/contract';

import { auditNameSql } from '@toydesk/db';
import type { Params } from './sql.ts';
import type { ResourceConfig } from './resource.ts';
import { MARKET_ACCOUNT_LABEL_SQL, MARKET_ACCOUNT_LINK_JSON } from './sql-fragments.ts';

const marketHashNameOfToy = `(SELECT x.market_hash_name FROM toy x WHERE x.id = t.toy)`;

/** In which order checklist steps count; the SQL literal is built from the contract's list. */
const stepsArraySql = `ARRAY[${SIGNUP_STEPS.map((s) => `'${s}'`).join(',')}]`;

const marketFilter = (column: string) => (values: string[], params: Params) =>
  `EXISTS (SELECT 1 FROM market_account ma WHERE ma.steam_account = ${column} AND ma.market = ANY(${params.add(values)}::text[]))`;

export const RESOURCE_CONFIGS = {
  market: {
    entity: marketEntity,
    table: 'market',
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
  tag: { entity: tagEntity, table: 'tag', search: ['t.name'], defaultOrdering: 'name' },
  serverGroup: {
    entity: serverGroupEntity,
    table: 'server_group',
    search: ['t.name'],
    defaultOrdering: 'name',
  },
  availableIp: {
    entity: availableIpEntity,
    table: 'available_ip',
    search: ['t.address', 't.comment'],
    defaultOrdering: 'id',
  },
  proxy: { entity: proxyEntity, table: 'proxy', search: ['t.host', 't.comment'], defaultOrdering: 'id' },
  steamAccount: {
    entity: steamAccountEntity,
    table: 'steam_account',
    search: ['t.steam_account_name', 't.login', 't.email', 't.steam_id'],
    defaultOrdering: 'steam_account_name',
    computed: {
      market_accounts: `(SELECT coalesce(json_agg(${MARKET_ACCOUNT_LINK_JSON('t')} ORDER BY ma.id), '[]'::json) FROM market_account ma JOIN market m ON m.code = ma.market WHERE ma.steam_account = t.id)`,
    },
    customFilters: { market: marketFilter('t.id') },
  },
  marketAccount: {
    entity: marketAccountEntity,
    table: 'market_account',
    search: [
      '(SELECT s.steam_account_name FROM steam_account s WHERE s.id = t.steam_account)',
      't.market',
      't.notes',
    ],
    defaultOrdering: 'id',
    hintSecrets: ['api_key'],
    computed: { label: MARKET_ACCOUNT_LABEL_SQL('t') },
  },
  toyGroup: { entity: toyGroupEntity, table: 'toy_group', search: ['t.name'], defaultOrdering: 'name' },
  toy: {
    entity: toyEntity,
    table: 'toy',
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
  marketToy: {
    entity: marketToyEntity,
    table: 'market_toy',
    search: [marketHashNameOfToy],
    defaultOrdering: 'id',
    computed: { market_hash_name: marketHashNameOfToy },
    customFilters: {
      market_hash_name: (values, params) => `${marketHashNameOfToy} = ANY(${params.add(values)}::text[])`,
    },
  },
  toyDynamicSetting: {
    entity: toyDynamicSettingEntity,
    table: 'toy_dynamic_setting',
    search: [marketHashNameOfToy],
    defaultOrdering: 'id',
    computed: { market_hash_name: marketHashNameOfToy },
    customFilters: {
      market_hash_name: (values, params) => `${marketHashNameOfToy} = ANY(${params.add(values)}::text[])`,
    },
  },
  toyHistory: {
    entity: toyHistoryEntity,
    table: 'toy_history',
    search: ['t.market_hash_name', 't.market_item_id', 't.comment'],
    defaultOrdering: '-date',
  },
  historyStat: {
    entity: historyStatEntity,
    table: 'history_stat',
    search: ['t.market_hash_name'],
    defaultOrdering: '-date',
  },
  sellItem: {
    entity: sellItemEntity,
    table: 'sell_item',
    search: ['t.market_hash_name', 't.market_item_id'],
    defaultOrdering: '-listed_at',
  },
  steamInventory: {
    entity: steamInventoryEntity,
    table: 'steam_inventory',
    search: ['t.market_hash_name', 't.asset_id'],
    defaultOrdering: 'id',
  },
  transaction: {
    entity: transactionEntity,
    table: 'transaction',
    search: ['t.comment'],
    defaultOrdering: '-date',
    serverSet: ['created_by'],
    prepare: (data, ctx, existing) => (existing ? data : { ...data, created_by: ctx.operator }),
  },
  accountChecklist: {
    entity: accountChecklistEntity,
    table: 'account_checklist',
    defaultOrdering: 'id',
    search: ['(SELECT s.steam_account_name FROM steam_account s WHERE s.id = t.steam_account)'],
    computed: {
      done_count: `(SELECT count(*)::int FROM jsonb_each(t.steps) e WHERE e.value->>'state' = 'done')`,
      total_count: `${SIGNUP_STEPS.length}`,
      next_step: `(SELECT s FROM unnest(${stepsArraySql}) WITH ORDINALITY AS u(s, n) WHERE coalesce(t.steps->s->>'state', 'pending') <> 'done' ORDER BY n LIMIT 1)`,
    },
  },
  audit: {
    entity: auditEntryEntity,
    table: 'audit_entry',
    search: ['t.entity', 't.operator', 't.label'],
    defaultOrdering: '-id',
    // Entries written before labels were stored name their object from the rows they keep.
    computed: {
      object_name: `coalesce(t.label, ${auditNameSql('t.after')}, ${auditNameSql('t.before')})`,
    },
  },
} satisfies Record<string, ResourceConfig>;

export type ResourceName = keyof typeof RESOURCE_CONFIGS;
