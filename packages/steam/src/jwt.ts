/** Reading Steam's JWT access and refresh tokens (never verifying them: that is Steam's business). */

import { parseJsonLossless } from '@toydesk/contract';

export interface SteamJwtPayload {
  iss?: string;
  sub?: string;
  aud?: string[];
  exp?: number;
  iat?: number;
  jti?: string;
}

export function decodeJwtPayload(token: string): SteamJwtPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const json = Buffer.from(parts[1].replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
    // `sub` is the account's SteamID64: kept exact even if a token ever wrote it bare.
    const value: unknown = parseJsonLossless(json);
    return value !== null && typeof value === 'object' ? (value as SteamJwtPayload) : null;
  } catch {
    return null;
  }
}

/** The token's expiry as an ISO string; `fallbackMs` from now when the token carries none. */
export function jwtExpiry(token: string, fallbackMs: number, now = Date.now()): string {
  const exp = decodeJwtPayload(token)?.exp;
  return new Date(typeof exp === 'number' ? exp * 1000 : now + fallbackMs).toISOString();
}
