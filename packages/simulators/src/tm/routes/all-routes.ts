import type { ApiTable } from '../http/api-table.ts';
import { registerAccountRoutes } from './account-routes.ts';
import { registerBuyingRoutes } from './buying-routes.ts';
import { registerHistoryRoutes } from './history-routes.ts';
import { registerLegacyRoutes } from './legacy-routes.ts';
import { registerPublicFiles } from './public-files.ts';
import { registerSearchRoutes } from './search-routes.ts';
import { registerSellingRoutes } from './selling-routes.ts';
import { registerTradingRoutes } from './trading-routes.ts';
import { registerTransferRoutes } from './transfer-routes.ts';

/** Every call of the tm family the simulator answers. */
export function registerAllTmRoutes(api: ApiTable): void {
  registerAccountRoutes(api);
  registerTransferRoutes(api);
  registerSellingRoutes(api);
  registerTradingRoutes(api);
  registerBuyingRoutes(api);
  registerSearchRoutes(api);
  registerHistoryRoutes(api);
  registerLegacyRoutes(api);
  registerPublicFiles(api);
}
