import { envFlag, envPort, parseEnv, PROCESS_ENV, processConfig, type ProcessConfig } from '@toydesk/api-kit';
import { z } from 'zod';

import { parseImapServers, type ImapServer } from './services/signup/mailbox/imap-servers.ts';

/** A five-field cron expression, or "off". */
const cron = z
  .string()
  .regex(/^(off|(\S+\s+){4}\S+)$/, 'a five-field cron expression (UTC) or "off"')
  .transform((v) => (v === 'off' ? null : v));

/** What a proxy health check fetches unless TOYDESK_PROXY_CHECK_URL says otherwise (demo mode: see below). */
export const DEFAULT_PROXY_CHECK_URL = 'https://steamcommunity.com/robots.txt';

/** Every variable of the bot services, validated at start; the README's "Bot services" section lists them. */
const envSchema = z.object({
  ...PROCESS_ENV,
  PORT: envPort(8081),
  /** `npm run start:worker`: the port of its /healthz, /readyz and /metrics (nothing else listens there). */
  TOYDESK_WORKER_PORT: envPort(8082),
  TOYDESK_SIGNUP_URL: z.url().optional(),
  TOYDESK_SIGNUP_LOCAL_URL: z.url().optional(),
  TOYDESK_BOTS_EMBEDDED: envFlag.optional(),
  TOYDESK_BOTS_WORKERS: envFlag.default('1'),
  TOYDESK_JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  TOYDESK_JOBS_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(5),
  TOYDESK_JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).optional(),
  TOYDESK_JOBS_IDLE_MAX_SECONDS: z.coerce.number().min(0.5).max(600).optional(),
  TOYDESK_JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  TOYDESK_JOBS_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
  TOYDESK_PROXY_CHECK_URL: z.url().optional(),
  TOYDESK_PROXY_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  TOYDESK_PROXY_CHECK_CRON: cron.default('*/5 * * * *'),
  TOYDESK_PRICE_IMPORT_CRON: cron.default('17,47 * * * *'),
  TOYDESK_STEAM_URL: z.url().optional(),
  /** Mail domains' IMAP servers (services/signup/mailbox/imap-servers.ts): domain=imaps://host:port,... */
  TOYDESK_IMAP_SERVERS: z.string().optional(),
  TOYDESK_TRADING_DISPATCH_CRON: cron.default('* * * * *'),
  TOYDESK_TRADING_KEEP_ONLINE_SECONDS: z.coerce.number().min(1).max(86_400).default(180),
  TOYDESK_TRADING_DELIVER_SECONDS: z.coerce.number().min(1).max(86_400).default(5),
  TOYDESK_TRADING_LIST_REPRICE_SECONDS: z.coerce.number().min(1).max(86_400).default(60),
  TOYDESK_TRADING_DYNAMIC_ORDERS_SECONDS: z.coerce.number().min(1).max(86_400).default(60),
  TOYDESK_TRADING_IDLE_MAX_SECONDS: z.coerce.number().min(1).max(86_400).default(60),
  TOYDESK_TRADING_TICK_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  TOYDESK_TRADING_RATE_LIMIT_ALERT: z.coerce.number().int().min(1).max(1000).default(3),
  TOYDESK_TRADING_WORKERS: z.coerce.number().int().min(1).max(64).default(8),
});

export interface BotConfig extends ProcessConfig {
  port: number;
  /** The worker's health and metrics port (TOYDESK_WORKER_PORT). */
  workerPort: number;
  /** The sign-up service hosts the console picks between with its "signupPrefixLocal" storage key. */
  signupUrl?: string;
  signupLocalUrl?: string;
  /** TOYDESK_IMAP_SERVERS, checked: the mail domains whose IMAP server is not the well-known one. */
  imapServers: Map<string, ImapServer>;
  /** Serve /api-node/ inside the server process; unset: yes without DATABASE_URL, no with it. */
  embedded?: boolean;
  /** Embedded mode: run the job workers inside the server process too. */
  embeddedWorkers: boolean;
  jobs: {
    concurrency: number;
    batchSize: number;
    /** Unset: 1 s for workers, 5 s in the embedded mount (where every job is queued in-process and wakes them). */
    pollingIntervalSeconds?: number;
    /**
     * The longest wait of an idle lane: its polling interval doubles up to this while it finds nothing.
     * Unset: 10 s for workers (jobs queued by another process are seen within it), 30 s embedded.
     */
    idleMaxSeconds?: number;
    maintenanceIntervalSeconds: number;
    poolSize: number;
  };
  proxyCheck: {
    url: string;
    /** Whether TOYDESK_PROXY_CHECK_URL set the URL (demo mode replaces only the default). */
    urlConfigured: boolean;
    timeoutMs: number;
    cron: string | null;
  };
  priceImportCron: string | null;
  /** Where the Steam gateway goes (the simulated Steam in demo mode); unset: the real Steam. */
  steamUrl?: string;
  trading: {
    /** Revives missing tick chains and stops switched-off loops; also runs at every worker start. */
    dispatchCron: string | null;
    /** Seconds between two ticks of each loop for one account. */
    keepOnlineSeconds: number;
    deliverSeconds: number;
    listRepriceSeconds: number;
    dynamicOrdersSeconds: number;
    /** A loop whose ticks find nothing to do waits up to this between ticks (its interval doubling). */
    idleMaxSeconds: number;
    /** A tick that runs longer is abandoned (a killed worker's tick too) and the chain revived. */
    tickTimeoutSeconds: number;
    /** 429 answers in a row from one account's marketplace that raise a rate-limited alert. */
    rateLimitAlertAfter: number;
    /** Ticks of one loop run side by side per process (workers on the loop's lane). */
    workers: number;
  };
  env: Record<string, string | undefined>;
}

export function loadBotConfig(env: Record<string, string | undefined> = process.env): BotConfig {
  const e = parseEnv(envSchema, env);
  return {
    ...processConfig(e),
    port: e.PORT,
    workerPort: e.TOYDESK_WORKER_PORT,
    signupUrl: e.TOYDESK_SIGNUP_URL,
    signupLocalUrl: e.TOYDESK_SIGNUP_LOCAL_URL,
    imapServers: parseImapServers(e.TOYDESK_IMAP_SERVERS),
    embedded: e.TOYDESK_BOTS_EMBEDDED === undefined ? undefined : e.TOYDESK_BOTS_EMBEDDED === '1',
    embeddedWorkers: e.TOYDESK_BOTS_WORKERS === '1',
    jobs: {
      concurrency: e.TOYDESK_JOBS_CONCURRENCY,
      batchSize: e.TOYDESK_JOBS_BATCH_SIZE,
      pollingIntervalSeconds: e.TOYDESK_JOBS_POLL_SECONDS,
      idleMaxSeconds: e.TOYDESK_JOBS_IDLE_MAX_SECONDS,
      maintenanceIntervalSeconds: e.TOYDESK_JOBS_MAINTENANCE_SECONDS,
      poolSize: e.TOYDESK_JOBS_POOL_SIZE,
    },
    proxyCheck: {
      url: e.TOYDESK_PROXY_CHECK_URL ?? DEFAULT_PROXY_CHECK_URL,
      urlConfigured: e.TOYDESK_PROXY_CHECK_URL !== undefined,
      timeoutMs: e.TOYDESK_PROXY_CHECK_TIMEOUT_MS,
      cron: e.TOYDESK_PROXY_CHECK_CRON,
    },
    priceImportCron: e.TOYDESK_PRICE_IMPORT_CRON,
    steamUrl: e.TOYDESK_STEAM_URL,
    trading: {
      dispatchCron: e.TOYDESK_TRADING_DISPATCH_CRON,
      keepOnlineSeconds: e.TOYDESK_TRADING_KEEP_ONLINE_SECONDS,
      deliverSeconds: e.TOYDESK_TRADING_DELIVER_SECONDS,
      listRepriceSeconds: e.TOYDESK_TRADING_LIST_REPRICE_SECONDS,
      dynamicOrdersSeconds: e.TOYDESK_TRADING_DYNAMIC_ORDERS_SECONDS,
      idleMaxSeconds: e.TOYDESK_TRADING_IDLE_MAX_SECONDS,
      tickTimeoutSeconds: e.TOYDESK_TRADING_TICK_TIMEOUT_SECONDS,
      rateLimitAlertAfter: e.TOYDESK_TRADING_RATE_LIMIT_ALERT,
      workers: e.TOYDESK_TRADING_WORKERS,
    },
    env,
  };
}

/**
 * Demo mode: the health check fetches the marketplace simulators' /robots.txt (on loopback) instead of the
 * real Steam's, so a check through a demo proxy never leaves the machine; a TOYDESK_PROXY_CHECK_URL set
 * explicitly is kept. Outside demo mode the config is returned as it is.
 */
export function withDemoProxyCheck(
  config: BotConfig,
  demo: boolean,
  simulatorUrl: string | undefined,
): BotConfig {
  if (!demo || config.proxyCheck.urlConfigured) return config;
  // The server's demo boot always starts the simulators; without them the default would be the real Steam.
  if (!simulatorUrl) throw new Error('demo mode: the proxy health check needs the simulators (no URL given)');
  const url = `${simulatorUrl.replace(/\/+$/, '')}/robots.txt`;
  return { ...config, proxyCheck: { ...config.proxyCheck, url } };
}
