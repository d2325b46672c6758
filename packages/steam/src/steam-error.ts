import { eresultName } from './eresult.ts';

/**
 * What went wrong, in the terms a bot service acts on. The first thirteen are the cases the services handle
 * one by one; the rest name the other outcomes Steam reports so that nothing is lumped into `http`.
 *
 * - rate_limited: HTTP 429 or EResult 84 (RateLimitExceeded): back off.
 * - session_expired: the cookies or the access token are dead (302 to /login, "Not Logged In", 401, an expired
 *   refresh token): refresh the session or log in again.
 * - family_view: 403 "Family View Restricted": call `parentalUnlock` with the PIN.
 * - access_denied: EResult 15 or "Access Denied" (limited account, missing validated email, no authenticator).
 * - needs_phone: AddAuthenticator status 2 (no phone on the account).
 * - already_has_authenticator: AddAuthenticator status 29.
 * - bad_sms_code: the phone verification code was wrong.
 * - invalid_activation_code: FinalizeAddAuthenticator status 89.
 * - trade_hold: items or the account cannot trade now (item hold, new device, trade ban, escrow refusal).
 * - not_marketable: the item cannot be listed on the Community Market.
 * - offer_limit: too many sent or outstanding trade offers (EResult 25 on sending).
 * - malformed: Steam answered something unreadable.
 * - http: any other non-2xx status, or no answer at all (refused, reset, dropped, timed out).
 * - invalid_credentials: wrong password (5) or wrong Steam Guard code (88, 65 at login).
 * - needs_guard_code: the login needs an emailed Steam Guard code that was not given.
 * - invalid_phone: SetAccountPhoneNumber refused the number (VoIP and other refused numbers).
 * - duplicate_request: EResult 29 outside 2FA (e.g. a buy order for that item already exists).
 * - limit_exceeded: EResult 25 outside trade offers (too many or too large buy orders).
 * - not_found: the offer, listing, buy order, group or item does not exist.
 * - failed: Steam refused with an EResult or message that none of the above names.
 */
export const STEAM_ERROR_KINDS = [
  'rate_limited',
  'session_expired',
  'family_view',
  'access_denied',
  'needs_phone',
  'already_has_authenticator',
  'bad_sms_code',
  'invalid_activation_code',
  'trade_hold',
  'not_marketable',
  'offer_limit',
  'malformed',
  'http',
  'invalid_credentials',
  'needs_guard_code',
  'invalid_phone',
  'duplicate_request',
  'limit_exceeded',
  'not_found',
  'failed',
] as const;
export type SteamErrorKind = (typeof STEAM_ERROR_KINDS)[number];

export interface SteamErrorInit {
  kind: SteamErrorKind;
  message?: string;
  eresult?: number | null;
  /** The HTTP status when one arrived. */
  status?: number | null;
  /** The gateway operation, e.g. 'createBuyOrder'. */
  operation?: string | null;
  cause?: unknown;
}

/** The one error type every gateway method throws. Never carries secrets, cookies or tokens. */
export class SteamError extends Error {
  readonly kind: SteamErrorKind;
  readonly eresult: number | null;
  readonly status: number | null;
  readonly operation: string | null;

  constructor(init: SteamErrorInit) {
    const eresult = init.eresult ?? null;
    const base = init.message ?? (eresult !== null ? eresultName(eresult) : init.kind);
    super(
      init.operation ? `${init.operation}: ${base}` : base,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.name = 'SteamError';
    this.kind = init.kind;
    this.eresult = eresult;
    this.status = init.status ?? null;
    this.operation = init.operation ?? null;
  }

  /** Worth trying again later without changing anything (after a back-off for rate_limited). */
  get retryable(): boolean {
    return (
      this.kind === 'rate_limited' || (this.kind === 'http' && (this.status === null || this.status >= 500))
    );
  }
}

export function isSteamError(error: unknown, kind?: SteamErrorKind): error is SteamError {
  return error instanceof SteamError && (kind === undefined || error.kind === kind);
}
