import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { cookieHeader, cookieValue } from '../cookies.ts';
import { decodeJwtPayload } from '../jwt.ts';
import { startSteamSim, steamSimForSuite, type SteamSimHarness } from '../testing/steam-sim-harness.ts';
import { steamFailure } from '../testing/steam-failure.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('SteamSimulatorGateway: sessions', () => {
  const sim = steamSimForSuite();

  it('logs in with the password and a TOTP code from shared_secret', async () => {
    const { created, session } = await sim.account();
    expect(session.steamId).toBe(created.steamId);
    expect(session.accountName).toBe(created.accountName);
    expect(cookieValue(session.cookies, 'steamLoginSecure')).toBe(
      encodeURIComponent(`${created.steamId}||${session.accessToken}`),
    );
    expect(session.sessionId).toMatch(/^[0-9a-f]{24}$/);
    const access = decodeJwtPayload(session.accessToken);
    expect(access?.aud).toContain('mobile');
    expect(access?.sub).toBe(created.steamId);
    const lifetime = Date.parse(session.accessTokenExpiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(23 * HOUR);
    expect(lifetime).toBeLessThanOrEqual(24 * HOUR + 5_000);
    expect(Date.parse(session.refreshTokenExpiresAt) - Date.now()).toBeGreaterThan(199 * DAY);
    const wallet = await sim.gateway.getWalletBalance(session);
    expect(wallet).toMatchObject({ currencyId: 5, currency: 'RUB', balanceMinor: 100_000 });
  });

  it('refuses a wrong password and a wrong or missing Steam Guard code', async () => {
    const created = await sim.control.createAccount();
    const wrongPassword = await steamFailure(
      sim.gateway.login({
        accountName: created.accountName,
        password: 'nope',
        sharedSecret: created.sharedSecret,
      }),
    );
    expect(wrongPassword).toMatchObject({ kind: 'invalid_credentials', eresult: 5 });
    const wrongCode = await steamFailure(
      sim.gateway.login({
        accountName: created.accountName,
        password: created.password,
        sharedSecret: Buffer.alloc(20, 7).toString('base64'),
      }),
    );
    expect(wrongCode).toMatchObject({ kind: 'invalid_credentials', eresult: 88 });
    const noCode = await steamFailure(
      sim.gateway.login({ accountName: created.accountName, password: created.password }),
    );
    expect(noCode).toMatchObject({ kind: 'needs_guard_code', eresult: 63 });
  });

  it('expires access tokens after 24 h; refreshSession brings the session back; refresh tokens die after ~200 days', async () => {
    const { credentials, session } = await sim.account();
    await sim.control.advance(DAY + 60_000);
    expect(await steamFailure(sim.gateway.getWalletBalance(session))).toMatchObject({
      kind: 'session_expired',
    });
    expect(await steamFailure(sim.gateway.isWaitingForEmailConfirmation(session))).toMatchObject({
      kind: 'session_expired',
      status: 401,
    });

    const refreshed = await sim.gateway.refreshSession(session);
    expect(refreshed.accessToken).not.toBe(session.accessToken);
    expect(refreshed.refreshToken).toBe(session.refreshToken);
    expect(refreshed.sessionId).toBe(session.sessionId);
    expect((await sim.gateway.getWalletBalance(refreshed)).balanceMinor).toBe(100_000);

    const renewed = await sim.gateway.refreshSession(refreshed, { renewRefreshToken: true });
    expect(renewed.refreshToken).not.toBe(refreshed.refreshToken);
    expect(await steamFailure(sim.gateway.refreshSession(refreshed))).toMatchObject({
      kind: 'session_expired',
    });

    await sim.control.advance(201 * DAY);
    expect(await steamFailure(sim.gateway.refreshSession(renewed))).toMatchObject({
      kind: 'session_expired',
    });
    // relogin falls back to a full login (the TOTP code is made at the simulator's advanced time)
    const again = await sim.gateway.relogin(credentials, {
      ...renewed,
      refreshTokenExpiresAt: new Date(Date.now() + DAY).toISOString(),
    });
    expect((await sim.gateway.getWalletBalance(again)).currencyId).toBe(5);
  });

  it('relogin refreshes while the refresh token lives', async () => {
    const { credentials, session } = await sim.account();
    const before = (await sim.control.stats()).logins.attempts;
    const next = await sim.gateway.relogin(credentials, session);
    expect(next.refreshToken).toBe(session.refreshToken);
    expect((await sim.control.stats()).logins.attempts).toBe(before);
  });

  it('sessions revoked by the control API and the session_expired fault read as session_expired', async () => {
    const { created, session } = await sim.account();
    await sim.control.fault({
      kind: 'session_expired',
      match: { path: '/community/market', account: created.accountName },
      count: 1,
    });
    expect(await steamFailure(sim.gateway.getWalletBalance(session))).toMatchObject({
      kind: 'session_expired',
    });
    expect((await sim.gateway.getWalletBalance(session)).balanceMinor).toBe(100_000);
    await sim.control.expireSessions(created.accountName);
    expect(await steamFailure(sim.gateway.getWalletBalance(session))).toMatchObject({
      kind: 'session_expired',
    });
    const refreshed = await sim.gateway.refreshSession(session);
    expect((await sim.gateway.getWalletBalance(refreshed)).balanceMinor).toBe(100_000);
  });

  it('maps 429, 5xx, an nginx page and a dropped connection', async () => {
    const { session } = await sim.account();
    await sim.control.fault({ kind: 'status', status: 429, match: { path: '/community/market' }, count: 1 });
    const limited = await steamFailure(sim.gateway.getWalletBalance(session));
    expect(limited).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(limited.retryable).toBe(true);

    await sim.control.fault({ kind: 'status', status: 503, match: { path: '/community/market' }, count: 1 });
    expect(await steamFailure(sim.gateway.getWalletBalance(session))).toMatchObject({
      kind: 'http',
      status: 503,
    });

    await sim.control.fault({ kind: 'html', match: { path: '/community/market/mylistings' }, count: 1 });
    expect(await steamFailure(sim.gateway.getMyListings(session))).toMatchObject({
      kind: 'http',
      status: 502,
    });

    await sim.control.fault({ kind: 'drop', match: { path: '/community/market' }, count: 1 });
    const dropped = await steamFailure(sim.gateway.getWalletBalance(session));
    expect(dropped).toMatchObject({ kind: 'http', status: null });
    expect(dropped.retryable).toBe(true);

    await sim.control.fault({
      kind: 'eresult',
      eresult: 84,
      match: { path: 'IPhoneService/IsAccountWaiting' },
      count: 1,
    });
    expect(await steamFailure(sim.gateway.isWaitingForEmailConfirmation(session))).toMatchObject({
      kind: 'rate_limited',
      eresult: 84,
    });
    expect((await sim.control.stats()).faultsInjected).toBeGreaterThanOrEqual(5);
  });

  it('Family View answers 403 until parentalUnlock with the PIN', async () => {
    const { session } = await sim.account({ familyViewPin: '4321' });
    const locked = await steamFailure(sim.gateway.getWalletBalance(session));
    expect(locked).toMatchObject({ kind: 'family_view', status: 403 });
    expect(await steamFailure(sim.gateway.parentalUnlock(session, '0000'))).toMatchObject({
      kind: 'access_denied',
      eresult: 15,
    });
    const unlocked = await sim.gateway.parentalUnlock(session, '4321');
    expect(cookieValue(unlocked.cookies, 'steamparental')).toMatch(/^[0-9a-f]{32}$/);
    expect((await sim.gateway.getWalletBalance(unlocked)).balanceMinor).toBe(100_000);
    expect((await sim.control.stats()).familyViewAnswers).toBeGreaterThanOrEqual(1);
  });

  it('gives cookies for other Steam domains and signs in on another site through OpenID', async () => {
    const { session } = await sim.account();
    const store = await sim.gateway.getWebCookiesFor(session, {
      kind: 'steam',
      domain: 'store.steampowered.com',
    });
    expect(store.cookies.map((cookie) => cookie.split('=')[0])).toEqual(['steamLoginSecure', 'sessionid']);

    const site = await sim.gateway.getWebCookiesFor(session, {
      kind: 'openid',
      loginUrl: `${sim.base}/site/login`,
    });
    expect(site.site).toBe(new URL(sim.base).origin);
    expect(cookieValue(site.cookies, 'site_session')).toMatch(/^[0-9a-f]{32}$/);
    const whoami = await fetch(`${sim.base}/site/whoami`, {
      headers: { cookie: cookieHeader(site.cookies) },
    });
    expect(await whoami.json()).toEqual({ steamid: session.steamId });
  });
});

describe('SteamSimulatorGateway: the login rate limit', () => {
  let sim: SteamSimHarness;
  beforeAll(async () => {
    sim = await startSteamSim({
      config: { loginRateLimit: { max: 10, windowMs: 10 * 60_000, blockMs: 30 * 60_000 } },
    });
  });
  afterAll(() => sim.close());

  it('refuses the 11th quick login with RateLimitExceeded; retries inside the 30-minute block start it again', async () => {
    const created = await sim.control.createAccount();
    const credentials = {
      accountName: created.accountName,
      password: created.password,
      sharedSecret: created.sharedSecret,
    };
    for (let i = 0; i < 10; i++) await sim.gateway.login(credentials);
    const blocked = await steamFailure(sim.gateway.login(credentials));
    expect(blocked).toMatchObject({ kind: 'rate_limited', eresult: 84 });

    await sim.control.advance(29 * 60_000);
    expect(await steamFailure(sim.gateway.login(credentials))).toMatchObject({ kind: 'rate_limited' }); // resets the block
    await sim.control.advance(29 * 60_000);
    expect(await steamFailure(sim.gateway.login(credentials))).toMatchObject({ kind: 'rate_limited' }); // and again
    await sim.control.advance(31 * 60_000);
    const session = await sim.gateway.login(credentials);
    expect(session.steamId).toBe(created.steamId);
    expect((await sim.control.stats()).logins.rateLimited).toBe(3);
  });
});
