import type { MarketOutbound } from '@toydesk/markets';

import type { Config } from './config.ts';
import type { Database, EntityRepository, EntityTableName, Vault } from '@toydesk/db';

/** What every handler may use; built once per process. */
export interface Services {
  config: Config;
  db: Database;
  vault: Vault;
  /** The repository of each table behind the generic CRUD (`ENTITY_TABLES` of @toydesk/db). */
  resources: Record<EntityTableName, EntityRepository>;
  markets: MarketOutbound & {
    /** Demo mode: where the in-process simulators listen. */
    simulatorUrl?: string;
  };
}
