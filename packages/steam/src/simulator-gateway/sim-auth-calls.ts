import { ERESULT } from '../eresult.ts';
import { SteamError } from '../steam-error.ts';
import type { SteamCredentials, SteamSession } from '../steam-gateway.ts';
import { steamGuardCodeAt } from '../totp.ts';
import { anonymousSession, eresultError, parseJson, type SteamWebClient } from '../web/steam-web-client.ts';

/** ITwoFactorService/QueryTime: Steam's (here: the simulator's) time in unix seconds. */
export async function queryServerTime(
  web: SteamWebClient,
  proxy: SteamSession['proxy'] = null,
): Promise<number> {
  const reply = await web.webApi<{ server_time?: string | number }>('queryTime', anonymousSession(proxy), {
    path: 'ITwoFactorService/QueryTime/v1',
    accessToken: null,
  });
  const time = Number(reply.response.server_time);
  if (!Number.isFinite(time) || time <= 0)
    throw new SteamError({ kind: 'malformed', operation: 'queryTime', message: 'no server_time' });
  return time;
}

interface LoginReply {
  success?: boolean;
  eresult?: number;
  message?: string;
  guard?: string;
  steamid?: string;
  account_name?: string;
  access_token?: string;
  refresh_token?: string;
}

/**
 * The simulator's one-call credentials login (see the simulator's login route): password plus a Steam Guard
 * code generated from shared_secret at the server's time, or the emailed code.
 */
export async function simulatorLogin(
  web: SteamWebClient,
  loginUrl: string,
  credentials: SteamCredentials,
): Promise<{ steamId: string; accountName: string; accessToken: string; refreshToken: string }> {
  const operation = 'login';
  const proxySession = anonymousSession(credentials.proxy ?? null);
  const code = credentials.sharedSecret
    ? steamGuardCodeAt(credentials.sharedSecret, await queryServerTime(web, credentials.proxy ?? null))
    : null;
  const res = await web.send(operation, proxySession, {
    method: 'POST',
    url: `${loginUrl.replace(/\/+$/, '')}/credentials`,
    form: {
      account_name: credentials.accountName,
      password: credentials.password,
      ...(code ? { two_factor_code: code } : {}),
      ...(credentials.guardCode ? { email_code: credentials.guardCode } : {}),
    },
    maxRetries: 0,
  });
  if (res.status === 429) throw new SteamError({ kind: 'rate_limited', status: 429, operation });
  if (res.status >= 300)
    throw new SteamError({
      kind: 'http',
      status: res.status,
      operation,
      message: `HTTP error ${res.status}`,
    });
  const body = parseJson<LoginReply>(operation, res);
  if (body.success !== true || !body.steamid || !body.access_token || !body.refresh_token) {
    const eresult = Number(body.eresult ?? ERESULT.Fail);
    if (eresult === ERESULT.AccountLogonDenied) {
      throw new SteamError({
        kind: 'needs_guard_code',
        eresult,
        operation,
        message: body.message ?? 'a Steam Guard code is required',
      });
    }
    throw eresultError(operation, eresult, body.message ?? null, {
      [ERESULT.InvalidLoginAuthCode]: 'invalid_credentials',
    });
  }
  return {
    steamId: body.steamid,
    accountName: body.account_name ?? credentials.accountName,
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
  };
}

/** IAuthenticationService/GenerateAccessTokenForApp (renewal_type 1 also renews the refresh token). */
export async function simulatorRefresh(
  web: SteamWebClient,
  session: SteamSession,
  renew: boolean,
): Promise<{ accessToken: string; refreshToken: string | null }> {
  const operation = 'refreshSession';
  const reply = await web.webApi<{ access_token?: string; refresh_token?: string }>(operation, session, {
    path: 'IAuthenticationService/GenerateAccessTokenForApp/v1',
    accessToken: null,
    params: { refresh_token: session.refreshToken, steamid: session.steamId, renewal_type: renew ? 1 : 0 },
  });
  if (reply.eresult !== ERESULT.OK || !reply.response.access_token) {
    throw eresultError(operation, reply.eresult, reply.message ?? 'the refresh token was refused', {
      [ERESULT.AccessDenied]: 'session_expired',
      [ERESULT.Expired]: 'session_expired',
      [ERESULT.Revoked]: 'session_expired',
    });
  }
  return { accessToken: reply.response.access_token, refreshToken: reply.response.refresh_token ?? null };
}
