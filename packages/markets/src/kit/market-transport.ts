import { parseJsonLossless, type MarketCode } from '@toydesk/contract';
import {
  buildUrl,
  TIMEOUTS,
  type HttpClient,
  type HttpMethod,
  type HttpResponse,
  type ProxyConfig,
  type QueryValue,
} from '@toydesk/http';
import type { z } from 'zod';

import { marketRateLimitKey } from '../market-endpoints.ts';
import { checkInSlices } from './check-in-slices.ts';
import { MarketApiError, MarketAuthError, MarketResponseError } from './market-errors.ts';

/** What every marketplace client is built from: where the marketplace is, our key, and the transport. */
export interface MarketClientConfig {
  /** The endpoint's base URL (configuration, or a simulator), without a trailing slash. */
  baseUrl: string;
  http: HttpClient;
  /** The stored credential, in the marketplace's documented form (see each client). */
  credential: string;
  proxy?: ProxyConfig | null;
}

export interface MarketCall {
  method: HttpMethod;
  /** After the base URL, with a leading slash, e.g. `/v1/user`. */
  path: string;
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: [string, string | number][];
  headers?: Record<string, string>;
  /** The call's name after the market code, e.g. `list-items-steam`. */
  name: string;
  /** Spends money (buys, buy orders): the transport never retries it. */
  spends?: boolean;
  /** Accept the body as text (Steam's /market/ page) instead of JSON. */
  text?: boolean;
  /** A public call: sent without the credential (Skinport's price endpoints). */
  anonymous?: boolean;
  /** Non-2xx statuses whose JSON body the caller reads itself (Steam's 406 need_confirmation). */
  acceptStatuses?: number[];
}

/** What the request looks like when the marketplace's auth is added (DMarket signs exactly this). */
export interface PreparedRequest {
  method: HttpMethod;
  url: string;
  /** The path and query below the base URL, as sent: what DMarket's signature covers. */
  apiPathAndQuery: string;
  body: string;
}

export interface MarketAuth {
  /** Query parameters that carry the credential (Waxpeer `api`). */
  query?: Record<string, string>;
  /** Headers that carry it, computed per request (DMarket signs each one). */
  headers?: (request: PreparedRequest) => Record<string, string>;
  /** Credential values to mask in errors and logs wherever they appear in a URL. */
  secrets: string[];
}

/** Reads the marketplace's error body: its code and message. */
export type ErrorReader = (body: unknown, status: number) => { code: string | null; message: string };

/**
 * One marketplace's side of the transport: builds the URL, serialises the body once (so that a signature
 * covers the bytes sent), adds the credential, names the call, applies the marketplace-client timeout and
 * the per-key rate limit, and turns refusals into MarketApiError / MarketAuthError. Spending calls go out
 * with maxRetries 0; everything else follows the transport's retry policy.
 */
export class MarketTransport {
  private readonly rateLimitKey: string;
  private readonly basePath: string;

  constructor(
    readonly market: MarketCode,
    private readonly config: MarketClientConfig,
    private readonly auth: MarketAuth,
    private readonly readError: ErrorReader,
  ) {
    this.rateLimitKey = marketRateLimitKey(market, config.credential);
    this.basePath = new URL(config.baseUrl).pathname.replace(/\/$/, '');
  }

  /** Sends the call and returns the response whatever its status. */
  async send(call: MarketCall): Promise<HttpResponse> {
    const url = buildUrl(`${this.config.baseUrl.replace(/\/$/, '')}${call.path}`, {
      ...call.query,
      ...(call.anonymous ? {} : this.auth.query),
    });
    const parsed = new URL(url);
    const body =
      call.json !== undefined
        ? JSON.stringify(call.json)
        : call.form !== undefined
          ? new URLSearchParams(
              call.form.map(([key, value]): [string, string] => [key, String(value)]),
            ).toString()
          : undefined;
    const prepared: PreparedRequest = {
      method: call.method,
      url,
      apiPathAndQuery: `${parsed.pathname.slice(this.basePath.length)}${parsed.search}`,
      body: body ?? '',
    };
    const headers: Record<string, string> = {
      accept: call.text ? 'text/html,application/json' : 'application/json',
      ...(call.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(call.form !== undefined
        ? { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' }
        : {}),
      ...call.headers,
      ...(call.anonymous ? {} : this.auth.headers?.(prepared)),
    };
    return this.config.http.request({
      method: call.method,
      url,
      headers,
      ...(body !== undefined ? { body } : {}),
      timeoutMs: TIMEOUTS.marketClient,
      rateLimitKey: this.rateLimitKey,
      callName: `${this.market}.${call.name}`,
      proxy: this.config.proxy ?? null,
      redactValues: this.auth.secrets.filter((secret) => secret.length >= 6),
      throwOnStatus: false,
      ...(call.spends ? { maxRetries: 0 } : {}),
    });
  }

  /** Sends the call; a non-2xx answer becomes a MarketApiError, the body is checked against `schema`. */
  async json<S extends z.ZodType>(call: MarketCall, schema: S): Promise<z.infer<S>> {
    const response = await this.send(call);
    const body = await this.parse(call, response);
    // A price list's rows are checked in slices too: one schema pass over them holds the loop longest.
    const result = await checkInSlices(schema, body);
    if (!result.success) {
      throw new MarketResponseError({
        market: this.market,
        call: `${this.market}.${call.name}`,
        status: response.status,
        code: 'unexpected_response',
        message: `unexpected response shape: ${result.issues[0]?.path.join('.') ?? ''} ${result.issues[0]?.message ?? ''}`,
        bodyText: response.text,
      });
    }
    return result.data;
  }

  /** Sends the call and returns the text of a 2xx answer (HTML pages). */
  async text(call: MarketCall): Promise<string> {
    const response = await this.send({ ...call, text: true });
    if (response.status < 200 || response.status >= 300) this.refuse(call, response, safeJson(response.text));
    return response.text;
  }

  /** A refusal inside a 2xx envelope (Waxpeer `success:false`, Steam `success` ≠ 1). */
  refusal(call: MarketCall, status: number, body: unknown, auth = false): MarketApiError {
    const { code, message } = this.readError(body, status);
    const init = {
      market: this.market,
      call: `${this.market}.${call.name}`,
      status,
      code,
      message,
      bodyText: JSON.stringify(body),
    };
    return auth ? new MarketAuthError(init) : new MarketApiError(init);
  }

  /** Price lists run to 20 MB: parsed in slices, so the loop keeps serving while they are read. */
  private async parse(call: MarketCall, response: HttpResponse): Promise<unknown> {
    if (response.status >= 200 && response.status < 300) return response.jsonAsync();
    if (call.acceptStatuses?.includes(response.status)) return response.jsonAsync();
    this.refuse(call, response, safeJson(response.text));
  }

  private refuse(call: MarketCall, response: HttpResponse, body: unknown): never {
    const { code, message } = this.readError(body, response.status);
    const init = {
      market: this.market,
      call: `${this.market}.${call.name}`,
      status: response.status,
      code,
      message,
      bodyText: response.text,
    };
    if (response.status === 401 || response.status === 403) throw new MarketAuthError(init);
    throw new MarketApiError(init);
  }
}

function safeJson(text: string): unknown {
  try {
    return parseJsonLossless(text);
  } catch {
    return text.slice(0, 200);
  }
}
