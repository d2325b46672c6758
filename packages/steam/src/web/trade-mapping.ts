import { ERESULT } from '../eresult.ts';
import { SteamError, type SteamErrorKind } from '../steam-error.ts';
import type { ConfirmationTypeName, MobileConfirmation } from '../steam-gateway.ts';

/**
 * What a trade-offer failure means, from steam-tradeoffer-manager's reading of `strError` (its `cause`:
 * OfferLimitExceeded, TradeBan, NewDevice, TargetCannotTrade, ItemServerUnavailable) and the trailing
 * "(<eresult>)". Shared by both gateways.
 */
export function tradeErrorKind(
  message: string,
  eresult: number | null,
  cause?: string | null,
): SteamErrorKind {
  if (
    cause === 'OfferLimitExceeded' ||
    /sent too many trade offers/i.test(message) ||
    eresult === ERESULT.LimitExceeded
  )
    return 'offer_limit';
  if (
    cause === 'TradeBan' ||
    cause === 'NewDevice' ||
    cause === 'TargetCannotTrade' ||
    /trade hold|Tradable After|not tradable|new device|trade ban|not available to trade/i.test(message)
  ) {
    return 'trade_hold';
  }
  if (eresult === ERESULT.Revoked || eresult === ERESULT.NoMatch || /no matching offer/i.test(message))
    return 'not_found';
  if (eresult === ERESULT.AccessDenied) return 'access_denied';
  if (eresult === ERESULT.RateLimitExceeded) return 'rate_limited';
  if (/not logged in/i.test(message)) return 'session_expired';
  return 'failed';
}

export function tradeError(
  operation: string,
  message: string,
  eresult: number | null,
  cause?: string | null,
  error?: unknown,
): SteamError {
  return new SteamError({
    kind: tradeErrorKind(message, eresult, cause),
    eresult,
    operation,
    message,
    ...(error ? { cause: error } : {}),
  });
}

/** "... Please try again later. (26)" → 26. */
export function eresultFromStrError(text: string): number | null {
  const match = text.match(/\((\d+)\)\s*$/);
  return match?.[1] ? Number(match[1]) : null;
}

const TYPE_NAMES: Record<number, ConfirmationTypeName> = {
  2: 'trade',
  3: 'market_listing',
  9: 'api_key',
  12: 'market_purchase',
};

export function confirmationTypeName(type: number): ConfirmationTypeName {
  return TYPE_NAMES[type] ?? 'other';
}

export function confirmation(input: {
  id: string | number;
  nonce: string | number;
  creator: string | number;
  type: number;
  title: string;
  summary: string[];
  createdAt: Date | number;
}): MobileConfirmation {
  return {
    id: String(input.id),
    nonce: String(input.nonce),
    objectId: String(input.creator),
    type: input.type,
    typeName: confirmationTypeName(input.type),
    title: input.title,
    summary: input.summary,
    createdAt: new Date(input.createdAt).toISOString(),
  };
}
