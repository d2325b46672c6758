import { z } from 'zod';

/** A 0/1 switch variable (TOYDESK_TRUST_PROXY=1). */
export const envFlag = z.enum(['0', '1']);

/** Fastify's (pino's) log levels, for TOYDESK_LOG_LEVEL. */
export const envLogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** A TCP port variable with its default (0: any free port). */
export const envPort = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** A comma-separated list variable (TOYDESK_CONSOLE_ORIGINS) as its trimmed, non-empty items. */
export const commaList = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Validates the environment against an app's schema at start. An empty variable counts as unset (so a
 * default applies); a bad value stops the start with one line per variable naming it.
 */
export function parseEnv<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
): z.output<S> {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * The variables every process of toydesk reads (server, bot services, worker), with one meaning each:
 * where it listens and stores, its database, its vault key, whom it serves, how it logs and is scraped.
 */
export const PROCESS_ENV = {
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.url().optional(),
  TOYDESK_DATA_DIR: z.string().default('./data'),
  TOYDESK_SECRET_KEY: z.string().optional(),
  TOYDESK_SECRET_OLD_KEYS: z.string().optional(),
  TOYDESK_CONSOLE_ORIGINS: z.string().default(''),
  TOYDESK_TRUST_PROXY: envFlag.default('0'),
  TOYDESK_LOG_LEVEL: envLogLevel.default('info'),
  TOYDESK_METRICS_TOKEN: z.string().min(1).optional(),
  TOYDESK_MARKET_ALLOW_IP_HOSTS: envFlag.default('0'),
};

export interface ProcessConfig {
  host: string;
  databaseUrl?: string;
  dataDir: string;
  secretKey?: string;
  /** TOYDESK_SECRET_OLD_KEYS: keys a rotation moves away from, still accepted to open (comma-separated). */
  oldSecretKeys?: string;
  consoleOrigins: string[];
  trustProxy: boolean;
  logLevel: string;
  /** TOYDESK_METRICS_TOKEN: the bearer token /metrics asks for; unset, /metrics is open. */
  metricsToken?: string;
  /** Marketplace base URLs may be IP literals (local simulators); production keeps this off. */
  allowIpMarketHosts: boolean;
}

/** The common part of a process's configuration from its parsed environment (`PROCESS_ENV`). */
export function processConfig(e: z.output<z.ZodObject<typeof PROCESS_ENV>>): ProcessConfig {
  return {
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.TOYDESK_DATA_DIR,
    secretKey: e.TOYDESK_SECRET_KEY,
    oldSecretKeys: e.TOYDESK_SECRET_OLD_KEYS,
    consoleOrigins: commaList(e.TOYDESK_CONSOLE_ORIGINS),
    trustProxy: e.TOYDESK_TRUST_PROXY === '1',
    logLevel: e.TOYDESK_LOG_LEVEL,
    metricsToken: e.TOYDESK_METRICS_TOKEN,
    allowIpMarketHosts: e.TOYDESK_MARKET_ALLOW_IP_HOSTS === '1',
  };
}
