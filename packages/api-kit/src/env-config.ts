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
