/**
 * The EResult values the gateways and the simulator use (Steam's `EResult` enum, as in steam-session's
 * `EResult` and steamcommunity's `resources/EResult.js`). Kept local so the core does not load a Steam library.
 */
export const ERESULT = {
  OK: 1,
  Fail: 2,
  InvalidPassword: 5,
  InvalidParam: 8,
  FileNotFound: 9,
  Busy: 10,
  AccessDenied: 15,
  Timeout: 16,
  ServiceUnavailable: 20,
  Pending: 22,
  LimitExceeded: 25,
  Revoked: 26,
  Expired: 27,
  DuplicateRequest: 29,
  NoMatch: 42,
  AccountLogonDenied: 63,
  InvalidLoginAuthCode: 65,
  RateLimitExceeded: 84,
  TwoFactorCodeMismatch: 88,
  TwoFactorActivationCodeMismatch: 89,
} as const;

export type EResultName = keyof typeof ERESULT;

const NAMES = new Map<number, string>(Object.entries(ERESULT).map(([name, value]) => [value, name]));

/** `RateLimitExceeded` for 84; `EResult 123` for a value this table does not name. */
export function eresultName(value: number): string {
  return NAMES.get(value) ?? `EResult ${value}`;
}
