import { crudHandlers } from './crud-handlers.ts';
import type { ApiHandlers } from './handler.ts';
import { historyHandlers } from './history-handlers.ts';
import { marketHandlers } from './market-handlers.ts';
import { sessionHandlers } from './session-handlers.ts';
import { steamHandlers } from './steam-handlers.ts';
import { tagHandlers } from './tag-handlers.ts';
import { toyHandlers } from './toy-handlers.ts';

/**
 * Every handler by contract route id: the type makes a missing one a compile error, the kit's registration
 * a start error. The generic CRUD routes of each resource come first; special endpoints (and the tag
 * routes that check names) replace or add to them.
 */
export const ALL_HANDLERS: ApiHandlers = {
  ...crudHandlers('market-accounts', (ctx) => ctx.services.resources.marketAccount),
  ...crudHandlers('markets', (ctx) => ctx.services.resources.market),
  ...crudHandlers('sell-items', (ctx) => ctx.services.resources.sellItem),
  ...crudHandlers('toy-dynamic-settings', (ctx) => ctx.services.resources.toyDynamicSetting),
  ...crudHandlers('market-toys', (ctx) => ctx.services.resources.marketToy),
  ...crudHandlers('available-ips', (ctx) => ctx.services.resources.availableIp),
  ...crudHandlers('server-groups', (ctx) => ctx.services.resources.serverGroup),
  ...crudHandlers('steam-accounts', (ctx) => ctx.services.resources.steamAccount),
  ...crudHandlers('account-checklists', (ctx) => ctx.services.resources.accountChecklist),
  ...crudHandlers('transactions', (ctx) => ctx.services.resources.transaction),
  ...crudHandlers('tags', (ctx) => ctx.services.resources.tag),
  ...crudHandlers('history', (ctx) => ctx.services.resources.toyHistory),
  ...crudHandlers('history-stats', (ctx) => ctx.services.resources.historyStat),
  ...crudHandlers('steam-inventory', (ctx) => ctx.services.resources.steamInventory),
  ...crudHandlers('toy-groups', (ctx) => ctx.services.resources.toyGroup),
  ...crudHandlers('toys', (ctx) => ctx.services.resources.toy),
  ...crudHandlers('audit', (ctx) => ctx.services.resources.audit),
  ...sessionHandlers,
  ...historyHandlers,
  ...marketHandlers,
  ...steamHandlers,
  ...toyHandlers,
  ...tagHandlers,
};
