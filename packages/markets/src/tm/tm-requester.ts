import { createHash } from 'node:crypto';

import type { z } from 'zod';

import { parseJsonLossless } from '@toydesk/contract';
import {
  HttpStatusError,
  type HttpClient,
  type HttpRequest,
  type ProxyConfig,
  type QueryValue,
} from '@toydesk/http';

import { checkInSlices } from '../kit/check-in-slices.ts';
import { TM_CALLS, type TmCallName, type TmCallRoute } from './tm-calls.ts';
import { TmBadKeyError, TmError, TmResponseError } from './tm-errors.ts';
import type { TmTimeouts } from './tm-timeouts.ts';
import type { TmCurrency } from './tm-units.ts';

/** Time as the client sees it: injectable, so a test does not wait the 30 s after a failed add-to-sale. */
export interface TmClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export interface TmLogger {
  warn(message: string, details?: Record<string, unknown>): void;
}

/** The one transport (packages/http); only `request` is used, so a test may hand in a recording wrapper. */
export type TmTransport = Pick<HttpClient, 'request'>;

/** What a resource adds to a call of `TM_CALLS`: its path segments, query or body, and the answer's shape. */
export interface TmCallParams<S extends z.ZodType> {
  /** After the call's path, each encoded: `change-currency/{cur}`, `MassInfo/{sell}/{buy}/…/`. */
  segments?: readonly (string | number)[];
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: [string, string | number][];
  /** Overrides the call's timeout (public files, which can be large). */
  timeoutMs?: number;
  /** The shape of a successful answer. */
  schema: S;
  /** More secrets to mask in errors and logs (a key in the path). */
  redactValues?: string[];
  /**
   * A `success:false` answer that is a normal result of this call, not an error (ping-new's "too early
   * for ping", p2p-all's "nothing"): it is parsed with the schema and returned.
   */
  acceptFailure?: (body: { error?: unknown; message?: unknown }) => boolean;
}

export interface TmRequesterOptions {
  http: TmTransport;
  baseUrl: string;
  apiKey: string | null;
  currency: TmCurrency;
  /** The market name in call names (`tm.get-money`, `cs7.get-money`). */
  market: string;
  proxy: ProxyConfig | null;
  timeouts: TmTimeouts;
  clock: TmClock;
  logger: TmLogger;
  /** Cancels every call of this client (a trading tick whose lease was lost or whose time ran out). */
  signal?: AbortSignal;
}

/** `tm:<first 16 hex of sha256(key)>`: the limiter key of one API key, the same in every process. */
export function tmRateLimitKey(apiKey: string): string {
  return `tm:${createHash('sha256').update(apiKey).digest('hex').slice(0, 16)}`;
}

/** tm's error envelope: `{"success":false,"error":...}` (or `message`), whatever the HTTP status. */
function isFailure(body: unknown): body is { success: false; error?: unknown; message?: unknown } {
  return typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false;
}

/**
 * What stripe-node's RequestSender does for Stripe: one place that turns a call description into a
 * request through the transport (key, timeout, rate-limit key, proxy, redaction) and the answer into a
 * typed value or a typed error. Resources only describe calls.
 */
export class TmRequester {
  readonly http: TmTransport;
  readonly baseUrl: string;
  readonly currency: TmCurrency;
  readonly market: string;
  readonly clock: TmClock;
  readonly logger: TmLogger;
  private readonly apiKey: string | null;
  private readonly rateLimitKey: string | null;
  private readonly proxy: ProxyConfig | null;
  private readonly timeouts: TmTimeouts;
  private readonly signal: AbortSignal | undefined;

  constructor(options: TmRequesterOptions) {
    this.http = options.http;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.apiKey = options.apiKey;
    this.rateLimitKey = options.apiKey === null ? null : tmRateLimitKey(options.apiKey);
    this.currency = options.currency;
    this.market = options.market;
    this.proxy = options.proxy;
    this.timeouts = options.timeouts;
    this.clock = options.clock;
    this.logger = options.logger;
    this.signal = options.signal;
  }

  /** The call's name in logs and errors: `tm.get-money`, `cs7.MassInfo`. */
  callName(name: TmCallName): string {
    return `${this.market}.${name}`;
  }

  async call<S extends z.ZodType>(name: TmCallName, params: TmCallParams<S>): Promise<z.output<S>> {
    const call = this.callName(name);
    const route: TmCallRoute = TM_CALLS[name];
    const keyed = route.keyless !== true;
    if (keyed && this.apiKey === null) {
      // tm would answer Bad KEY; we do not spend a request (or a rate-limit token) to hear it.
      throw new TmBadKeyError({ code: 'Bad KEY', status: null, call }, `${call}: Bad KEY (no API key given)`);
    }
    const request: HttpRequest = {
      ...this.requestOf(name, route, params),
      query: keyed ? { ...params.query, key: this.apiKey } : params.query,
      redactValues: [...(this.apiKey === null ? [] : [this.apiKey]), ...(params.redactValues ?? [])],
    };
    if (keyed && this.rateLimitKey !== null) request.rateLimitKey = this.rateLimitKey;
    // Default: the transport's rule (GET once, POST never); never for anything that spends money.
    if (route.spends) request.maxRetries = 0;
    if (route.retriedOnce) request.maxRetries = 1;
    if (params.json !== undefined) request.json = params.json;
    if (params.form !== undefined) request.form = params.form;

    let response;
    try {
      response = await this.http.request(request);
    } catch (error) {
      throw this.refusalIn(error, call) ?? error;
    }
    // HTML (an nginx page) in a 200 throws the transport's HttpParseError here: "tm is down", not a crash.
    // The public price lists are megabytes: parsed in slices, the loop keeps serving meanwhile.
    const body: unknown = await response.jsonAsync();
    if (isFailure(body) && !params.acceptFailure?.(body)) {
      throw tmErrorOf(body, response.status, call, response.url);
    }
    // The public price lists' rows are checked in slices too: one schema pass holds the loop longest.
    const parsed = await checkInSlices(params.schema, body);
    if (!parsed.success) {
      throw new TmResponseError({
        status: response.status,
        call,
        url: response.url,
        issues: parsed.issues.map(
          (issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`,
        ),
      });
    }
    return parsed.data;
  }

  /** A public file that is not JSON (the item database CSV): the raw answer, through the same transport. */
  async publicText(name: TmCallName, params: { segments?: readonly string[]; timeoutMs?: number }) {
    return this.http.request(this.requestOf(name, TM_CALLS[name], params));
  }

  /** What every call's request has, keyed or not. */
  private requestOf(
    name: TmCallName,
    route: TmCallRoute,
    params: { segments?: readonly (string | number)[]; timeoutMs?: number },
  ): HttpRequest {
    return {
      method: route.method ?? 'GET',
      url: `${this.baseUrl}${route.route(name, params.segments ?? [])}`,
      timeoutMs: params.timeoutMs ?? this.timeouts[route.timeout ?? 'marketClient'],
      callName: this.callName(name),
      proxy: this.proxy,
      ...(this.signal === undefined ? {} : { signal: this.signal }),
    };
  }

  /**
   * A 4xx whose body is tm's JSON envelope (429 "too many requests", 404 "method_not_found") is tm
   * refusing: a TmError. A 5xx, or any status with an HTML page, stays the transport's HttpStatusError.
   */
  private refusalIn(error: unknown, call: string): TmError | null {
    if (!(error instanceof HttpStatusError) || error.status === null || error.status >= 500) return null;
    let body: unknown;
    try {
      body = parseJsonLossless(error.bodyText);
    } catch {
      return null;
    }
    return isFailure(body) ? tmErrorOf(body, error.status, call, error.url, error) : null;
  }
}

function tmErrorOf(
  body: { error?: unknown; message?: unknown },
  status: number,
  call: string,
  url: string,
  cause?: unknown,
): TmError {
  const raw = body.error ?? body.message;
  const code = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : 'unknown_error';
  const init = { code, status, call, url, body, ...(cause === undefined ? {} : { cause }) };
  // tm writes "Bad KEY"; a C# bot compares case-insensitively, and so do we.
  if (code.toLowerCase() === 'bad key') return new TmBadKeyError(init);
  // change-currency answers a numeric code with a text beside it: keep both in the message.
  const detail = typeof body.message === 'string' && body.message !== code ? ` (${body.message})` : '';
  return new TmError(init, `${call}: ${code}${detail}`);
}
