import { randomBytes } from 'node:crypto';

import type { ProxyConfig } from '@toydesk/http';

import { cookieValue, mergeCookies } from './cookies.ts';
import { jwtExpiry } from './jwt.ts';
import type { SteamSession } from './steam-gateway.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A session from a MobileApp-platform login: the access token is the steamLoginSecure cookie value
 * (`<steamid>||<token>`, what steam-session's getWebCookies builds for MobileApp) and sessionid is random.
 * Expiries come from the tokens' `exp` (24 h and about 200 days when absent).
 */
export function buildSession(input: {
  accountName: string;
  steamId: string;
  accessToken: string;
  refreshToken: string;
  proxy?: ProxyConfig | null;
  cookies?: string[];
  now?: number;
}): SteamSession {
  const now = input.now ?? Date.now();
  const base = [
    `steamLoginSecure=${encodeURIComponent(`${input.steamId}||${input.accessToken}`)}`,
    `sessionid=${randomBytes(12).toString('hex')}`,
  ];
  // Cookies given (from the library's getWebCookies) win over the ones built here.
  const cookies = mergeCookies(base, input.cookies ?? []);
  return {
    accountName: input.accountName,
    steamId: input.steamId,
    accessToken: input.accessToken,
    refreshToken: input.refreshToken,
    cookies,
    sessionId: cookieValue(cookies, 'sessionid') ?? '',
    accessTokenExpiresAt: jwtExpiry(input.accessToken, DAY_MS, now),
    refreshTokenExpiresAt: jwtExpiry(input.refreshToken, 200 * DAY_MS, now),
    proxy: input.proxy ?? null,
  };
}

/** The same session with a new access token (and refresh token), keeping sessionid and the other cookies. */
export function withTokens(
  session: SteamSession,
  accessToken: string,
  refreshToken?: string | null,
): SteamSession {
  const cookies = mergeCookies(session.cookies, [
    `steamLoginSecure=${encodeURIComponent(`${session.steamId}||${accessToken}`)}`,
  ]);
  return {
    ...session,
    accessToken,
    refreshToken: refreshToken || session.refreshToken,
    cookies,
    accessTokenExpiresAt: jwtExpiry(accessToken, DAY_MS),
    refreshTokenExpiresAt: refreshToken
      ? jwtExpiry(refreshToken, 200 * DAY_MS)
      : session.refreshTokenExpiresAt,
  };
}

export function refreshTokenAlive(session: SteamSession, now = Date.now()): boolean {
  return Boolean(session.refreshToken) && Date.parse(session.refreshTokenExpiresAt) > now;
}

/**
 * A session from a stored cookie string, "sessionid=…; steamLoginSecure=…" (other cookies kept): what a Steam
 * market account's credential holds. No refresh token, so it cannot be renewed: when Steam answers "Not
 * Logged In" the operator stores new cookies. The access token is the part of steamLoginSecure after `||`.
 */
export function cookieSession(credential: string, proxy: ProxyConfig | null = null): SteamSession {
  const cookies = mergeCookies([], credential.split(';'));
  const sessionId = cookieValue(cookies, 'sessionid');
  const loginSecure = cookieValue(cookies, 'steamLoginSecure');
  if (!sessionId || !loginSecure) {
    throw new RangeError('a Steam credential is a cookie string with sessionid and steamLoginSecure');
  }
  const decoded = decodeURIComponent(loginSecure);
  const accessToken = decoded.split('||')[1] ?? '';
  return {
    accountName: '',
    // The steamid64 at the start of steamLoginSecure.
    steamId: /^(\d{17})/.exec(decoded)?.[1] ?? '',
    accessToken,
    refreshToken: '',
    cookies,
    sessionId,
    accessTokenExpiresAt: jwtExpiry(accessToken, DAY_MS),
    refreshTokenExpiresAt: new Date(0).toISOString(),
    proxy,
  };
}
