import { SteamError } from '../steam-error.ts';
import type { ConfirmationAnswer, MobileConfirmation, SteamSession } from '../steam-gateway.ts';
import { confirmationKey, deviceIdFor } from '../totp.ts';
import { confirmation } from '../web/trade-mapping.ts';
import type { SteamWebClient } from '../web/steam-web-client.ts';
import { queryServerTime } from './sim-auth-calls.ts';

/**
 * steamcommunity's getConfirmations / acceptConfirmationForObject / respondToConfirmation as raw /mobileconf
 * requests.
 */

interface ListReply {
  success?: boolean;
  needauth?: boolean;
  message?: string;
  detail?: string;
  conf?: {
    id: string;
    type: number;
    type_name?: string;
    creator_id: string;
    nonce: string;
    creation_time: number;
    headline?: string;
    summary?: string[];
  }[];
}

function params(session: SteamSession, identitySecret: string, time: number, tag: string) {
  return {
    p: deviceIdFor(session.steamId),
    a: session.steamId,
    k: confirmationKey(identitySecret, time, tag),
    t: time,
    m: 'react',
    tag,
  };
}

export async function listConfirmations(
  web: SteamWebClient,
  session: SteamSession,
  identitySecret: string,
): Promise<MobileConfirmation[]> {
  const operation = 'listConfirmations';
  const time = await queryServerTime(web, session.proxy);
  const body = await web.communityJson<ListReply>(operation, session, {
    path: '/mobileconf/getlist',
    query: params(session, identitySecret, time, 'list'),
    headers: { 'user-agent': 'okhttp/4.9.2' },
  });
  if (!body.success) {
    if (body.needauth) throw new SteamError({ kind: 'session_expired', operation, message: 'Not Logged In' });
    throw new SteamError({
      kind: /authenticator|key/i.test(`${body.message ?? ''} ${body.detail ?? ''}`)
        ? 'access_denied'
        : 'failed',
      operation,
      message: body.message ?? body.detail ?? 'Failed to get confirmation list',
    });
  }
  return (body.conf ?? []).map((conf) =>
    confirmation({
      id: conf.id,
      nonce: conf.nonce,
      creator: conf.creator_id,
      type: conf.type,
      title: `${conf.type_name || 'Confirm'} - ${conf.headline || ''}`,
      summary: conf.summary ?? [],
      createdAt: conf.creation_time * 1000,
    }),
  );
}

export async function acceptConfirmation(
  web: SteamWebClient,
  session: SteamSession,
  identitySecret: string,
  objectId: string,
): Promise<void> {
  const operation = 'acceptConfirmation';
  const list = await listConfirmations(web, session, identitySecret);
  const found = list.find((entry) => entry.objectId === String(objectId));
  if (!found)
    throw new SteamError({
      kind: 'not_found',
      operation,
      message: `Could not find confirmation for object ${objectId}`,
    });
  // a different time from the list call's, as the library makes sure
  const time = (await queryServerTime(web, session.proxy)) + 1;
  const body = await web.communityJson<{ success?: boolean; message?: string }>(operation, session, {
    path: '/mobileconf/ajaxop',
    query: {
      op: 'allow',
      cid: found.id,
      ck: found.nonce,
      ...params(session, identitySecret, time, 'accept'),
    },
    headers: { 'user-agent': 'okhttp/4.9.2' },
    maxRetries: 0,
  });
  if (!body.success)
    throw new SteamError({
      kind: 'failed',
      operation,
      message: body.message ?? 'Could not act on confirmation',
    });
}

/** One confirmation answered by id and nonce: op allow or cancel, keyed with the app's accept/reject tags. */
export async function respondToConfirmation(
  web: SteamWebClient,
  session: SteamSession,
  input: ConfirmationAnswer,
): Promise<void> {
  const operation = 'respondToConfirmation';
  const time = await queryServerTime(web, session.proxy);
  const body = await web.communityJson<{
    success?: boolean;
    message?: string;
    detail?: string;
    needauth?: boolean;
  }>(operation, session, {
    path: '/mobileconf/ajaxop',
    query: {
      op: input.accept ? 'allow' : 'cancel',
      cid: input.id,
      ck: input.nonce,
      ...params(session, input.identitySecret, time, input.accept ? 'accept' : 'reject'),
    },
    headers: { 'user-agent': 'okhttp/4.9.2' },
    maxRetries: 0,
  });
  if (!body.success) {
    if (body.needauth) throw new SteamError({ kind: 'session_expired', operation, message: 'Not Logged In' });
    throw new SteamError({
      kind: /could not act/i.test(body.message ?? '')
        ? 'not_found'
        : /authenticator|key/i.test(`${body.message ?? ''} ${body.detail ?? ''}`)
          ? 'access_denied'
          : 'failed',
      operation,
      message: body.message ?? 'Could not act on confirmation',
    });
  }
}
