import { createHash } from 'node:crypto';

import type { MarketCode } from '@toydesk/contract';

/**
 * Where each marketplace lives and how it takes its key. Base URLs come from configuration
 * (TOYDESK_MARKET_<CODE>_URL), never from code paths; demo mode points every market at the local
 * simulators. The console's market proxy forwards only to these hosts.
 */
export type MarketAuthStyle =
  | { kind: 'query'; param: string } // tm family: ?key=, waxpeer: ?api=
  | { kind: 'header'; header: string; scheme?: 'Bearer' } // csfloat Authorization: <key>, lis_skins Bearer, bitskins x-apikey
  | { kind: 'basic' } // skinport: base64(clientId:clientSecret), the key stored as "id:secret"
  | { kind: 'dmarket-signature' } // Ed25519 signed requests, the key stored as "publicKey:secretKey"
  | { kind: 'steam-session' }; // Steam community: cookie session, not an API key

export interface MarketEndpoint {
  code: MarketCode;
  baseUrl: string;
  auth: MarketAuthStyle;
  /** Requests per window per key that the marketplace tolerates (tm: 5 per second, or it deletes the key). */
  rateLimit: { limit: number; windowMs: number };
}

/** The tm family's one API: `?key=`, 5 requests a second per key. */
const TM_API: Omit<MarketEndpoint, 'code' | 'baseUrl'> = {
  auth: { kind: 'query', param: 'key' },
  rateLimit: { limit: 5, windowMs: 1000 },
};

const DEFAULTS: Record<MarketCode, Omit<MarketEndpoint, 'code'>> = {
  tm: { baseUrl: 'https://market.csgo.com', ...TM_API },
  tm_usd: { baseUrl: 'https://market.csgo.com', ...TM_API },
  // No public source names "cs7": markets of the tm API family with their own base URL, to configure.
  cs7: { baseUrl: '', ...TM_API },
  cs7_proxy: { baseUrl: '', ...TM_API },
  dmarket: {
    baseUrl: 'https://api.dmarket.com',
    auth: { kind: 'dmarket-signature' },
    rateLimit: { limit: 20, windowMs: 1000 },
  },
  steam: {
    baseUrl: 'https://steamcommunity.com',
    auth: { kind: 'steam-session' },
    rateLimit: { limit: 1, windowMs: 3000 },
  },
  lis_skins: {
    baseUrl: 'https://api.lis-skins.com',
    auth: { kind: 'header', header: 'Authorization', scheme: 'Bearer' },
    rateLimit: { limit: 5, windowMs: 1000 },
  },
  bitskins: {
    baseUrl: 'https://api.bitskins.com',
    auth: { kind: 'header', header: 'x-apikey' },
    rateLimit: { limit: 5, windowMs: 1000 },
  },
  csfloat: {
    baseUrl: 'https://csfloat.com',
    auth: { kind: 'header', header: 'Authorization' },
    rateLimit: { limit: 5, windowMs: 1000 },
  },
  skinport: {
    baseUrl: 'https://api.skinport.com',
    auth: { kind: 'basic' },
    rateLimit: { limit: 8, windowMs: 300_000 },
  },
  waxpeer: {
    baseUrl: 'https://api.waxpeer.com',
    auth: { kind: 'query', param: 'api' },
    rateLimit: { limit: 2, windowMs: 1000 },
  },
};

/** Simulator prefix of each market (packages/simulators); tm_usd is tm with a USD account. */
export const SIMULATOR_PREFIX: Record<MarketCode, string> = {
  tm: '/tm',
  tm_usd: '/tm',
  cs7: '/cs7',
  cs7_proxy: '/cs7_proxy',
  dmarket: '/dmarket',
  steam: '/steam/community',
  lis_skins: '/lis_skins',
  bitskins: '/bitskins',
  csfloat: '/csfloat',
  skinport: '/skinport',
  waxpeer: '/waxpeer',
};

export function marketEnvName(code: MarketCode): string {
  return `TOYDESK_MARKET_${code.toUpperCase()}_URL`;
}

/**
 * Every market's endpoint: TOYDESK_MARKET_<CODE>_URL wins; with a simulator base URL (demo mode, tests)
 * every market not configured otherwise points at its simulator.
 */
export function loadMarketEndpoints(
  env: Record<string, string | undefined>,
  options: { simulatorBaseUrl?: string } = {},
): Record<MarketCode, MarketEndpoint> {
  const out = {} as Record<MarketCode, MarketEndpoint>;
  for (const code of Object.keys(DEFAULTS) as MarketCode[]) {
    const configured = env[marketEnvName(code)];
    const simulated = options.simulatorBaseUrl
      ? `${options.simulatorBaseUrl.replace(/\/$/, '')}${SIMULATOR_PREFIX[code]}`
      : undefined;
    const baseUrl = (configured || simulated || DEFAULTS[code].baseUrl).replace(/\/$/, '');
    if (baseUrl) new URL(baseUrl); // a malformed configured URL stops the start with the URL's own error
    out[code] = { code, ...DEFAULTS[code], baseUrl };
  }
  return out;
}

/**
 * The rate-limit key of a marketplace credential: every caller that uses one key (the bots, the console's
 * proxy, any process) takes its tokens from the same bucket. tm_usd shares tm's family limit per key.
 */
export function marketRateLimitKey(code: MarketCode, credential: string): string {
  const family = code === 'tm_usd' ? 'tm' : code;
  return `${family}:${createHash('sha256').update(credential).digest('hex').slice(0, 16)}`;
}
