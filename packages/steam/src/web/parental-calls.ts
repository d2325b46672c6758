import { cookieValue, mergeCookies, setCookiePairs } from '../cookies.ts';
import { ERESULT } from '../eresult.ts';
import { SteamError } from '../steam-error.ts';
import type { SteamSession } from '../steam-gateway.ts';
import { parseJson, type SteamWebClient } from './steam-web-client.ts';

/**
 * Family View: steamcommunity's parentalUnlock posts the PIN and keeps the `steamparental` cookie in its own
 * jar. A session here is plain data, so both gateways make the same request themselves and carry the cookie
 * in the returned session.
 */
/** POST /parental/ajaxunlock; the steamparental cookie it sets joins the session's cookies. */
export async function parentalUnlock(
  web: SteamWebClient,
  session: SteamSession,
  pin: string,
): Promise<SteamSession> {
  const operation = 'parentalUnlock';
  const reply = await web.community(operation, session, {
    path: '/parental/ajaxunlock',
    form: { pin, sessionid: session.sessionId },
    maxRetries: 0,
  });
  const body = parseJson<{ success?: boolean; eresult?: number }>(operation, reply);
  if (body.success !== true) {
    const eresult = Number(body.eresult ?? ERESULT.Fail);
    throw new SteamError({
      kind:
        eresult === ERESULT.AccessDenied
          ? 'access_denied'
          : eresult === ERESULT.LimitExceeded
            ? 'rate_limited'
            : 'failed',
      eresult,
      operation,
      message:
        eresult === ERESULT.AccessDenied
          ? 'Incorrect PIN'
          : eresult === ERESULT.LimitExceeded
            ? 'Too many invalid PIN attempts'
            : `Error ${eresult}`,
    });
  }
  const cookies = mergeCookies(session.cookies, setCookiePairs(reply.headers));
  return { ...session, cookies, sessionId: cookieValue(cookies, 'sessionid') ?? session.sessionId };
}
