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
  VITE_SIGNUP_URL: baseUrl,
  VITE_SIGNUP_LOCAL_URL: baseUrl,
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

/** The storage key that picks the local sign-up host over the production one (spec section 6). */
export const SIGNUP_PREFIX_LOCAL_KEY = 'signupPrefixLocal';

function signupPrefixLocal(): boolean {
  try {
    // Default false; 'true' (as a developer sets it in the browser's console) picks the local host.
    return typeof localStorage !== 'undefined' && localStorage.getItem(SIGNUP_PREFIX_LOCAL_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * Where the sign-up service (/api-node/singup/) lives: VITE_SIGNUP_LOCAL_URL when the "signupPrefixLocal"
 * storage key is true, else VITE_SIGNUP_URL; either one unset falls back to the bot services.
 */
export function signupBaseUrl(settings: ConsoleEnv = env, local: boolean = signupPrefixLocal()): string {
  return (local ? settings.VITE_SIGNUP_LOCAL_URL : settings.VITE_SIGNUP_URL) || botsBaseUrl();
}

export const buildId = env.VITE_BUILD_ID;
