import {
  APP_TOKEN_HEADER,
  chooseErrorMessage,
  formatFetchFailure,
  parseJsonLossless,
  REQUEST_ERROR_TITLE,
} from '@toydesk/contract';

import { readCookie } from './cookies';
import { takeEarlyResponse } from './early-requests';
import { backendBaseUrl, botsBaseUrl, signupBaseUrl } from './env';
import { getUiLang } from './i18n';
import { notifications } from './notifications';
import { withQuery, type QueryParams } from './query-string';

/**
 * The request wrapper of spec section 7: every call of the console goes through it. It never throws: a
 * failure is a result with success false, the catalogue's message (spec section 8) and the response body.
 */

export type RequestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

/** A URL, or a URL with :name path parameters and a query. */
export interface RequestTarget {
  url: string;
  params?: Readonly<Record<string, string | number>>;
  query?: QueryParams;
}

export interface RequestOptions {
  /** Merged over the target's query. */
  query?: QueryParams;
  headers?: Readonly<Record<string, string>>;
  /** Milliseconds for the whole call, body included; none by default (spec section 9). */
  timeout?: number;
  /** Retries on a retry status or a lost connection: by default once without a body, never with one. */
  retry?: number;
  /** Milliseconds between tries; default: the Retry-After header (at most 10 s), else 300 ms. */
  retryDelay?: number;
  /** No notification for a failure (the caller shows it its own way). */
  hideNotification?: boolean;
  /** A failure the catalogue cannot name gets no message (and so no notification). */
  hideUnknownError?: boolean;
  signal?: AbortSignal;
  /** 'auto' (default) parses JSON when the reply says it is JSON, else keeps the text. */
  responseType?: 'auto' | 'text';
}

export interface RequestResult<T> {
  success: boolean;
  data: T | null;
  /** The HTTP status; 0 when no response arrived. */
  status: number;
  /** The message shown for a failure (spec section 8), null on success or when hidden. */
  error: string | null;
  /** On failure the response body (for a 400: the field errors), else null. */
  errors: unknown;
}

/** Spec section 9: the statuses worth a second try. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
/** Methods that carry a body: never retried by default (the first try may have done its work). */
const PAYLOAD_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const DEFAULT_RETRY_DELAY_MS = 300;
const MAX_RETRY_AFTER_MS = 10_000;
const REFUSED_SCHEMES = /^\s*(javascript|data|vbscript|file):/i;

let botToken: string | null = null;

/** The app token of bot calls (spec section 6): the common data's bot_token, set by the shell. */
export function setBotToken(token: string | null): void {
  botToken = token;
}

/** Fills :name parameters, encoding each value. A parameter without a value is an error. */
export function fillParams(url: string, params: Readonly<Record<string, string | number>> = {}): string {
  return url.replace(/:([A-Za-z_]\w*)/g, (match, name: string, offset: number) => {
    // "http://host:8080" has a colon that is not a parameter: only a colon after a slash starts one.
    if (offset > 0 && url[offset - 1] !== '/') return match;
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${url}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The absolute URL of a call: sign-up calls (/api-node/singup/) go to the sign-up host, other bot calls
 * (/api-node/) to the bots' base, everything else to the back end.
 */
export function resolveUrl(url: string): string {
  if (REFUSED_SCHEMES.test(url)) throw new Error(`Refused URL scheme: ${url.slice(0, 32)}`);
  if (/^https?:\/\//i.test(url)) return url;
  const path = url.startsWith('/') ? url : `/${url}`;
  const base = path.startsWith('/api-node/singup/')
    ? signupBaseUrl()
    : path.startsWith('/api-node/')
      ? botsBaseUrl()
      : backendBaseUrl();
  return `${base}${path}`;
}

function pageHost(): string {
  return typeof window === 'undefined' ? '' : window.location.host;
}

/** Credentials travel only to a back end on another host (spec section 6); same host sends them anyway. */
export function credentialsFor(url: string): RequestCredentials {
  try {
    return new URL(url, typeof window === 'undefined' ? undefined : window.location.href).host === pageHost()
      ? 'same-origin'
      : 'include';
  } catch {
    return 'same-origin';
  }
}

function isBotCall(url: string): boolean {
  try {
    return new URL(url).pathname.startsWith('/api-node/');
  } catch {
    return false;
  }
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined || body === null) return undefined;
  if (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof URLSearchParams ||
    body instanceof Blob ||
    body instanceof ArrayBuffer
  ) {
    return body;
  }
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return JSON.stringify(body);
}

interface Outcome {
  response?: Response;
  body?: unknown;
  /** No response: the connection failed or the time limit passed. */
  failure?: 'network' | 'timeout' | 'aborted';
  failureText?: string;
}

async function readBody(response: Response, responseType: 'auto' | 'text'): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return null;
  const text = await response.text();
  if (text === '') return null;
  const type = response.headers.get('content-type') ?? '';
  if (responseType === 'auto' && /[/+]json\b/i.test(type)) {
    try {
      // Lossless: a 64-bit id (a Steam ID, an asset or offer id) an answer writes bare keeps its digits.
      return parseJsonLossless(text);
    } catch {
      return text;
    }
  }
  return text;
}

async function attempt(url: string, init: RequestInit, options: RequestOptions): Promise<Outcome> {
  const controller = new AbortController();
  let timedOut = false;
  const onCallerAbort = () => controller.abort();
  if (options.signal?.aborted) return { failure: 'aborted', failureText: 'aborted' };
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer =
    options.timeout !== undefined && options.timeout > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, options.timeout)
      : undefined;
  try {
    // A GET the start-up script already sent (lib/early-requests.ts) is answered by that request; it cannot
    // be aborted, so calls with a time limit always send their own.
    const early = init.method === 'GET' && options.timeout === undefined ? takeEarlyResponse(url) : null;
    const response = await (early ?? fetch(url, { ...init, signal: controller.signal }));
    const body = await readBody(response, options.responseType ?? 'auto');
    return { response, body };
  } catch (error) {
    if (timedOut) return { failure: 'timeout', failureText: `timeout of ${options.timeout} ms exceeded` };
    if (options.signal?.aborted) return { failure: 'aborted', failureText: 'aborted' };
    return { failure: 'network', failureText: error instanceof Error ? error.message : String(error) };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

function retryAfterMs(response: Response | undefined): number | null {
  const header = response?.headers.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS) : null;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

function shouldRetry(outcome: Outcome): boolean {
  if (outcome.failure === 'aborted') return false;
  if (outcome.failure) return true;
  return outcome.response !== undefined && RETRY_STATUSES.has(outcome.response.status);
}

function fail<T>(method: string, url: string, outcome: Outcome, options: RequestOptions): RequestResult<T> {
  const status = outcome.response?.status ?? 0;
  const body = outcome.body ?? null;
  if (outcome.failure === 'aborted') return { success: false, data: null, status, error: null, errors: null };
  // The report of spec section 8: '[METHOD] url: status statusText'.
  console.warn(
    formatFetchFailure(method, url, status, outcome.response?.statusText ?? outcome.failureText ?? ''),
  );
  const lang = getUiLang();
  const error = chooseErrorMessage({
    body,
    status: outcome.response?.status,
    code: outcome.failure === 'network' ? 'ERR_NETWORK' : undefined,
    hideUnknown: options.hideUnknownError,
    lang,
  });
  if (error !== null && !options.hideNotification) {
    notifications.add({ title: REQUEST_ERROR_TITLE[lang], text: error, color: 'error' });
  }
  return { success: false, data: null, status, error, errors: body };
}

/** A failure found before any call was made (a bad URL, a missing parameter), reported like any other. */
export function clientFailure<T>(
  method: string,
  url: string,
  text: string,
  options: RequestOptions = {},
): RequestResult<T> {
  return fail(method.toUpperCase(), url, { failureText: text }, options);
}

/**
 * Calls the back end (or a bot service for /api-node/ paths, or any absolute URL) and never throws.
 * request('/api/tag/'), request({ url: '/api/tag/:id/', params: { id } }, 'PATCH', { name }).
 */
export async function request<T = unknown>(
  target: string | RequestTarget,
  method: RequestMethod | Lowercase<RequestMethod> = 'GET',
  body?: unknown,
  options: RequestOptions = {},
): Promise<RequestResult<T>> {
  const upper = method.toUpperCase();
  let url: string;
  const headers = new Headers({ accept: 'application/json' });
  let init: RequestInit;
  try {
    const spec = typeof target === 'string' ? { url: target } : target;
    const query = spec.query || options.query ? { ...spec.query, ...options.query } : undefined;
    url = resolveUrl(withQuery(fillParams(spec.url, spec.params), query));
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
    // Each back end gets its own credential: the API its anti-forgery token, the bot services the app
    // token (on another host the bots' CORS would refuse the XSRF header, and they have no use for it).
    if (isBotCall(url)) {
      if (botToken) headers.set(APP_TOKEN_HEADER, botToken);
    } else {
      const xsrf = readCookie('XSRF-TOKEN');
      if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
    }
    init = {
      method: upper,
      headers,
      body: upper === 'GET' || upper === 'HEAD' ? undefined : encodeBody(body, headers),
      credentials: credentialsFor(url),
    };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return clientFailure(upper, typeof target === 'string' ? target : target.url, text, options);
  }

  const retries = options.retry ?? (PAYLOAD_METHODS.has(upper) ? 0 : 1);
  for (let tryNumber = 0; ; tryNumber += 1) {
    const outcome = await attempt(url, init, options);
    if (outcome.response?.ok) {
      return {
        success: true,
        data: (outcome.body ?? null) as T | null,
        status: outcome.response.status,
        error: null,
        errors: null,
      };
    }
    if (tryNumber < retries && shouldRetry(outcome)) {
      await sleep(
        options.retryDelay ?? retryAfterMs(outcome.response) ?? DEFAULT_RETRY_DELAY_MS,
        options.signal,
      );
      continue;
    }
    return fail(upper, url, outcome, options);
  }
}

/** A 400 body as field errors: { field: [messages] } (DRF style), strings and objects kept as text. */
export function fieldErrorsFromBody(body: unknown): Record<string, string[]> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(body)) {
    if (Array.isArray(value))
      out[field] = value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
    else if (typeof value === 'string') out[field] = [value];
    else if (typeof value === 'object' && value !== null) out[field] = [JSON.stringify(value)];
  }
  return out;
}

/** The field errors of a failed result: its body when the status is 400, else none. */
export function fieldErrorsOf(result: RequestResult<unknown>): Record<string, string[]> {
  return result.success || result.status !== 400 ? {} : fieldErrorsFromBody(result.errors);
}
