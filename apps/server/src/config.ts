import {
  commaList,
  envFlag,
  envPort,
  parseEnv,
  PROCESS_ENV,
  processConfig,
  type ProcessConfig,
} from '@toydesk/api-kit';
import { z } from 'zod';

/** Every configuration variable, validated at start; README.md lists them. */
const envSchema = z.object({
  ...PROCESS_ENV,
  PORT: envPort(8080),
  TOYDESK_DEMO: envFlag.optional(),
  TOYDESK_ADMIN_USER: z.string().min(1).max(150).default('admin'),
  TOYDESK_ADMIN_PASSWORD: z.string().min(8).max(1024).optional(),
  TOYDESK_CSP_EXTRA_ORIGINS: z.string().default(''),
  TOYDESK_SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(14),
});

export interface Config extends ProcessConfig {
  port: number;
  demo: boolean;
  adminUser: string;
  adminPassword?: string;
  /** Other origins the console this server serves talks to (bot services, image CDN): its CSP allows them. */
  cspExtraOrigins: string[];
  sessionDays: number;
  /** The whole environment, for the per-marketplace base URLs (TOYDESK_MARKET_<CODE>_URL). */
  env: Record<string, string | undefined>;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(envSchema, env);
  return {
    ...processConfig(e),
    port: e.PORT,
    // Demo data is the embedded default; with a real PostgreSQL it must be asked for.
    demo: e.TOYDESK_DEMO ? e.TOYDESK_DEMO === '1' : !e.DATABASE_URL,
    adminUser: e.TOYDESK_ADMIN_USER,
    adminPassword: e.TOYDESK_ADMIN_PASSWORD,
    cspExtraOrigins: commaList(e.TOYDESK_CSP_EXTRA_ORIGINS),
    sessionDays: e.TOYDESK_SESSION_DAYS,
    env,
  };
}
