import { formatFetchFailure } from '@toydesk/contract';

/**
 * What went wrong, for a caller that maps failures to the error catalogue (spec section 8): a response
 * arrived with a bad status, or none arrived (`ERR_NETWORK` is the catalogue's own code), or it could not be
 * parsed, or no rate-limit token came in time.
 */
export type HttpErrorCode = 'ERR_STATUS' | 'ERR_TIMEOUT' | 'ERR_NETWORK' | 'ERR_PARSE' | 'ERR_RATE_LIMITED';

export interface HttpErrorInit {
  code: HttpErrorCode;
  call: string | null;
  method: string;
  /** Already redacted. */
  url: string;
  status: number | null;
  statusText: string;
  bodyText?: string;
  headers?: Headers | null;
  attempts: number;
  cause?: unknown;
}

/** The most of a response body an error keeps (bodies are never put into messages or logs). */
export const ERROR_BODY_LIMIT = 2000;

/** `[METHOD] url: status statusText`, or `[METHOD] url: ERR_TIMEOUT timed out after 500 ms` without a status. */
export function formatHttpFailure(
  init: Pick<HttpErrorInit, 'method' | 'url' | 'status' | 'statusText' | 'code'>,
): string {
  return init.status === null
    ? `[${init.method}] ${init.url}: ${init.code} ${init.statusText}`
    : formatFetchFailure(init.method, init.url, init.status, init.statusText);
}

/**
 * The base of every transport error. The message is the spec's fetch failure, `[METHOD] url: status
 * statusText`, with the URL redacted; when no response arrived, the code stands where the status would.
 */
export class HttpError extends Error {
  readonly code: HttpErrorCode;
  readonly call: string | null;
  readonly method: string;
  readonly url: string;
  readonly status: number | null;
  readonly statusText: string;
  /** The start of the response body (at most 2000 characters), '' when none arrived. */
  readonly bodyText: string;
  readonly headers: Headers | null;
  readonly attempts: number;

  constructor(init: HttpErrorInit, message: string = formatHttpFailure(init)) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.code = init.code;
    this.call = init.call;
    this.method = init.method;
    this.url = init.url;
    this.status = init.status;
    this.statusText = init.statusText;
    this.bodyText = (init.bodyText ?? '').slice(0, ERROR_BODY_LIMIT);
    this.headers = init.headers ?? null;
    this.attempts = init.attempts;
  }
}

/** A non-2xx answer that was not retried, or still bad after the last retry. */
export class HttpStatusError extends HttpError {}

/** The attempt took longer than its timeout (connect, headers and body together). */
export class HttpTimeoutError extends HttpError {}

/** The connection was refused, reset or dropped (also in the middle of the body); `cause` says how. */
export class HttpNetworkError extends HttpError {}

/** The body is not what the caller expected (e.g. an nginx HTML page instead of JSON). */
export class HttpParseError extends HttpError {
  constructor(init: HttpErrorInit, reason: string) {
    super(init, `${formatHttpFailure(init)} (${reason})`);
  }
}

/** The rate limiter could not hand out a token within the client's wait budget. */
export class RateLimitedError extends HttpError {}
