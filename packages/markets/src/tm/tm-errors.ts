import { HttpNetworkError, HttpParseError, HttpStatusError, HttpTimeoutError } from '@toydesk/http';

/**
 * The error tree of the tm client (stripe-node's `Error.ts` in small):
 *
 * - `TmError`: tm answered and said no. `code` is tm's own string, verbatim (`bad_item`,
 *   `wrong_payment_password`, `item_not_recieved` with tm's spelling, `too early for ping`, `1004` for
 *   change-currency's numeric codes), `status` the HTTP status it came with.
 * - `TmBadKeyError`: the key is wrong, deleted or missing (`Bad KEY`).
 * - `TmResponseError`: the answer is JSON but not the shape the call expects.
 * - `TmUnconfirmedError`: a call that spends money failed twice and tm could not say whether it happened.
 *
 * Failures without a tm answer stay the transport's own errors (`HttpTimeoutError`, `HttpNetworkError`,
 * `HttpStatusError` for a 5xx or an nginx page, `HttpParseError` for HTML in a 200): they are what a
 * caller retries or reports as "tm is down". No message or field holds an API key or a pay password.
 */

export interface TmErrorInit {
  /** tm's own error string (`error`, else `message`); numeric codes as their decimal text. */
  code: string;
  /** The HTTP status of the answer; null when the client refused before sending (no key). */
  status: number | null;
  /** The call, e.g. `tm.add-to-sale`. */
  call: string;
  /** The redacted request URL, when a request was sent. */
  url?: string | null;
  /** The answer body as parsed (tm's error answers are small and never echo the key). */
  body?: unknown;
  cause?: unknown;
}

/** tm answered and refused: `code` is its own error or message string. */
export class TmError extends Error {
  readonly code: string;
  readonly status: number | null;
  readonly call: string;
  readonly url: string | null;
  readonly body: unknown;

  constructor(init: TmErrorInit, message = `${init.call}: ${init.code}`) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.code = init.code;
    this.status = init.status;
    this.call = init.call;
    this.url = init.url ?? null;
    this.body = init.body;
  }
}

/** `{"success":false,"error":"Bad KEY"}`: the key is wrong, deleted (rate-limit abuse) or was not given. */
export class TmBadKeyError extends TmError {}

/** The answer parsed as JSON but does not have the fields the call needs; `issues` says which. */
export class TmResponseError extends TmError {
  readonly issues: string[];

  constructor(init: Omit<TmErrorInit, 'code'> & { issues: string[] }) {
    super(
      { ...init, code: 'unexpected_response' },
      `${init.call}: unexpected answer (${init.issues.slice(0, 3).join('; ')})`,
    );
    this.issues = init.issues;
  }
}

/**
 * A call that spends money (buy, money-send, set-order, ProcessOrder) failed without a clear answer, and
 * neither the check afterwards nor one more try settled whether it happened. Look it up later by
 * `customId` (buy, money-send) or in get-orders before doing anything else.
 */
export class TmUnconfirmedError extends Error {
  readonly call: string;
  readonly customId: string | null;

  constructor(call: string, customId: string | null, detail: string, cause: unknown) {
    super(
      `${call}: the outcome is unknown (${detail})${customId === null ? '' : `; custom_id ${customId}`}`,
      { cause },
    );
    this.name = 'TmUnconfirmedError';
    this.call = call;
    this.customId = customId;
  }
}

/**
 * Whether a failed call may still have had its effect at tm: no answer (timeout, dropped connection), a
 * server failure (5xx, 408, an nginx page), or an answer we could not read. A tm refusal (`TmError` below
 * 500) or a request that never left (no rate-limit token, no key) is a clear "did not happen".
 */
export function isTmUncertainFailure(error: unknown): boolean {
  if (error instanceof HttpTimeoutError || error instanceof HttpNetworkError) return true;
  if (error instanceof HttpParseError || error instanceof TmResponseError) return true;
  if (error instanceof HttpStatusError)
    return error.status === null || error.status >= 500 || error.status === 408;
  if (error instanceof TmError) return error.status !== null && (error.status >= 500 || error.status === 408);
  return false;
}

/** A one-line description of a failure for results and logs (messages are already redacted). */
export function describeFailure(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
