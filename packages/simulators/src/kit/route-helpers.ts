import type { SimAccount } from './kit-market.ts';
import { KitError } from './kit-error.ts';
import type { KitContext, KitRoute } from './kit-types.ts';

/** Small helpers the non-tm markets' route files share. */

/** A route that needs the caller's credentials; `bucket` names its rate limit (default `default`). */
export function keyed(name: string, handler: KitRoute['handler'], bucket?: string): KitRoute {
  return { name, auth: 'required', handler, ...(bucket ? { bucket } : {}) };
}

/** The caller's account on a route that requires credentials. */
export function me(ctx: KitContext): SimAccount {
  if (!ctx.account) throw new KitError('unauthorized', 'credentials are required', 401);
  return ctx.account;
}

/** The JSON body; anything but JSON of the expected kind is the market's 400. */
export function jsonObject(ctx: KitContext): Record<string, unknown> {
  const value = parseJson(ctx);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new KitError('bad_request', 'the body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

function parseJson(ctx: KitContext): unknown {
  if (!ctx.req.body.trim()) return {};
  try {
    return JSON.parse(ctx.req.body);
  } catch {
    throw new KitError('bad_request', 'the body is not JSON');
  }
}

/** The body as form fields (application/x-www-form-urlencoded). */
export function formBody(ctx: KitContext): URLSearchParams {
  return new URLSearchParams(ctx.req.body);
}

/** A list field of a JSON body, or a 400. */
export function list(body: Record<string, unknown>, name: string): unknown[] {
  const value = body[name];
  if (!Array.isArray(value)) throw new KitError('bad_request', `${name} must be a list`);
  return value;
}

/** An object entry of a JSON list, or a 400. */
export function entry(value: unknown, what: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new KitError('bad_request', `${what} must be an object`);
  }
  return value as Record<string, unknown>;
}

/** A positive integer given as a number or digit string (ids, integer prices), or null. */
export function positiveInt(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value) > 0 ? Number(value) : null;
  return null;
}

/** An id given as a string or a number. */
export function idText(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return null;
}

export { randomHex } from '../util/random.ts';

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function unixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}
