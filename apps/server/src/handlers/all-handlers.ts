import type { ResourceName } from '../resources/configs.ts';
import { crudHandlers } from './crud-handlers.ts';
import type { Handler } from './handler.ts';
import { historyHandlers } from './history-handlers.ts';
import { marketHandlers } from './market-handlers.ts';
import { sessionHandlers } from './session-handlers.ts';
import { steamHandlers } from './steam-handlers.ts';
import { tagHandlers } from './tag-handlers.ts';
import { toyHandlers } from './toy-handlers.ts';

/** Route tag of the contract → the resource behind its CRUD routes. */
const CRUD_TAGS: Record<string, ResourceName> = {
  'market-accounts': 'marketAccount',
  markets: 'market',
  'sell-items': 'sellItem',
  'toy-dynamic-settings': 'toyDynamicSetting',
  'market-toys': 'marketToy',
  'available-ips': 'availableIp',
  'server-groups': 'serverGroup',
  'steam-accounts': 'steamAccount',
  'account-checklists': 'accountChecklist',
  transactions: 'transaction',
  tags: 'tag',
  history: 'toyHistory',
  'history-stats': 'historyStat',
  'steam-inventory': 'steamInventory',
  'toy-groups': 'toyGroup',
  toys: 'toy',
  audit: 'audit',
};

/** Every handler by contract route id; the app refuses to start if a route has none. */
export const ALL_HANDLERS: Record<string, Handler> = Object.assign(
  {},
  ...Object.entries(CRUD_TAGS).map(([tag, name]) => crudHandlers(tag, (ctx) => ctx.services.resources[name])),
  sessionHandlers,
  historyHandlers,
  marketHandlers,
  steamHandlers,
  toyHandlers,
  tagHandlers,
) as Record<string, Handler>;
