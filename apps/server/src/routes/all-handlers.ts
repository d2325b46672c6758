import { accountChecklistsHandlers } from './account-checklists/account-checklists-handlers.ts';
import { accountsHandlers } from './accounts/accounts-handlers.ts';
import { auditHandlers } from './audit/audit-handlers.ts';
import { availableIpsHandlers } from './available-ips/available-ips-handlers.ts';
import { frontendHandlers } from './frontend/frontend-handlers.ts';
import { historyHandlers } from './history/history-handlers.ts';
import { historyStatsHandlers } from './history-stats/history-stats-handlers.ts';
import { marketAccountsHandlers } from './market-accounts/market-accounts-handlers.ts';
import { marketToysHandlers } from './market-toys/market-toys-handlers.ts';
import { marketsHandlers } from './markets/markets-handlers.ts';
import { priceBoardHandlers } from './price-board/price-board-handlers.ts';
import { sellItemsHandlers } from './sell-items/sell-items-handlers.ts';
import { profitHandlers } from './profit/profit-handlers.ts';
import { dailyReportHandlers } from './reports/daily-report-handlers.ts';
import { serverGroupsHandlers } from './server-groups/server-groups-handlers.ts';
import { steamAccountsHandlers } from './steam-accounts/steam-accounts-handlers.ts';
import { steamInventoryHandlers } from './steam-inventory/steam-inventory-handlers.ts';
import { tagsHandlers } from './tags/tags-handlers.ts';
import { toyDynamicSettingsHandlers } from './toy-dynamic-settings/toy-dynamic-settings-handlers.ts';
import { toyGroupsHandlers } from './toy-groups/toy-groups-handlers.ts';
import { toysHandlers } from './toys/toys-handlers.ts';
import { transactionsHandlers } from './transactions/transactions-handlers.ts';
import type { ApiHandlers } from './handler.ts';

/**
 * Every handler by contract route id, one folder per resource (`routes/<resource>/`): the type makes a
 * missing one a compile error, the kit's registration a start error.
 */
export const ALL_HANDLERS: ApiHandlers = {
  ...marketAccountsHandlers,
  ...marketsHandlers,
  ...sellItemsHandlers,
  ...toyDynamicSettingsHandlers,
  ...marketToysHandlers,
  ...availableIpsHandlers,
  ...serverGroupsHandlers,
  ...steamAccountsHandlers,
  ...accountChecklistsHandlers,
  ...transactionsHandlers,
  ...tagsHandlers,
  ...historyHandlers,
  ...historyStatsHandlers,
  ...steamInventoryHandlers,
  ...toyGroupsHandlers,
  ...toysHandlers,
  ...auditHandlers,
  ...accountsHandlers,
  ...frontendHandlers,
  ...priceBoardHandlers,
  ...profitHandlers,
  ...dailyReportHandlers,
};
