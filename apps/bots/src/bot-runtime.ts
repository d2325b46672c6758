import type { MarketOutbound } from '@toydesk/markets';

import type { BotConfig } from './config.ts';
import type { JobQueue, BotLogger } from './jobs/job-queue.ts';
import type { JobKindDef } from './jobs/job-kind.ts';
import type { Database, Vault } from '@toydesk/db';
import type { SteamAccess } from './services/steam/steam-access.ts';

/*
 * What a bot handler or job sees of its process. Its own module (types only) so that the job kinds and
 * handlers depend on this small interface, not on runtime.ts, which assembles the registry of every job
 * kind: that kept the bots' source in one import circle (runtime.ts ↔ all-job-kinds.ts ↔ every job kind).
 */

/** The marketplaces as every process calls them: one transport and the PostgreSQL-held per-key limits. */
export type BotMarkets = MarketOutbound;

/** Everything a bot handler or job uses; one per process. */
export interface BotRuntime {
  config: BotConfig;
  db: Database;
  vault: Vault;
  markets: BotMarkets;
  queue: JobQueue<BotRuntime>;
  logger: BotLogger;
  demo: boolean;
  /** The Steam gateway (real, or simulated in demo mode and with TOYDESK_STEAM_URL), opened on first use. */
  steam: SteamAccess;
  /** Stops the workers (running attempts get a few seconds), then closes the Steam gateway. */
  shutdown(timeoutMs?: number): Promise<void>;
}

export type BotJobKind = JobKindDef<unknown, BotRuntime>;

/** What a process does: serve /api-node and run workers (embedded), only serve (bots), only work (worker). */
export type BotRole = 'embedded' | 'api' | 'worker';
