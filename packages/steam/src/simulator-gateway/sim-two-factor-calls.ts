import { ERESULT } from '../eresult.ts';
import { SteamError } from '../steam-error.ts';
import type { SteamSession, TwoFactorSecrets } from '../steam-gateway.ts';
import { deviceIdFor, steamGuardCodeAt } from '../totp.ts';
import type { SteamWebClient } from '../web/steam-web-client.ts';
import { queryServerTime } from './sim-auth-calls.ts';

/** steamcommunity's enableTwoFactor / finalizeTwoFactor as raw WebAPI calls (components/twofactor.js). */

interface AddReply {
  status?: number;
  shared_secret?: string;
  identity_secret?: string;
  revocation_code?: string;
  serial_number?: string;
  uri?: string;
  account_name?: string;
  token_gid?: string;
  secret_1?: string;
  server_time?: string;
  phone_number_hint?: string;
}

export function twoFactorStatusError(operation: string, status: number): SteamError {
  if (status === ERESULT.Fail)
    return new SteamError({
      kind: 'needs_phone',
      eresult: status,
      operation,
      message: 'Error 2: the account has no phone number',
    });
  if (status === ERESULT.DuplicateRequest) {
    return new SteamError({
      kind: 'already_has_authenticator',
      eresult: status,
      operation,
      message: 'Error 29: the account already has an authenticator',
    });
  }
  if (status === ERESULT.RateLimitExceeded)
    return new SteamError({ kind: 'rate_limited', eresult: status, operation });
  return new SteamError({ kind: 'failed', eresult: status, operation, message: `Error ${status}` });
}

export async function addAuthenticator(
  web: SteamWebClient,
  session: SteamSession,
): Promise<TwoFactorSecrets> {
  const operation = 'enableTwoFactorStep1';
  const reply = await web.webApi<AddReply>(operation, session, {
    path: 'ITwoFactorService/AddAuthenticator/v1',
    params: {
      steamid: session.steamId,
      authenticator_type: 1,
      device_identifier: deviceIdFor(session.steamId),
      sms_phone_id: '1',
      version: 2,
    },
  });
  const body = reply.response;
  if (body.status === undefined)
    throw new SteamError({ kind: 'malformed', operation, message: 'Malformed response' });
  if (body.status !== ERESULT.OK) throw twoFactorStatusError(operation, body.status);
  if (!body.shared_secret || !body.identity_secret || !body.revocation_code)
    throw new SteamError({ kind: 'malformed', operation, message: 'secrets missing' });
  return {
    sharedSecret: body.shared_secret,
    identitySecret: body.identity_secret,
    revocationCode: body.revocation_code,
    serialNumber: body.serial_number ?? '',
    uri: body.uri ?? '',
    accountName: body.account_name ?? null,
    tokenGid: body.token_gid ?? null,
    secret1: body.secret_1 ?? null,
    serverTime: body.server_time ? Number(body.server_time) : null,
    phoneNumberHint: body.phone_number_hint ?? null,
  };
}

/** Codes at Steam's time; `want_more` asks for the next window's code (up to 30 tries, as the library). */
export async function finalizeAuthenticator(
  web: SteamWebClient,
  session: SteamSession,
  sharedSecret: string,
  activationCode: string,
): Promise<void> {
  const operation = 'finalizeTwoFactor';
  let time = await queryServerTime(web, session.proxy);
  for (let attempt = 0; attempt < 30; attempt++) {
    const reply = await web.webApi<{
      status?: number;
      want_more?: boolean;
      success?: boolean;
      server_time?: string;
    }>(operation, session, {
      path: 'ITwoFactorService/FinalizeAddAuthenticator/v1',
      params: {
        steamid: session.steamId,
        authenticator_code: steamGuardCodeAt(sharedSecret, time),
        authenticator_time: time,
        activation_code: activationCode,
      },
    });
    const body = reply.response;
    if (body.status === ERESULT.TwoFactorActivationCodeMismatch) {
      throw new SteamError({
        kind: 'invalid_activation_code',
        eresult: body.status,
        operation,
        message: 'Invalid activation code',
      });
    }
    if (body.want_more) {
      time = (body.server_time ? Number(body.server_time) : time) + 30;
      continue;
    }
    if (!body.success)
      throw new SteamError({
        kind: 'failed',
        eresult: body.status ?? null,
        operation,
        message: `Error ${body.status ?? 'unknown'}`,
      });
    return;
  }
  throw new SteamError({ kind: 'failed', operation, message: 'Steam kept asking for more codes' });
}
