import { Agent, request as undiciRequest, type Dispatcher } from 'undici';

import { buildUrl } from './build-url.ts';
import { BodyTooLargeError, decodeBody, DEFAULT_MAX_BODY_BYTES } from './decode-body.ts';
import { encodeBody } from './encode-body.ts';
import {
  HttpNetworkError,
  HttpParseError,
  HttpStatusError,
  HttpTimeoutError,
  RateLimitedError,
  type HttpErrorInit,
} from './http-errors.ts';
import type { HttpRequest, HttpResponse, ProxyConfig } from './http-request.ts';
import { createHttpResponse, type ResponseParts } from './http-response.ts';
import { AGENT_OPTIONS, createProxyDispatcher, proxyKey } from './proxy-dispatcher.ts';
import type { RateLimitGrant, RateLimiter } from './rate-limiter.ts';
import { redactUrl } from './redact-url.ts';
import { DEFAULT_RETRY_POLICY, retriesFor, retryDelayMs, type RetryPolicy } from './retry-policy.ts';
import { sleep as defaultSleep } from './sleep.ts';

/** One line per attempt. The URL is redacted; headers and bodies are never part of it. */
export interface HttpLogEvent {
  call?: string;
  method: string;
  url: string;
  status?: number;
  attempt: number;
  ms: number;
  error?: string;
}

export interface HttpClientOptions {
  /** For requests that do not set timeoutMs; null (no timeout) is the general client's default (spec 9). */
  defaultTimeoutMs?: number | null;
  retry?: Partial<RetryPolicy>;
  /** Required as soon as a request names a rateLimitKey. */
  rateLimiter?: RateLimiter;
  /** The longest wait for a rate-limit token before RateLimitedError; null (default) waits as needed. */
  rateLimitMaxWaitMs?: number | null;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
  userAgent?: string;
  logger?: (event: HttpLogEvent) => void;
  /**
   * The most bytes an answer may have once decompressed (default 256 MiB; null: no limit). A larger one is
   * refused with HttpParseError, not retried, and never inflated beyond the limit (a decompression bomb).
   */
  maxBodyBytes?: number | null;
}

export const DEFAULT_USER_AGENT = 'toydesk-http/0.1';

/** undici's own timeouts, which fire even when a call has none (see README). */
const UNDICI_TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
/** Errors that say the request itself is wrong: sending it again cannot help, so they pass through. */
const CALLER_BUG_CODES = new Set(['UND_ERR_INVALID_ARG', 'UND_ERR_NOT_SUPPORTED', 'ERR_INVALID_URL']);

type Meta = Pick<HttpErrorInit, 'call' | 'method' | 'url'>;

/**
 * The one outbound HTTP transport: timeouts per attempt, retries only where they are safe, a rate-limit
 * token before every attempt, proxies, typed errors with redacted URLs. It knows nothing of marketplaces:
 * a marketplace's own error in a 200 answer is the caller's business.
 */
export class HttpClient {
  private readonly defaultTimeoutMs: number | null;
  private readonly policy: RetryPolicy;
  private readonly rateLimiter: RateLimiter | undefined;
  private readonly rateLimitMaxWaitMs: number | null;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly userAgent: string;
  private readonly logger: ((event: HttpLogEvent) => void) | undefined;
  private readonly maxBodyBytes: number | null;
  /** Our own keep-alive agent, not the global one whose settings we do not control. */
  private readonly agent = new Agent(AGENT_OPTIONS);
  private readonly proxyDispatchers = new Map<string, Dispatcher>();

  constructor(options: HttpClientOptions = {}) {
    this.defaultTimeoutMs = options.defaultTimeoutMs ?? null;
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.rateLimiter = options.rateLimiter;
    this.rateLimitMaxWaitMs = options.rateLimitMaxWaitMs ?? null;
    this.sleep = options.sleep ?? defaultSleep;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
    this.logger = options.logger;
    this.maxBodyBytes = options.maxBodyBytes === undefined ? DEFAULT_MAX_BODY_BYTES : options.maxBodyBytes;
  }

  async request(req: HttpRequest): Promise<HttpResponse> {
    const url = buildUrl(req.url, req.query);
    // Redaction runs only when something reads the URL (an error, a log line, response.url): most
    // successful calls never need it, and it is the costliest part of a request's bookkeeping.
    let redacted: string | undefined;
    const meta: Meta = {
      call: req.callName ?? null,
      method: req.method,
      get url() {
        redacted ??= redactUrl(url, req.redactQueryKeys, req.redactValues);
        return redacted;
      },
    };
    const { body, contentType } = encodeBody(req);
    const headers = this.headersFor(req.headers, contentType);
    const maxRetries = retriesFor(req, this.policy);
    const timeoutMs = req.timeoutMs === undefined ? this.defaultTimeoutMs : req.timeoutMs;
    const dispatcher = this.dispatcherFor(req.proxy ?? null);

    for (let attempt = 1; ; attempt += 1) {
      const grant =
        req.rateLimitKey === undefined
          ? undefined
          : await this.takeToken(req.rateLimitKey, req.signal, meta, attempt);
      if (req.signal?.aborted) {
        // Aborted while the token was granted: nothing was sent, so the token is not held for maxHoldMs.
        if (grant) void grant.answered();
        req.signal.throwIfAborted();
      }
      const started = this.now();
      let parts: ResponseParts;
      try {
        parts = await this.send(
          url,
          req.method,
          headers,
          body,
          timeoutMs,
          dispatcher,
          req.signal,
          meta,
          attempt,
        );
      } catch (error) {
        if (!(error instanceof HttpTimeoutError || error instanceof HttpNetworkError)) {
          // Neither a timeout, a network error nor the caller's abort: undici refused the request before
          // sending it (a caller bug), so its token is free now instead of held for maxHoldMs.
          if (grant && !req.signal?.aborted) void grant.answered();
          throw error;
        }
        // No answer: a held token stays counted until its limiter lets it go (the request may have arrived).
        this.log(meta, attempt, started, { error: `${error.code} ${error.statusText}` });
        if (attempt > maxRetries) throw error;
        await this.sleep(retryDelayMs(attempt, null, this.policy, this.random, this.now()), req.signal);
        continue;
      }
      // Not awaited: a later release only keeps the token counted a little longer.
      if (grant) void grant.answered();
      this.log(meta, attempt, started, { status: parts.status });
      if (parts.status >= 200 && parts.status < 300) {
        return createHttpResponse(parts, meta, attempt);
      }
      if (this.policy.statuses.includes(parts.status) && attempt <= maxRetries) {
        const retryAfter = parts.headers.get('retry-after');
        await this.sleep(retryDelayMs(attempt, retryAfter, this.policy, this.random, this.now()), req.signal);
        continue;
      }
      if (req.throwOnStatus === false) return createHttpResponse(parts, meta, attempt);
      throw new HttpStatusError({
        code: 'ERR_STATUS',
        ...meta,
        status: parts.status,
        statusText: parts.statusText,
        bodyText: parts.body.join(''),
        headers: parts.headers,
        attempts: attempt,
      });
    }
  }

  /** Closes the keep-alive connections (direct and through proxies). */
  async close(): Promise<void> {
    const dispatchers = [this.agent, ...this.proxyDispatchers.values()];
    this.proxyDispatchers.clear();
    await Promise.all(dispatchers.map((dispatcher) => dispatcher.close()));
  }

  private async send(
    url: string,
    method: string,
    headers: Record<string, string>,
    body: string | Uint8Array | undefined,
    timeoutMs: number | null,
    dispatcher: Dispatcher,
    callerSignal: AbortSignal | undefined,
    meta: Meta,
    attempt: number,
  ): Promise<ResponseParts> {
    const timeout = timeoutMs === null ? null : new AbortController();
    const timer = timeout === null ? null : setTimeout(() => timeout.abort(), timeoutMs ?? 0);
    const signals = [callerSignal, timeout?.signal].filter((s): s is AbortSignal => s !== undefined);
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    let status: number | null = null;
    try {
      // The timer covers connecting, the headers and the whole body.
      const res = await undiciRequest(url, { method, headers, body, dispatcher, signal });
      status = res.statusCode;
      const answer = await decodeBody(res.body, res.headers['content-encoding'], this.maxBodyBytes);
      return {
        status: res.statusCode,
        statusText: res.statusText,
        headers: toHeaders(res.headers),
        body: answer,
      };
    } catch (error) {
      if (callerSignal?.aborted) throw callerSignal.reason;
      if (error instanceof BodyTooLargeError) {
        // The same answer would come again: not a failure to get through, so it is not retried.
        throw new HttpParseError(
          { ...meta, code: 'ERR_PARSE', status, statusText: '', attempts: attempt, cause: error },
          error.message,
        );
      }
      const init = { ...meta, status: null, attempts: attempt, cause: error };
      if (timeout?.signal.aborted) {
        throw new HttpTimeoutError({
          ...init,
          code: 'ERR_TIMEOUT',
          statusText: `timed out after ${timeoutMs} ms`,
        });
      }
      const code = errorCode(error);
      if (code !== undefined && UNDICI_TIMEOUT_CODES.has(code)) {
        throw new HttpTimeoutError({ ...init, code: 'ERR_TIMEOUT', statusText: describe(error) });
      }
      // undici reports a proxy's 407 as an invalid argument; it is a failure to get through, not a bug.
      if (code !== undefined && CALLER_BUG_CODES.has(code) && !isProxyRefusal(error)) throw error;
      throw new HttpNetworkError({ ...init, code: 'ERR_NETWORK', statusText: describe(error) });
    } finally {
      if (timer !== null) clearTimeout(timer);
    }
  }

  /** A token for one attempt; a held token whose sendBy passed (a slow process) is given up for a new one. */
  private async takeToken(
    key: string,
    callerSignal: AbortSignal | undefined,
    meta: Meta,
    attempt: number,
  ): Promise<RateLimitGrant | undefined> {
    for (;;) {
      const grant = (await this.takeOneToken(key, callerSignal, meta, attempt)) ?? undefined;
      if (grant?.sendBy === undefined || this.now() <= grant.sendBy) return grant;
    }
  }

  private async takeOneToken(
    key: string,
    callerSignal: AbortSignal | undefined,
    meta: Meta,
    attempt: number,
  ): Promise<RateLimitGrant | void> {
    if (this.rateLimiter === undefined) {
      throw new Error(
        `${meta.call ?? meta.method}: rateLimitKey given but the HttpClient has no rateLimiter`,
      );
    }
    if (this.rateLimitMaxWaitMs === null) return this.rateLimiter.acquire(key, callerSignal);
    const budget = new AbortController();
    const timer = setTimeout(() => budget.abort(), this.rateLimitMaxWaitMs);
    try {
      const signal = callerSignal ? AbortSignal.any([callerSignal, budget.signal]) : budget.signal;
      return await this.rateLimiter.acquire(key, signal);
    } catch (error) {
      if (callerSignal?.aborted || !budget.signal.aborted) throw error;
      throw new RateLimitedError({
        ...meta,
        code: 'ERR_RATE_LIMITED',
        status: null,
        statusText: `no rate-limit token within ${this.rateLimitMaxWaitMs} ms`,
        attempts: attempt - 1,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  private headersFor(given: Record<string, string> | undefined, contentType: string | undefined) {
    const headers: Record<string, string> = { 'user-agent': this.userAgent };
    if (contentType !== undefined) headers['content-type'] = contentType;
    for (const [name, value] of Object.entries(given ?? {})) headers[name.toLowerCase()] = value;
    return headers;
  }

  private dispatcherFor(proxy: ProxyConfig | null): Dispatcher {
    if (proxy === null) return this.agent;
    const key = proxyKey(proxy);
    let dispatcher = this.proxyDispatchers.get(key);
    if (dispatcher === undefined) {
      dispatcher = createProxyDispatcher(proxy);
      this.proxyDispatchers.set(key, dispatcher);
    }
    return dispatcher;
  }

  private log(meta: Meta, attempt: number, started: number, outcome: { status?: number; error?: string }) {
    if (this.logger === undefined) return;
    try {
      this.logger({
        ...(meta.call === null ? {} : { call: meta.call }),
        method: meta.method,
        url: meta.url,
        ...outcome,
        attempt,
        ms: this.now() - started,
      });
    } catch {
      // A broken logger must not turn a sent (maybe paid) request into a failure.
    }
  }
}

function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

function isProxyRefusal(error: unknown): boolean {
  return error instanceof Error && /Proxy Authentication Required/i.test(error.message);
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

/** A short description of a transport failure (no URL, headers or body can be in it). */
function describe(error: unknown): string {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (message === '' && error instanceof AggregateError)
    return describe(error.errors[0]) || (code ?? 'error');
  if (code === undefined || message.includes(code)) return message || 'connection failed';
  return message === '' ? code : `${code}: ${message}`;
}
