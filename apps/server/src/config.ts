import { commaList, envFlag, envLogLevel, envPort, parseEnv } from '@toydesk/api-kit';
import { z } from 'zod';

/** Every configuration variable, validated at start; README.md lists them. */
const envSchema = z.object({
  PORT: envPort(8080),
  HOST: z.string().default('127.0.0.1'),
  TOYDESK_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  TOYDESK_DEMO: envFlag.optional(),
  TOYDESK_ADMIN_USER: z.string().min(1).max(150).default('admin'),
  TOYDESK_ADMIN_PASSWORD: z.string().min(8).max(1024).optional(),
  TOYDESK_SECRET_KEY: z.string().optional(),
  TOYDESK_CONSOLE_ORIGINS: z.string().default(''),
  TOYDESK_CSP_EXTRA_ORIGINS: z.string().default(''),
  TOYDESK_TRUST_PROXY: envFlag.default('0'),
  TOYDESK_SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  TOYDESK_MARKET_ALLOW_IP_HOSTS: envFlag.default('0'),
  TOYDESK_LOG_LEVEL: envLogLevel.default('info'),
  TOYDESK_METRICS_TOKEN: z.string().min(1).optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  demo: boolean;
  adminUser: string;
  adminPassword?: string;
  secretKey?: string;
  consoleOrigins: string[];
  /** Other origins the console this server serves talks to (bot services, image CDN): its CSP allows them. */
  cspExtraOrigins: string[];
  trustProxy: boolean;
  sessionDays: number;
  logLevel: string;
  /** TOYDESK_METRICS_TOKEN: the bearer token /metrics asks for; unset, /metrics is open. */
  metricsToken?: string;
  /** Marketplace base URLs may be IP literals (local simulators); production keeps this off. */
  allowIpMarketHosts: boolean;
  /** The whole environment, for the per-marketplace base URLs (TOYDESK_MARKET_<CODE>_URL). */
  env: Record<string, string | undefined>;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(envSchema, env);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.TOYDESK_DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    // Demo data is the embedded default; with a real PostgreSQL it must be asked for.
    demo: e.TOYDESK_DEMO ? e.TOYDESK_DEMO === '1' : !e.DATABASE_URL,
    adminUser: e.TOYDESK_ADMIN_USER,
    adminPassword: e.TOYDESK_ADMIN_PASSWORD,
    secretKey: e.TOYDESK_SECRET_KEY,
    consoleOrigins: commaList(e.TOYDESK_CONSOLE_ORIGINS),
    cspExtraOrigins: commaList(e.TOYDESK_CSP_EXTRA_ORIGINS),
    trustProxy: e.TOYDESK_TRUST_PROXY === '1',
    sessionDays: e.TOYDESK_SESSION_DAYS,
    logLevel: e.TOYDESK_LOG_LEVEL,
    metricsToken: e.TOYDESK_METRICS_TOKEN,
    allowIpMarketHosts: e.TOYDESK_MARKET_ALLOW_IP_HOSTS === '1',
    env,
  };
}
