import type { TmMarket } from '../state/tm-market.ts';
import type { Account } from '../state/types.ts';
import type { SimStats } from '../stats/sim-stats.ts';

/** What a route handler gets: the parsed request and the market. */
export interface RequestContext {
  market: TmMarket;
  stats: SimStats;
  method: string;
  /** The path after the market's prefix, e.g. `/api/v2/get-money`. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The raw body text ('' without one). */
  body: string;
  contentType: string;
}

/** A handler answer with a status or content type other than 200 JSON. */
export class TmReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly contentType = 'application/json; charset=utf-8',
  ) {}
}

export type KeyedHandler = (ctx: RequestContext, account: Account) => unknown;
export type PublicHandler = (ctx: RequestContext) => unknown;

export type ApiRoute =
  | { kind: 'keyed'; name: string; handler: KeyedHandler }
  | { kind: 'public'; name: string; handler: PublicHandler };

/** `{success:false,error}`: the tm error envelope. */
export const fail = (error: string | number, extra: Record<string, unknown> = {}) => ({
  success: false,
  error,
  ...extra,
});

/** A query parameter, or null when absent or empty. */
export function param(ctx: RequestContext, name: string): string | null {
  const value = ctx.query.get(name);
  return value === null || value === '' ? null : value;
}

/** A non-negative integer written in decimal digits only, or null. */
export function parseUint(value: string | null | undefined): number | null {
  if (value === null || value === undefined || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/** The JSON body as an object, or null when it is not a JSON object. */
export function jsonBody(ctx: RequestContext): Record<string, unknown> | null {
  if (!ctx.body.trim()) return null;
  try {
    const value: unknown = JSON.parse(ctx.body);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The body as form fields (application/x-www-form-urlencoded). */
export function formBody(ctx: RequestContext): URLSearchParams {
  return new URLSearchParams(ctx.body);
}
