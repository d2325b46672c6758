import { parseJsonLossless } from '@toydesk/contract';
import {
  HttpError,
  type HttpClient,
  type HttpMethod,
  type HttpRequest,
  type HttpResponse,
} from '@toydesk/http';

import { cookieHeader } from '../cookies.ts';
import { ERESULT } from '../eresult.ts';
import { SteamError, type SteamErrorKind } from '../steam-error.ts';
import type { SteamSession } from '../steam-gateway.ts';

/**
 * Where Steam lives. The real hosts, or the simulator's mount points (`<base>/community`, `<base>/api`): the raw
 * calls are the same code against both, so the simulator tests exercise what the real gateway sends.
 */
export interface SteamHosts {
  /** steamcommunity.com */
  community: string;
  /** api.steampowered.com */
  api: string;
}

export const REAL_STEAM_HOSTS: SteamHosts = {
  community: 'https://steamcommunity.com',
  api: 'https://api.steampowered.com',
};

export interface SteamWebClientOptions {
  http: HttpClient;
  hosts: SteamHosts;
  /** Per attempt; default 30 s. */
  timeoutMs?: number;
  /** A rate-limit key per call (the HttpClient must then have a rate limiter), e.g. `steam:<account>`. */
  rateLimitKeyFor?: (session: SteamSession | null, operation: string) => string | undefined;
}

export interface WebReply {
  status: number;
  text: string;
  headers: Headers;
  /** The Location header of a 3xx. */
  location: string | null;
}

export interface CommunityRequest {
  method?: HttpMethod;
  /** A path on the community host (`/market/sellitem/`) or an absolute URL on it. */
  path: string;
  query?: HttpRequest['query'];
  form?: HttpRequest['form'];
  body?: Uint8Array;
  headers?: Record<string, string>;
  /** Return a 3xx instead of treating one to /login as an expired session. */
  allowRedirect?: boolean;
  /** Statuses returned to the caller instead of failing (trade offers answer 500 with `strError`). */
  allowStatuses?: number[];
  maxRetries?: number;
}

export interface WebApiCall {
  method?: HttpMethod;
  /** `IPhoneService/SetAccountPhoneNumber/v1` */
  path: string;
  params?: Record<string, string | number | boolean>;
  /** Default: the session's access token. */
  accessToken?: string | null;
}

export interface WebApiReply<T> {
  /** The X-eresult header; 1 when absent. */
  eresult: number;
  message: string | null;
  response: T;
}

const PARENTAL_NOTICE = /<div id="parental_notice_instructions">/;
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The raw side of Steam over `@toydesk/http`: community pages and AJAX endpoints with the session's cookies,
 * and WebAPI service calls with the access token. It turns the failures every Steam page shares into
 * `SteamError`s (the same signals steamcommunity's `components/http.js` reads): a 3xx to /login and the
 * "Sign In" page are an expired session, a 403 with the parental notice is Family View, 429 is a rate limit,
 * a "Sorry!" page carries its `<h3>` as the message.
 */
export class SteamWebClient {
  readonly http: HttpClient;
  readonly hosts: SteamHosts;
  private readonly timeoutMs: number;
  private readonly rateLimitKeyFor: SteamWebClientOptions['rateLimitKeyFor'];

  constructor(options: SteamWebClientOptions) {
    this.http = options.http;
    this.hosts = { community: trimSlash(options.hosts.community), api: trimSlash(options.hosts.api) };
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.rateLimitKeyFor = options.rateLimitKeyFor;
  }

  communityUrl(path: string): string {
    return /^https?:\/\//.test(path)
      ? path
      : `${this.hosts.community}${path.startsWith('/') ? '' : '/'}${path}`;
  }

  /** `/profiles/<steamid>/<path>`: what steamcommunity's `_myProfile` resolves `/my/<path>` to. */
  profilePath(session: SteamSession, path: string): string {
    return `/profiles/${session.steamId}/${path.replace(/^\/+/, '')}`;
  }

  async community(operation: string, session: SteamSession | null, req: CommunityRequest): Promise<WebReply> {
    const url = this.communityUrl(req.path);
    const headers: Record<string, string> = { ...req.headers };
    if (session && session.cookies.length > 0) headers.cookie = cookieHeader(session.cookies);
    const method = req.method ?? (req.form || req.body ? 'POST' : 'GET');
    // steamcommunity adds an Origin to every non-GET since Valve started demanding one (#351).
    if (method !== 'GET' && headers.origin === undefined) headers.origin = new URL(url).origin;
    const res = await this.send(operation, session, {
      method,
      url,
      ...(req.query ? { query: req.query } : {}),
      ...(req.form ? { form: req.form } : {}),
      ...(req.body ? { body: req.body } : {}),
      headers,
      ...(req.maxRetries !== undefined ? { maxRetries: req.maxRetries } : {}),
    });
    const reply: WebReply = {
      status: res.status,
      text: res.text,
      headers: res.headers,
      location: res.headers.get('location'),
    };
    checkCommunityReply(operation, reply, req);
    return reply;
  }

  /** A community call whose answer is JSON. */
  async communityJson<T>(operation: string, session: SteamSession | null, req: CommunityRequest): Promise<T> {
    const reply = await this.community(operation, session, req);
    return parseJson<T>(operation, reply);
  }

  async webApi<T = Record<string, unknown>>(
    operation: string,
    session: SteamSession | null,
    call: WebApiCall,
  ): Promise<WebApiReply<T>> {
    const method = call.method ?? 'POST';
    const token = call.accessToken === undefined ? (session?.accessToken ?? null) : call.accessToken;
    const params = call.params ?? {};
    const res = await this.send(operation, session, {
      method,
      url: `${this.hosts.api}/${call.path.replace(/^\/+/, '').replace(/\/?$/, '/')}`,
      query: { ...(token ? { access_token: token } : {}), ...(method === 'GET' ? params : {}) },
      ...(method === 'GET' ? {} : { form: stringifyForm(params) }),
    });
    if (res.status === 401) throw new SteamError({ kind: 'session_expired', status: 401, operation });
    if (res.status === 403) throw new SteamError({ kind: 'access_denied', status: 403, operation });
    if (res.status === 429) throw new SteamError({ kind: 'rate_limited', status: 429, operation });
    if (res.status >= 300) {
      throw new SteamError({
        kind: 'http',
        status: res.status,
        operation,
        message: `HTTP error ${res.status}`,
      });
    }
    const eresultHeader = res.headers.get('x-eresult');
    const eresult = eresultHeader === null ? ERESULT.OK : Number(eresultHeader);
    const message = res.headers.get('x-error_message');
    let response: T = {} as T;
    if (res.text.trim() !== '') {
      const body = parseJson<{ response?: T }>(operation, { status: res.status, text: res.text });
      response = (body.response ?? {}) as T;
    }
    return { eresult: Number.isFinite(eresult) ? eresult : ERESULT.Fail, message, response };
  }

  /** Any request through the transport, with transport failures turned into SteamError('http'). */
  async send(operation: string, session: SteamSession | null, req: HttpRequest): Promise<HttpResponse> {
    const rateLimitKey = this.rateLimitKeyFor?.(session, operation);
    try {
      return await this.http.request({
        timeoutMs: this.timeoutMs,
        ...req,
        callName: `steam.${operation}`,
        throwOnStatus: false,
        ...(session?.proxy ? { proxy: session.proxy } : {}),
        ...(rateLimitKey !== undefined ? { rateLimitKey } : {}),
      });
    } catch (error) {
      if (error instanceof HttpError) {
        throw new SteamError({
          kind: error.code === 'ERR_RATE_LIMITED' ? 'rate_limited' : 'http',
          status: error.status,
          operation,
          message: error.message,
          cause: error,
        });
      }
      throw error;
    }
  }
}

function checkCommunityReply(operation: string, reply: WebReply, req: CommunityRequest): void {
  const { status, text, location } = reply;
  if (status >= 300 && status < 400) {
    if (location !== null && location.includes('/login')) {
      throw new SteamError({ kind: 'session_expired', status, operation, message: 'Not Logged In' });
    }
    if (req.allowRedirect) return;
    throw new SteamError({
      kind: 'http',
      status,
      operation,
      message: `unexpected redirect (HTTP ${status})`,
    });
  }
  if (req.allowStatuses?.includes(status)) return;
  if (status === 403 && PARENTAL_NOTICE.test(text)) {
    throw new SteamError({ kind: 'family_view', status, operation, message: 'Family View Restricted' });
  }
  if (status === 429)
    throw new SteamError({ kind: 'rate_limited', status, operation, message: 'HTTP error 429' });
  if (status === 401)
    throw new SteamError({ kind: 'session_expired', status, operation, message: 'Not Logged In' });
  if (status >= 400)
    throw new SteamError({ kind: 'http', status, operation, message: `HTTP error ${status}` });
  if (text.includes('g_steamID = false;') && text.includes('<title>Sign In</title>')) {
    throw new SteamError({ kind: 'session_expired', status, operation, message: 'Not Logged In' });
  }
  if (/<h1>Sorry!<\/h1>/.test(text)) {
    const message = text.match(/<h3>(.+?)<\/h3>/)?.[1] ?? 'Unknown error occurred';
    throw new SteamError({
      kind: /could not be found|no group|not found/i.test(message) ? 'not_found' : 'failed',
      status,
      operation,
      message,
    });
  }
}

export function parseJson<T>(operation: string, reply: { status: number; text: string }): T {
  try {
    // Trade offers, inventories and profiles carry 64-bit ids; a few Steam answers write them bare.
    return parseJsonLossless(reply.text) as T;
  } catch (error) {
    throw new SteamError({
      kind: 'malformed',
      status: reply.status,
      operation,
      message: 'Malformed response',
      cause: error,
    });
  }
}

function stringifyForm(params: Record<string, string | number | boolean>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The kinds EResults mean when the call has no more specific reading. */
const DEFAULT_ERESULT_KINDS: Record<number, SteamErrorKind> = {
  [ERESULT.RateLimitExceeded]: 'rate_limited',
  [ERESULT.AccessDenied]: 'access_denied',
  [ERESULT.DuplicateRequest]: 'duplicate_request',
  [ERESULT.LimitExceeded]: 'limit_exceeded',
  [ERESULT.FileNotFound]: 'not_found',
  [ERESULT.NoMatch]: 'not_found',
  [ERESULT.InvalidPassword]: 'invalid_credentials',
  [ERESULT.TwoFactorCodeMismatch]: 'invalid_credentials',
  [ERESULT.Expired]: 'session_expired',
};

/** A SteamError for a failed EResult; `kinds` overrides the default reading for this call. */
export function eresultError(
  operation: string,
  eresult: number,
  message?: string | null,
  kinds: Partial<Record<number, SteamErrorKind>> = {},
): SteamError {
  const kind = kinds[eresult] ?? DEFAULT_ERESULT_KINDS[eresult] ?? 'failed';
  return new SteamError({ kind, eresult, operation, ...(message ? { message } : {}) });
}

/** A session that only carries a proxy (public calls made without logging in). */
export function anonymousSession(proxy: SteamSession['proxy']): SteamSession | null {
  if (!proxy) return null;
  return {
    accountName: '',
    steamId: '0',
    accessToken: '',
    refreshToken: '',
    cookies: [],
    sessionId: '',
    accessTokenExpiresAt: new Date(0).toISOString(),
    refreshTokenExpiresAt: new Date(0).toISOString(),
    proxy,
  };
}
