import type { SimAccount } from '../state/types.ts';
import type { SteamSimParts } from '../steam-sim-parts.ts';
import { html, redirect, ReplyError, type SimContext } from './context.ts';
import { parentalPage } from './pages.ts';

/** The account behind the steamLoginSecure cookie, without any check (for stats and fault matching). */
export function cookieSteamId(ctx: SimContext): string | null {
  const cookie = ctx.cookies.steamLoginSecure;
  if (!cookie) return null;
  return cookie.split('||')[0] ?? null;
}

function loginRedirect(sim: SteamSimParts, ctx: SimContext): ReplyError {
  sim.stats.counters.sessionExpiredAnswers++;
  return new ReplyError(
    redirect(
      `${ctx.publicBase}/community/login/home/?goto=${encodeURIComponent(ctx.path.replace(/^\/community\//, ''))}`,
    ),
  );
}

/** The logged-in community user, or a 302 to /login; Family View answers 403 until unlocked. */
export function communityAccount(
  sim: SteamSimParts,
  ctx: SimContext,
  options: { familyViewExempt?: boolean } = {},
): SimAccount {
  const account = optionalCommunityAccount(sim, ctx);
  if (!account) throw loginRedirect(sim, ctx);
  if (!options.familyViewExempt) checkFamilyView(sim, ctx, account);
  return account;
}

export function optionalCommunityAccount(sim: SteamSimParts, ctx: SimContext): SimAccount | null {
  const cookie = ctx.cookies.steamLoginSecure;
  if (!cookie) return null;
  const [steamId, token] = cookie.split('||');
  const account = sim.world.accountForAccessToken(token);
  return account && account.steamId === steamId ? account : null;
}

export function checkFamilyView(sim: SteamSimParts, ctx: SimContext, account: SimAccount): void {
  if (!account.familyViewPin) return;
  const unlock = ctx.cookies.steamparental;
  if (unlock && account.parentalTokens.has(unlock)) return;
  sim.stats.counters.familyViewAnswers++;
  throw new ReplyError(html(parentalPage(), 403));
}

/** POSTs carry the sessionid cookie's value as a form field (`sessionid` or `sessionID`). */
export function requireSessionId(ctx: SimContext): void {
  const given = ctx.form.sessionid ?? ctx.form.sessionID ?? ctx.query.get('sessionid') ?? undefined;
  if (!given || given !== ctx.cookies.sessionid) {
    throw new ReplyError(html('<html><body><h1>Access Denied</h1>invalid session id</body></html>', 403));
  }
}

/** The profile in the path must be the logged-in user's (`/profiles/<steamid>/...`). */
export function ownProfile(sim: SteamSimParts, ctx: SimContext): SimAccount {
  const account = communityAccount(sim, ctx);
  if (ctx.params.steamid !== account.steamId) {
    throw new ReplyError(html('<html><body><h1>Access Denied</h1></body></html>', 403));
  }
  return account;
}

const UNAUTHORIZED =
  '<html><head><title>Unauthorized</title></head><body><h1>Unauthorized</h1>Access is denied. Retrying will not help. Please verify your <pre>key=</pre> parameter.</body></html>';

/** WebAPI: the access_token (query or form) must be valid now, else 401. */
export function apiAccount(sim: SteamSimParts, ctx: SimContext): SimAccount {
  const token = ctx.query.get('access_token') ?? ctx.form.access_token;
  const account = sim.world.accountForAccessToken(token);
  if (!account) {
    sim.stats.counters.sessionExpiredAnswers++;
    throw new ReplyError(html(UNAUTHORIZED, 401));
  }
  return account;
}

export function apiSteamId(ctx: SimContext): string | null {
  const token = ctx.query.get('access_token') ?? ctx.form.access_token;
  if (!token) return null;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sub?: string;
    };
    return payload.sub ?? null;
  } catch {
    return null;
  }
}
