import type { MarketOutbound } from '@toydesk/markets';

import type { Config } from './config.ts';
import type { Database, Vault } from '@toydesk/db';
import { RESOURCE_CONFIGS, type ResourceName } from './routes/all-resources.ts';
import { Resource } from './resources/resource.ts';

/** What every handler may use; built once per process. */
export interface Services {
  config: Config;
  db: Database;
  vault: Vault;
  resources: Record<ResourceName, Resource>;
  botToken: string;
  markets: MarketOutbound & {
    /** Demo mode: where the in-process simulators listen. */
    simulatorUrl?: string;
  };
}

export function createResources(db: Database, vault: Vault): Record<ResourceName, Resource> {
  const entries = Object.entries(RESOURCE_CONFIGS).map(([name, config]) => [
    name,
    new Resource(config, db, vault),
  ]);
  return Object.fromEntries(entries) as Record<ResourceName, Resource>;
}
