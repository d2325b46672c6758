import type { ResourceConfig } from '../resources/resource.ts';
import { accountChecklistsResource } from './account-checklists/account-checklists-resource.ts';
import { auditResource } from './audit/audit-resource.ts';
import { availableIpsResource } from './available-ips/available-ips-resource.ts';
import { historyResource } from './history/history-resource.ts';
import { historyStatsResource } from './history-stats/history-stats-resource.ts';
import { marketAccountsResource } from './market-accounts/market-accounts-resource.ts';
import { marketToysResource } from './market-toys/market-toys-resource.ts';
import { marketsResource } from './markets/markets-resource.ts';
import { sellItemsResource } from './sell-items/sell-items-resource.ts';
import { serverGroupsResource } from './server-groups/server-groups-resource.ts';
import { steamAccountsResource } from './steam-accounts/steam-accounts-resource.ts';
import { steamInventoryResource } from './steam-inventory/steam-inventory-resource.ts';
import { tagsResource } from './tags/tags-resource.ts';
import { toyDynamicSettingsResource } from './toy-dynamic-settings/toy-dynamic-settings-resource.ts';
import { toyGroupsResource } from './toy-groups/toy-groups-resource.ts';
import { toysResource } from './toys/toys-resource.ts';
import { transactionsResource } from './transactions/transactions-resource.ts';

/**
 * Every table behind the generic CRUD (`services.resources.<name>`), each bound to its contract entity in its
 * route folder (`routes/<resource>/<resource>-resource.ts`).
 */
export const RESOURCE_CONFIGS = {
  market: marketsResource,
  tag: tagsResource,
  serverGroup: serverGroupsResource,
  availableIp: availableIpsResource,
  steamAccount: steamAccountsResource,
  marketAccount: marketAccountsResource,
  toyGroup: toyGroupsResource,
  toy: toysResource,
  marketToy: marketToysResource,
  toyDynamicSetting: toyDynamicSettingsResource,
  toyHistory: historyResource,
  historyStat: historyStatsResource,
  sellItem: sellItemsResource,
  steamInventory: steamInventoryResource,
  transaction: transactionsResource,
  accountChecklist: accountChecklistsResource,
  audit: auditResource,
} satisfies Record<string, ResourceConfig>;

export type ResourceName = keyof typeof RESOURCE_CONFIGS;
