import { z } from 'zod';

/** A base URL without its trailing slash, or empty (meaning the console's own origin). */
const baseUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ?? '').replace(/\/+$/, ''))
  .refine((value) => value === '' || /^https?:\/\//.test(value), 'must start with http:// or https://');

const envSchema = z.object({
  VITE_API_BASE_URL: baseUrl,
  VITE_BOTS_BASE_URL: baseUrl,
  VITE_IMAGE_CDN_URL: baseUrl,
  VITE_BUILD_ID: z.string().default('dev'),
});

export type ConsoleEnv = z.output<typeof envSchema>;

/** The build-time settings, validated once: a bad value stops the console with a message naming it. */
export function parseEnv(raw: Record<string, unknown>): ConsoleEnv {
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid console configuration: ${lines.join('; ')}`);
  }
  return parsed.data;
}

export const env = parseEnv(import.meta.env);

/** The console's own origin ('' outside a browser). */
export function consoleOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/** Where /api and /admin live: VITE_API_BASE_URL, or the console's own origin. */
export function backendBaseUrl(): string {
  return env.VITE_API_BASE_URL || consoleOrigin();
}

/** Where /api-node lives: VITE_BOTS_BASE_URL, or the back end. */
export function botsBaseUrl(): string {
  return env.VITE_BOTS_BASE_URL || backendBaseUrl();
}

export const buildId = env.VITE_BUILD_ID;
