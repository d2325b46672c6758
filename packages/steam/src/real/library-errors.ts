import { ERESULT } from '../eresult.ts';
import { SteamError, type SteamErrorKind } from '../steam-error.ts';
import { tradeErrorKind } from '../web/trade-mapping.ts';

/**
 * DoctorMcKay's errors → SteamError. The libraries report failures as an Error whose message is the signal
 * (steamcommunity components/http.js: "Not Logged In", "Family View Restricted", "HTTP error <code>" with
 * err.code, a "Sorry!" page's <h3>, "Malformed response"), with `eresult` for EResult failures (enableTwoFactor:
 * status 2 / 29; steam-session: eresultError), with `cause` for trade offers (OfferLimitExceeded, TradeBan, ...),
 * and parentalUnlock even calls back with plain strings.
 */
export type LibraryContext =
  | 'login'
  | 'refresh'
  | 'twofactor-add'
  | 'twofactor-finalize'
  | 'offer'
  | 'apikey'
  | 'confirmation'
  | 'gems'
  | 'inventory'
  | 'profile'
  | 'general';

const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ECONNABORTED',
]);

export function libraryError(
  operation: string,
  error: unknown,
  context: LibraryContext = 'general',
): SteamError {
  if (error instanceof SteamError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const fields = (error ?? {}) as { eresult?: unknown; code?: unknown; cause?: unknown };
  const eresultValue = Number(fields.eresult);
  const eresult = Number.isInteger(eresultValue) && eresultValue > 0 ? eresultValue : null;
  const cause = typeof fields.cause === 'string' ? fields.cause : null;
  const make = (kind: SteamErrorKind, status: number | null = null) =>
    new SteamError({ kind, eresult, status, operation, message, cause: error });

  if (
    /Not Logged In|No mobile access token|Provided token is expired|Log on to steamcommunity/i.test(message)
  )
    return make('session_expired');
  if (message === 'Family View Restricted') return make('family_view', 403);
  const http = message.match(/^HTTP error (\d{3})/);
  if (http) {
    const status = Number(http[1]);
    if (status === 429) return make('rate_limited', status);
    if (status === 401) return make('session_expired', status);
    if (context === 'inventory' && status === 403) return make('access_denied', status);
    return make('http', status);
  }
  if (typeof fields.code === 'string' && NETWORK_CODES.has(fields.code)) return make('http');
  if (
    eresult === ERESULT.RateLimitExceeded ||
    /RateLimitExceeded|Too many invalid PIN attempts/.test(message)
  )
    return make('rate_limited');

  switch (context) {
    case 'login':
      if (
        eresult === ERESULT.InvalidPassword ||
        eresult === ERESULT.TwoFactorCodeMismatch ||
        eresult === ERESULT.InvalidLoginAuthCode
      ) {
        return make('invalid_credentials');
      }
      if (eresult === ERESULT.AccountLogonDenied) return make('needs_guard_code');
      break;
    case 'refresh':
      if (
        eresult === ERESULT.AccessDenied ||
        eresult === ERESULT.Expired ||
        eresult === ERESULT.Revoked ||
        /refresh token/i.test(message)
      ) {
        return make('session_expired');
      }
      break;
    case 'twofactor-add':
      if (eresult === ERESULT.Fail) return make('needs_phone');
      if (eresult === ERESULT.DuplicateRequest) return make('already_has_authenticator');
      break;
    case 'twofactor-finalize':
      if (message === 'Invalid activation code') return make('invalid_activation_code');
      break;
    case 'offer':
      if (!/Malformed|Data temporarily unavailable|Unknown response/i.test(message)) {
        return make(tradeErrorKind(message, eresult, cause));
      }
      break;
    case 'apikey':
    case 'inventory':
      if (
        /Access Denied|validated email|Mobile Authenticator required|This profile is private/i.test(message)
      )
        return make('access_denied');
      break;
    case 'profile':
      if (/already in use/i.test(message)) return make('duplicate_request');
      break;
    case 'confirmation':
      if (/Could not find confirmation/i.test(message)) return make('not_found');
      break;
    case 'gems':
      if (eresult === ERESULT.InvalidParam) return make('not_found');
      break;
    default:
      break;
  }
  if (
    /Malformed|Data temporarily unavailable|Unknown response|Invalid response|Cannot load new trade data/i.test(
      message,
    )
  )
    return make('malformed');
  if (/Access Denied/.test(message)) return make('access_denied');
  if (/Incorrect PIN/.test(message)) return make('access_denied');
  if (/No matching offer found|could not be found|No group could be retrieved/i.test(message))
    return make('not_found');
  if (eresult !== null) {
    const byEresult: Partial<Record<number, SteamErrorKind>> = {
      [ERESULT.AccessDenied]: 'access_denied',
      [ERESULT.DuplicateRequest]: 'duplicate_request',
      [ERESULT.LimitExceeded]: 'limit_exceeded',
      [ERESULT.NoMatch]: 'not_found',
      [ERESULT.FileNotFound]: 'not_found',
    };
    return make(byEresult[eresult] ?? 'failed');
  }
  return make('failed');
}
