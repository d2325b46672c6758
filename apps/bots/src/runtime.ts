import { hostname } from 'node:os';

import type { MarketCode } from '@toydesk/contract';
import { createMarketOutbound, loadMarketEndpoints, type MarketEndpoint } from '@toydesk/markets';

import type { BotJobKind, BotMarkets, BotRole, BotRuntime } from './bot-runtime.ts';
import type { BotConfig } from './config.ts';
import { LANES, TRADING_LANES } from './lanes.ts';
import { JobQueue, type BotLogger, type JobSchedule } from './jobs/job-queue.ts';
import { jobResultPlace } from './jobs/sealer.ts';
import type { LaneDef } from './jobs/job-kind.ts';
import type { Database, Vault } from '@toydesk/db';
import { ALL_JOB_KINDS, SCHEDULED_KINDS } from './services/all-job-kinds.ts';
import { SteamAccess } from './services/steam/steam-access.ts';

export function botLanes(config: BotConfig, role: BotRole = 'worker'): LaneDef[] {
  const { concurrency, batchSize } = config.jobs;
  const pollingIntervalSeconds = config.jobs.pollingIntervalSeconds ?? (role === 'embedded' ? 5 : 1);
  const lane = (name: string): LaneDef => ({ name, concurrency, batchSize, pollingIntervalSeconds });
  // The cron lanes get one job a few times an hour: one worker, polled slowly.
  const cron = (name: string): LaneDef => ({ name, concurrency: 1, batchSize: 1, pollingIntervalSeconds: 5 });
  return [
    lane(LANES.steam),
    lane(LANES.market),
    // Health checks wait on slow proxies: take more of them at once.
    { ...lane(LANES.maintenance), batchSize: Math.max(batchSize, 10) },
    cron(LANES.proxyCheckAll),
    cron(LANES.priceImportAll),
    { ...lane(LANES.trading), policy: 'short' },
    // A tick per fetch: a batch would wait for its slowest tick before the worker fetches again.
    ...Object.values(TRADING_LANES).map((name): LaneDef => ({
      ...lane(name),
      concurrency: config.trading.workers,
      batchSize: 1,
      policy: 'short',
      // A tick lost in a crash of PostgreSQL runs again; its bookkeeping need not wait for the disk.
      relaxedCommit: true,
    })),
    cron(LANES.tradingDispatch),
  ];
}

export function botSchedules(config: BotConfig): JobSchedule[] {
  return [
    { kind: SCHEDULED_KINDS.proxyCheckAll, cron: config.proxyCheck.cron },
    { kind: SCHEDULED_KINDS.priceImportAll, cron: config.priceImportCron },
    { kind: SCHEDULED_KINDS.tradingDispatch, cron: config.trading.dispatchCron },
  ];
}

/** The same outbound setup as the server's market proxy (createMarketOutbound). */
export function createBotMarkets(
  db: Database,
  endpoints: Record<MarketCode, MarketEndpoint>,
  allowIpLiteralHosts: boolean,
): BotMarkets {
  return createMarketOutbound(db, endpoints, allowIpLiteralHosts);
}

export function standaloneMarkets(db: Database, config: BotConfig): BotMarkets {
  return createBotMarkets(db, loadMarketEndpoints(config.env), config.allowIpMarketHosts);
}

export interface RuntimeOptions {
  config: BotConfig;
  db: Database;
  vault: Vault;
  markets: BotMarkets;
  logger: BotLogger;
  role: BotRole;
  demo?: boolean;
  /** More kinds and lanes (tests, the benchmark). */
  extraKinds?: BotJobKind[];
  extraLanes?: LaneDef[];
  /** Names this process in job logs (default role@host:pid). */
  workerName?: string;
  /** The pool of relaxed bookkeeping (JobQueueOptions.relaxedDb); its opener closes it. */
  relaxedDb?: Database;
}

/** Starts the queue and, for the roles that work, the workers and the schedules. */
export async function startBotRuntime(options: RuntimeOptions): Promise<BotRuntime> {
  const { config, role } = options;
  const works = role === 'worker' || (role === 'embedded' && config.embeddedWorkers);
  // Before the queue starts: a demo without its simulated Steam stops here, with nothing to close.
  const steam = new SteamAccess(config, options.demo ?? false);
  const queue = await JobQueue.start<BotRuntime>({
    db: options.db,
    relaxedDb: options.relaxedDb,
    lanes: [...botLanes(config, role), ...(options.extraLanes ?? [])],
    kinds: [...ALL_JOB_KINDS, ...(options.extraKinds ?? [])],
    supervise: true,
    schedule: works,
    maintenanceIntervalSeconds: config.jobs.maintenanceIntervalSeconds,
    idleMaxSeconds: config.jobs.idleMaxSeconds ?? (role === 'embedded' ? 30 : 10),
    serialize: role === 'embedded',
    sealer: {
      // Job rows are pg-boss's, outside SEALED_COLUMNS: `vault:rotate` leaves them, they expire with the jobs.
      seal: (plain, jobId) => options.vault.seal(plain, jobResultPlace(jobId)),
      open: (sealed, jobId) => options.vault.open(sealed, jobResultPlace(jobId)),
    },
    workerName: options.workerName ?? `${role}@${hostname()}:${process.pid}`,
    logger: options.logger,
  });
  const runtime: BotRuntime = {
    config,
    db: options.db,
    vault: options.vault,
    markets: options.markets,
    queue,
    logger: options.logger,
    demo: options.demo ?? false,
    steam,
    async shutdown(timeoutMs = 10_000) {
      await queue.stop(timeoutMs);
      await this.steam.close();
    },
  };
  if (works) {
    await queue.applySchedules(botSchedules(config));
    await queue.startWorkers(runtime);
    // The demo's market database is filled at start (from the simulators' public lists), not at the first
    // cron minute, so the console's price board has prices at once.
    if (runtime.demo && config.priceImportCron !== null) {
      await queue.enqueue(
        SCHEDULED_KINDS.priceImportAll,
        {},
        { singletonKey: 'start', singletonSeconds: 30 },
      );
    }
    // Trading chains whose tick was lost (a killed worker) come back at once, not at the next cron minute.
    if (config.trading.dispatchCron !== null) {
      await queue.enqueue(
        SCHEDULED_KINDS.tradingDispatch,
        {},
        { singletonKey: 'start', singletonSeconds: 30 },
      );
    }
  }
  return runtime;
}
