import { html, json } from '../http/context.ts';
import { page } from '../http/pages.ts';
import type { SimRouter } from '../http/router.ts';
import { SimRefusal } from '../state/world.ts';
import type { SteamSimParts } from '../steam-sim-parts.ts';

/**
 * `/login/credentials`: the simulator's stand-in for steam-session's credential login (BeginAuthSessionViaCredentials
 * with an RSA-encrypted password, UpdateAuthSessionWithSteamGuardCode, PollAuthSessionStatus: protobuf calls the
 * simulator does not reproduce). It checks the same things and answers the same outcomes in one JSON call:
 * `{success:true, steamid, account_name, access_token, refresh_token}` or `{success:false, eresult, message}`
 * (5 InvalidPassword, 63 AccountLogonDenied when a Steam Guard code is missing, 65 wrong emailed code,
 * 88 TwoFactorCodeMismatch, 84 RateLimitExceeded).
 *
 * `/store/phone/confirm?token=`: the link in the "confirm your phone number" email.
 */
export function registerLoginRoutes(router: SimRouter, sim: SteamSimParts): void {
  const world = sim.world;

  router.post('/login/credentials', (ctx) => {
    const counters = sim.stats.counters.logins;
    counters.attempts++;
    try {
      const result = world.login(ctx.ip, {
        accountName: ctx.form.account_name ?? '',
        password: ctx.form.password ?? '',
        ...(ctx.form.two_factor_code ? { twoFactorCode: ctx.form.two_factor_code } : {}),
        ...(ctx.form.email_code ? { emailCode: ctx.form.email_code } : {}),
      });
      counters.succeeded++;
      return json({
        success: true,
        steamid: result.account.steamId,
        account_name: result.account.login,
        access_token: result.accessToken,
        refresh_token: result.refreshToken,
      });
    } catch (error) {
      if (!(error instanceof SimRefusal)) throw error;
      if (error.eresult === 84) counters.rateLimited++;
      else if (error.eresult === 5) counters.badPassword++;
      else if (error.eresult === 88 || error.eresult === 65) counters.badCode++;
      return json({ success: false, eresult: error.eresult, message: error.message, ...error.extra });
    }
  });

  router.get('/store/phone/confirm', (ctx) => {
    const token = ctx.query.get('token') ?? '';
    for (const account of world.accounts.values()) {
      if (account.pendingPhone && account.pendingPhone.emailToken === token) {
        account.pendingPhone.awaitingEmail = false;
        return html(page('Steam Support', '<h2>Thanks! Your email address has been confirmed.</h2>'));
      }
    }
    return html(page('Steam Support', '<h2>This link is no longer valid.</h2>'), 404);
  });
}
