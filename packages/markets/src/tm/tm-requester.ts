import { createHash } from 'node:crypto';

import type { z } from 'zod';

import { parseJsonLossless } from '@toydesk/contract';
import {
  HttpStatusError,
  TIMEOUTS,
  type HttpClient,
  type HttpRequest,
  type ProxyConfig,
  type QueryValue,
} from '@toydesk/http';

import { TmBadKeyError, TmError, TmResponseError } from './tm-errors.ts';
import type { TmCurrency } from './tm-units.ts';

/** The per-call timeouts of spec section 9, by kind of call; each can be overridden per client. */
export interface TmTimeouts {
  /** items, my-inventory (spec: item list 10 s). */
  itemList: number;
  /** set-price (20 s). */
  setPrice: number;
  /** MassInfo, MassSetPriceById (bulk marketplace requests, 30 s). */
  bulk: number;
  /** trade-ready (1 min). */
  tradeReady: number;
  /** ping-new (1 min). */
  pingNew: number;
  /** get-money, test, Test (account status check, 25 s). */
  accountStatus: number;
  /** Everything else (the marketplace client, 10 s). */
  marketClient: number;
}

export const TM_TIMEOUTS: Readonly<TmTimeouts> = Object.freeze({
  itemList: TIMEOUTS.itemList,
  setPrice: TIMEOUTS.setPrice,
  bulk: TIMEOUTS.bulkMarket,
  tradeReady: TIMEOUTS.tradeReady,
  pingNew: TIMEOUTS.pingNew,
  accountStatus: TIMEOUTS.accountStatus,
  marketClient: TIMEOUTS.marketClient,
});

export type TmTimeoutKind = keyof TmTimeouts;

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

export interface TmCall<S extends z.ZodType> {
  /** tm's method name as the call is logged: `get-money`, `MassInfo`, `prices/class_instance`. */
  name: string;
  method?: 'GET' | 'POST';
  /** From the market root, already encoded: `/api/v2/get-money`, `/api/MassInfo/1/1/0/0`. */
  path: string;
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: [string, string | number][];
  timeout: TmTimeoutKind;
  /** Overrides the kind's timeout for this call (public files, which can be large). */
  timeoutMs?: number;
  /** The shape of a successful answer. */
  schema: S;
  /** Default: the transport's rule (GET once, POST never). 0 for anything that spends money. */
  maxRetries?: number;
  /** Public files take no key and are not counted against one. Default true. */
  keyed?: boolean;
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

  callName(name: string): string {
    return `${this.market}.${name}`;
  }

  async call<S extends z.ZodType>(spec: TmCall<S>): Promise<z.output<S>> {
    const call = this.callName(spec.name);
    const keyed = spec.keyed ?? true;
    if (keyed && this.apiKey === null) {
      // tm would answer Bad KEY; we do not spend a request (or a rate-limit token) to hear it.
      throw new TmBadKeyError({ code: 'Bad KEY', status: null, call }, `${call}: Bad KEY (no API key given)`);
    }
    const request: HttpRequest = {
      method: spec.method ?? 'GET',
      url: `${this.baseUrl}${spec.path}`,
      query: keyed ? { ...spec.query, key: this.apiKey } : spec.query,
      timeoutMs: spec.timeoutMs ?? this.timeouts[spec.timeout],
      callName: call,
      proxy: this.proxy,
      redactValues: [...(this.apiKey === null ? [] : [this.apiKey]), ...(spec.redactValues ?? [])],
    };
    if (keyed && this.rateLimitKey !== null) request.rateLimitKey = this.rateLimitKey;
    if (this.signal !== undefined) request.signal = this.signal;
    if (spec.maxRetries !== undefined) request.maxRetries = spec.maxRetries;
    if (spec.json !== undefined) request.json = spec.json;
    if (spec.form !== undefined) request.form = spec.form;

    let response;
    try {
      response = await this.http.request(request);
    } catch (error) {
      throw this.refusalIn(error, call) ?? error;
    }
    // HTML (an nginx page) in a 200 throws the transport's HttpParseError here: "tm is down", not a crash.
    const body: unknown = response.json();
    if (isFailure(body) && !spec.acceptFailure?.(body)) {
      throw tmErrorOf(body, response.status, call, response.url);
    }
    const parsed = spec.schema.safeParse(body);
    if (!parsed.success) {
      throw new TmResponseError({
        status: response.status,
        call,
        url: response.url,
        issues: parsed.error.issues.map(
          (issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`,
        ),
      });
    }
    return parsed.data;
  }

  /** A public file that is not JSON (the item database CSV): the raw answer, through the same transport. */
  async publicText(spec: { name: string; path: string; timeout: TmTimeoutKind; timeoutMs?: number }) {
    return this.http.request({
      method: 'GET',
      url: `${this.baseUrl}${spec.path}`,
      timeoutMs: spec.timeoutMs ?? this.timeouts[spec.timeout],
      callName: this.callName(spec.name),
      proxy: this.proxy,
      ...(this.signal === undefined ? {} : { signal: this.signal }),
    });
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
