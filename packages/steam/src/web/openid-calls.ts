import { cookieHeader, mergeCookies, setCookiePairs } from '../cookies.ts';
import { SteamError } from '../steam-error.ts';
import type { SiteCookies, SteamSession } from '../steam-gateway.ts';
import { formById } from './html.ts';
import type { SteamWebClient } from './steam-web-client.ts';

const MAX_HOPS = 10;

/**
 * "Login on other site": the OpenID 2.0 round trip a "Sign in through Steam" button starts. The site's login
 * URL redirects to steamcommunity.com/openid/login; with our cookies Steam shows its confirmation form
 * (`#openidForm`, hidden inputs `action`, `openid.mode`, `openidparams`, `nonce`); posting it redirects back to
 * the site's return_to with the signed assertion, and the site answers with its own session cookies.
 * Redirects are followed here (the transport never follows them) and the site's cookies collected on the way.
 * [unverified against live Steam: the form id and inputs are as public OpenID bots read them]
 */
export async function openIdSiteCookies(
  web: SteamWebClient,
  session: SteamSession,
  loginUrl: string,
): Promise<SiteCookies> {
  const operation = 'getWebCookiesFor';
  const openIdPrefix = web.communityUrl('/openid/login');
  const site = new URL(loginUrl).origin;
  let jar: string[] = [];

  const steamOrigin = new URL(openIdPrefix).origin;
  const followSite = async (start: string, stopAt: (url: string) => boolean): Promise<string> => {
    let url = start;
    for (let hop = 0; hop < MAX_HOPS; hop++) {
      if (stopAt(url)) return url;
      // Only the site and Steam: a redirect elsewhere (another host, loopback) is not followed.
      const origin = new URL(url).origin;
      if (origin !== site && origin !== steamOrigin)
        throw new SteamError({ kind: 'failed', operation, message: `the site redirected to ${origin}` });
      const res = await web.send(operation, session, {
        method: 'GET',
        url,
        ...(jar.length ? { headers: { cookie: cookieHeader(jar) } } : {}),
      });
      jar = mergeCookies(jar, setCookiePairs(res.headers));
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        url = new URL(location, url).toString();
        continue;
      }
      if (res.status >= 400)
        throw new SteamError({
          kind: 'http',
          status: res.status,
          operation,
          message: `the site answered HTTP ${res.status}`,
        });
      return url;
    }
    throw new SteamError({ kind: 'failed', operation, message: 'too many redirects' });
  };

  const openIdUrl = await followSite(loginUrl, (url) => url.startsWith(openIdPrefix));
  if (!openIdUrl.startsWith(openIdPrefix)) {
    throw new SteamError({ kind: 'failed', operation, message: 'the site did not send us to Steam OpenID' });
  }
  const page = await web.community(operation, session, { path: openIdUrl });
  const form = formById(page.text, 'openidForm');
  if (!form) throw new SteamError({ kind: 'malformed', operation, message: 'no OpenID confirmation form' });
  const posted = await web.community(operation, session, {
    method: 'POST',
    path: form.action ? new URL(form.action, openIdUrl).toString() : openIdPrefix,
    form: form.inputs,
    allowRedirect: true,
    maxRetries: 0,
  });
  if (!posted.location)
    throw new SteamError({
      kind: 'malformed',
      operation,
      message: 'OpenID did not redirect back to the site',
    });
  const back = new URL(posted.location, openIdUrl).toString();
  if (new URL(back).origin !== site) {
    throw new SteamError({
      kind: 'failed',
      operation,
      message: `OpenID returned to ${new URL(back).origin}, not ${site}`,
    });
  }
  await followSite(back, (url) => new URL(url).origin !== site);
  if (jar.length === 0)
    throw new SteamError({ kind: 'failed', operation, message: 'the site set no cookies' });
  return { site, cookies: jar, steamId: session.steamId };
}
