import type { MarketOutbound } from '@toydesk/markets';

import type { Config } from './config.ts';
import type { Database, EntityRepository, EntityTableName, Vault, VersionedCache } from '@toydesk/db';

/** What every handler may use; built once per process. */
export interface Services {
  config: Config;
  db: Database;
  vault: Vault;
  /** The repository of each table behind the generic CRUD (`ENTITY_TABLES` of @toydesk/db). */
  resources: Record<EntityTableName, EntityRepository>;
  /**
   * Answers as JSON bytes per their tables' data version (http/versioned-answer.ts): the history statistics
   * and the pages of the lists whose tables are versioned.
   */
  answers: VersionedCache<Buffer>;
  markets: MarketOutbound & {
    /** Demo mode: where the in-process simulators listen. */
    simulatorUrl?: string;
  };
}
