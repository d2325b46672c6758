import type { MarketCode } from '@toydesk/contract';

/**
 * What a marketplace client throws besides the transport's HttpError family (timeouts, network failures,
 * unreadable bodies) and UnsupportedCapabilityError.
 */

export interface MarketApiErrorInit {
  market: MarketCode;
  /** The call, e.g. `waxpeer.list-items-steam`. */
  call: string;
  /** The HTTP status (200 for an error inside a success envelope). */
  status: number;
  /** The marketplace's own error code or string, when it gives one. */
  code: string | null;
  message: string;
  /** The start of the body, for logs (never contains our credentials: we do not send them in bodies). */
  bodyText?: string;
  /** The marketplace says it does not know whether the request took effect (Steam's code 8). */
  uncertain?: boolean;
}

/** The marketplace answered and refused (an error status or an error envelope). */
export class MarketApiError extends Error {
  readonly market: MarketCode;
  readonly call: string;
  readonly status: number;
  readonly code: string | null;
  /** The marketplace's own message, without the call and status. */
  readonly reason: string;
  readonly bodyText: string;
  readonly uncertain: boolean;

  constructor(init: MarketApiErrorInit) {
    super(`${init.call}: ${init.status} ${init.message}`);
    this.name = new.target.name;
    this.reason = init.message;
    this.uncertain = init.uncertain ?? false;
    this.market = init.market;
    this.call = init.call;
    this.status = init.status;
    this.code = init.code;
    this.bodyText = (init.bodyText ?? '').slice(0, 2000);
  }
}

/** The credentials were refused (missing, wrong, expired session, bad signature). */
export class MarketAuthError extends MarketApiError {}

/**
 * A call that spends money failed in a way that does not tell whether it took effect (connection dropped,
 * timeout, 5xx), and the check of the marketplace's state could not settle it. Do not repeat the call
 * before someone (or something) has looked at the account.
 */
export class SpendOutcomeUnknownError extends Error {
  constructor(
    readonly market: MarketCode,
    readonly call: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${call}: ${message}`, options);
    this.name = 'SpendOutcomeUnknownError';
  }
}

/** A body that is JSON but not the shape the client expects. */
export class MarketResponseError extends MarketApiError {}
