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
  // A domain name (console.example.com and api.example.com share example.com); no scheme, port or IP.
  TOYDESK_XSRF_COOKIE_DOMAIN: z
    .string()
    .regex(/^\.?[a-z0-9-]+(\.[a-z0-9-]+)+$/i, 'a domain name such as example.com')
    .optional(),
  TOYDESK_SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(14),
});

export interface Config extends ProcessConfig {
  port: number;
  demo: boolean;
  adminUser: string;
  adminPassword?: string;
  /** Other origins the console this server serves talks to (bot services, image CDN): its CSP allows them. */
  cspExtraOrigins: string[];
  /**
   * TOYDESK_XSRF_COOKIE_DOMAIN: the Domain of the XSRF-TOKEN cookie, so that a console on another host of
   * that domain can read it and send it back; unset, the cookie is this host's only.
   */
  xsrfCookieDomain?: string;
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
    xsrfCookieDomain: e.TOYDESK_XSRF_COOKIE_DOMAIN,
    sessionDays: e.TOYDESK_SESSION_DAYS,
    env,
  };
}
