import type { KitMarket, SimAccount } from './kit-market.ts';
import type { KitStats } from './kit-stats.ts';

/**
 * The shapes shared by the simulators of the non-tm marketplaces (Waxpeer, CSFloat, Skinport, DMarket,
 * BitSkins, Lis-skins, the Steam Community Market): a request as a simulator sees it, its answer, a route
 * and what a marketplace definition supplies (auth, routes, error bodies).
 */

/** A request independent of the HTTP server; header names are lower case. */
export interface KitRequest {
  method: string;
  /** The path after the market's prefix, still percent-encoded, e.g. `/v1/user`. */
  path: string;
  /** The query string without `?` ('' without one), exactly as received (DMarket signs it). */
  search: string;
  headers: Record<string, string>;
  /** The raw body text, exactly as received ('' without one). */
  body: string;
  contentType: string;
}

export type KitOutcome =
  | { kind: 'reply'; status: number; contentType: string; body: string; headers?: Record<string, string> }
  | { kind: 'drop' };

export const JSON_TYPE = 'application/json; charset=utf-8';

/** A handler answer with a status, content type or headers other than 200 JSON. */
export class KitReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly contentType = JSON_TYPE,
    readonly headers: Record<string, string> = {},
  ) {}
}

export interface KitContext {
  req: KitRequest;
  market: KitMarket;
  stats: KitStats;
  /** The authenticated account, null on public calls made without credentials. */
  account: SimAccount | null;
  params: Record<string, string>;
  query: URLSearchParams;
}

/** `none`: public, credentials ignored; `optional`: public, but wrong credentials are refused. */
export type KitAuthMode = 'required' | 'optional' | 'none';

export interface KitRoute {
  /** What the stats count the call as, e.g. `user`, `list-items-steam`. */
  name: string;
  auth: KitAuthMode;
  /** The rate-limit bucket (config `rateLimits[bucket]`); default `default`. */
  bucket?: string;
  handler: (ctx: KitContext) => unknown;
}

export type AuthResult =
  | { kind: 'ok'; account: SimAccount }
  /** No credentials were given. */
  | { kind: 'none' }
  /** Credentials were given and are wrong; `accountId` when they name a known account (rate limits). */
  | { kind: 'refused'; status: number; body: unknown; accountId?: string };

/** The auth context a definition needs: the state and the real time (signature freshness). */
export interface AuthEnv {
  market: KitMarket;
  realNowMs: number;
}
