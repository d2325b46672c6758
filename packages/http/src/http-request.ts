/** What a caller hands to `HttpClient.request` and what it gets back. */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A query value; null and undefined are left out, an array becomes repeated keys (`id=1&id=2`). */
export type QueryValue = string | number | boolean | null | undefined | (string | number)[];

export interface ProxyConfig {
  protocol: 'http' | 'https' | 'socks5';
  host: string;
  port: number;
  username?: string | null;
  password?: string | null;
}

export interface HttpRequest {
  method: HttpMethod;
  /** Absolute URL; `query` is appended to any query it already has. */
  url: string;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** A JSON body (`content-type: application/json` unless a header says otherwise). */
  json?: unknown;
  /** An `application/x-www-form-urlencoded` body; ordered pairs keep their order (`list[123]=4500`). */
  form?: Record<string, string | number> | [string, string | number][];
  /** A raw body, sent as is. At most one of json, form and body. */
  body?: string | Uint8Array;
  /** Per attempt (connect, headers and body); null = no timeout; undefined = the client's default. */
  timeoutMs?: number | null;
  /**
   * Says that sending this request twice does no harm (the marketplace deduplicates it, e.g. tm's
   * custom_id), so a request with a body may be retried like one without. The transport does not send
   * it anywhere: the caller puts the key where its marketplace expects it.
   */
  idempotencyKey?: string;
  /** Overrides the retry policy; 0 for anything that spends money, whatever its method. */
  maxRetries?: number;
  /** A token is taken from the client's rate limiter under this key before each attempt (retries too). */
  rateLimitKey?: string;
  proxy?: ProxyConfig | null;
  /** A name for the call, e.g. 'tm.add-to-sale', kept on errors and in logs. */
  callName?: string;
  /** More query keys whose values are masked in errors and logs (the defaults of `redactUrl` always are). */
  redactQueryKeys?: string[];
  /** Secret values masked wherever they appear in the URL in errors and logs (e.g. a key in the path). */
  redactValues?: string[];
  /** Default true: a non-2xx answer (after retries) throws HttpStatusError. False: it is returned. */
  throwOnStatus?: boolean;
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  statusText: string;
  headers: Headers;
  /** The whole body as text. */
  text: string;
  /** The requested URL, redacted (responses get logged). */
  url: string;
  /** How many attempts it took (1 = no retry). */
  attempts: number;
  /** The body parsed as JSON; throws HttpParseError (keeping the first 200 characters) when it is not. */
  json<T = unknown>(): T;
  /**
   * The same value, or the same HttpParseError, as json(); a large body (from SLICED_JSON_MIN_CHARS on) is
   * parsed in slices that give the event loop a turn every few milliseconds. For answers that can be big
   * (price lists): one JSON.parse of 20 MB holds the loop for 170 ms or more.
   */
  jsonAsync<T = unknown>(): Promise<T>;
}
