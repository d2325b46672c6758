import { cookieName, cookiePair } from '../cookies.ts';
import type { SiteCookies, SteamDomain, SteamSession } from '../steam-gateway.ts';

/**
 * Cookies for another Steam domain. A MobileApp-platform session's steamLoginSecure (`<steamid>||<access token>`)
 * and sessionid are valid on steamcommunity.com, store.steampowered.com and help.steampowered.com alike
 * (steam-session's getWebCookies returns them without a domain for that reason); the Family View unlock
 * cookie belongs to the community only.
 */
export function steamDomainCookies(session: SteamSession, domain: SteamDomain): SiteCookies {
  const cookies = session.cookies
    .map(cookiePair)
    .filter((pair) => domain === 'steamcommunity.com' || cookieName(pair) !== 'steamparental');
  return { site: domain, cookies, steamId: session.steamId };
}
