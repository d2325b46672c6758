import { EventEmitter } from 'node:events';

import { describe, expect, it } from 'vitest';

import { cookieValue } from '../cookies.ts';
import { SteamTokenStore } from '@toydesk/simulators';
import { SteamError } from '../steam-error.ts';
import type { SteamSession } from '../steam-gateway.ts';
import { steamSimForSuite } from '../testing/steam-sim-harness.ts';
import { libraryError } from './library-errors.ts';
import type { CommunityLike, LoginSessionLike, SteamLibraries } from './libraries.ts';
import { RealSteamGateway, proxyUrl, tradeOfferFrom } from './real-steam-gateway.ts';
import { steamFailure } from '../testing/steam-failure.ts';

const DAY = 86_400_000;
const STEAM_ID = '76561198000000042';

interface LoginScript {
  startResult?: { actionRequired: boolean; validActions?: { type: number }[] };
  startError?: Error;
  emit?: 'authenticated' | { error: Error } | 'timeout';
  refreshError?: Error;
}

/** Fake libraries: steam-session's LoginSession driven by a script, everything recorded. */
function fakeLibraries(script: LoginScript = {}) {
  const tokens = new SteamTokenStore();
  const record = {
    sessions: [] as {
      platform: number;
      options: Record<string, unknown> | undefined;
      details?: Record<string, unknown>;
      canceled: boolean;
      renewed: boolean;
      refreshed: boolean;
    }[],
    codes: [] as { secret: string; offset: number | undefined }[],
    confirmations: [] as { identitySecret: string; objectId: string }[],
    answers: [] as { id: string; nonce: string; time: number; tag: string; key: string; accept: boolean }[],
    communityProxies: [] as Record<string, unknown>[],
  };
  class FakeLoginSession extends EventEmitter implements LoginSessionLike {
    loginTimeout = 30_000;
    accessToken = '';
    refreshToken = '';
    private readonly entry: (typeof record.sessions)[number];
    constructor(platform: number, options?: Record<string, unknown>) {
      super();
      this.entry = { platform, options, canceled: false, renewed: false, refreshed: false };
      record.sessions.push(this.entry);
    }
    get steamID() {
      return { getSteamID64: () => STEAM_ID };
    }
    async startWithCredentials(details: { accountName: string; password: string; steamGuardCode?: string }) {
      this.entry.details = details;
      if (script.startError) throw script.startError;
      const result = script.startResult ?? { actionRequired: false };
      if (!result.actionRequired) {
        setImmediate(() => {
          const emit = script.emit ?? 'authenticated';
          if (emit === 'authenticated') {
            this.refreshToken = tokens.mint('refresh', STEAM_ID, Date.now(), 200 * DAY);
            this.accessToken = tokens.mint('access', STEAM_ID, Date.now(), DAY, 'R');
            this.emit('authenticated');
          } else if (emit === 'timeout') this.emit('timeout');
          else this.emit('error', emit.error);
        });
      }
      return result;
    }
    async getWebCookies() {
      return [
        `steamLoginSecure=${encodeURIComponent(`${STEAM_ID}||${this.accessToken}`)}`,
        'sessionid=0123456789abcdef01234567',
      ];
    }
    async refreshAccessToken() {
      this.entry.refreshed = true;
      if (script.refreshError) throw script.refreshError;
      this.accessToken = tokens.mint('access', STEAM_ID, Date.now(), DAY, 'R2');
    }
    async renewRefreshToken() {
      this.entry.renewed = true;
      if (script.refreshError) throw script.refreshError;
      this.accessToken = tokens.mint('access', STEAM_ID, Date.now(), DAY, 'R3');
      this.refreshToken = tokens.mint('refresh', STEAM_ID, Date.now(), 200 * DAY);
      return true;
    }
    cancelLoginAttempt() {
      this.entry.canceled = true;
      return true;
    }
  }
  class FakeCommunity {
    steamID = { getSteamID64: () => STEAM_ID };
    request = {
      defaults: (options: Record<string, unknown>) => {
        record.communityProxies.push(options);
        return this.request;
      },
    };
    setCookies() {}
    setMobileAppAccessToken() {}
    acceptConfirmationForObject(
      identitySecret: string,
      objectId: string,
      callback: (error: Error | null) => void,
    ) {
      record.confirmations.push({ identitySecret, objectId });
      setImmediate(() =>
        callback(objectId === 'missing' ? new Error('Could not find confirmation for object missing') : null),
      );
    }
    respondToConfirmation(
      id: string,
      nonce: string,
      time: number,
      key: { tag: string; key: string },
      accept: boolean,
      callback: (error: Error | null) => void,
    ) {
      record.answers.push({ id, nonce, time, tag: key.tag, key: key.key, accept });
      setImmediate(() => callback(id === 'gone' ? new Error('Could not act on confirmation') : null));
    }
  }
  const libraries = {
    SteamCommunity: FakeCommunity as unknown as SteamLibraries['SteamCommunity'],
    SteamID: class {
      constructor(readonly id: string) {}
      getSteamID64() {
        return this.id;
      }
    },
    TradeOfferManager: class {} as unknown as SteamLibraries['TradeOfferManager'],
    LoginSession: FakeLoginSession,
    mobileAppPlatform: 3,
    SteamTotp: {
      time: (offset = 0) => Math.floor(Date.now() / 1000) + offset,
      generateAuthCode: (secret: string, offset?: number) => {
        record.codes.push({ secret, offset });
        return 'CODE5';
      },
      getConfirmationKey: () => 'key',
      getTimeOffset: (callback: (error: Error | null, offset: number, latency: number) => void) =>
        callback(null, 7, 10),
    },
  } satisfies SteamLibraries;
  return { libraries, record };
}

const eresultError = (name: string, eresult: number) => Object.assign(new Error(name), { eresult });

describe('RealSteamGateway: login and refresh on steam-session (fake LoginSession)', () => {
  it('logs in on the MobileApp platform with a code from shared_secret at Steam’s time offset', async () => {
    const { libraries, record } = fakeLibraries();
    const gateway = new RealSteamGateway({ libraries });
    const proxy = { protocol: 'http' as const, host: '10.0.0.1', port: 8080, username: 'u', password: 'p w' };
    const session = await gateway.login({
      accountName: 'bot',
      password: 'secret',
      sharedSecret: 'c2hhcmVk',
      proxy,
    });
    expect(record.sessions[0]).toMatchObject({
      platform: 3,
      options: { httpProxy: 'http://u:p%20w@10.0.0.1:8080' },
    });
    expect(record.sessions[0]?.details).toEqual({
      accountName: 'bot',
      password: 'secret',
      steamGuardCode: 'CODE5',
    });
    expect(record.codes).toEqual([{ secret: 'c2hhcmVk', offset: 7 }]);
    expect(session).toMatchObject({
      accountName: 'bot',
      steamId: STEAM_ID,
      sessionId: '0123456789abcdef01234567',
      proxy,
    });
    expect(cookieValue(session.cookies, 'steamLoginSecure')).toBe(
      encodeURIComponent(`${STEAM_ID}||${session.accessToken}`),
    );
    expect(Date.parse(session.refreshTokenExpiresAt) - Date.now()).toBeGreaterThan(199 * DAY);
    await gateway.close();
  });

  it('maps login outcomes: Steam Guard needed, wrong password, RateLimitExceeded, timeout', async () => {
    let fake = fakeLibraries({ startResult: { actionRequired: true, validActions: [{ type: 2 }] } });
    expect(
      await steamFailure(
        new RealSteamGateway({ libraries: fake.libraries }).login({ accountName: 'bot', password: 'x' }),
      ),
    ).toMatchObject({ kind: 'needs_guard_code' });
    expect(fake.record.sessions[0]?.canceled).toBe(true);

    fake = fakeLibraries({ startError: eresultError('InvalidPassword', 5) });
    expect(
      await steamFailure(
        new RealSteamGateway({ libraries: fake.libraries }).login({ accountName: 'bot', password: 'x' }),
      ),
    ).toMatchObject({
      kind: 'invalid_credentials',
      eresult: 5,
    });

    fake = fakeLibraries({ emit: { error: eresultError('RateLimitExceeded', 84) } });
    expect(
      await steamFailure(
        new RealSteamGateway({ libraries: fake.libraries }).login({
          accountName: 'bot',
          password: 'x',
          guardCode: 'ABCDE',
        }),
      ),
    ).toMatchObject({
      kind: 'rate_limited',
      eresult: 84,
    });
    expect(fake.record.sessions[0]?.details?.steamGuardCode).toBe('ABCDE');

    fake = fakeLibraries({ emit: 'timeout' });
    expect(
      await steamFailure(
        new RealSteamGateway({ libraries: fake.libraries }).login({ accountName: 'bot', password: 'x' }),
      ),
    ).toMatchObject({ kind: 'http' });
  });

  it('refreshes with refreshAccessToken, renews with renewRefreshToken, maps a dead refresh token to session_expired', async () => {
    const { libraries, record } = fakeLibraries();
    const gateway = new RealSteamGateway({ libraries });
    const session = await gateway.login({ accountName: 'bot', password: 'x' });
    const refreshed = await gateway.refreshSession(session);
    expect(record.sessions[1]).toMatchObject({ refreshed: true, renewed: false });
    expect(refreshed.refreshToken).toBe(session.refreshToken);
    expect(refreshed.accessToken).not.toBe(session.accessToken);
    expect(refreshed.sessionId).toBe(session.sessionId);
    const renewed = await gateway.refreshSession(session, { renewRefreshToken: true });
    expect(record.sessions[2]).toMatchObject({ renewed: true });
    expect(renewed.refreshToken).not.toBe(session.refreshToken);

    const dead = fakeLibraries({ refreshError: eresultError('AccessDenied', 15) });
    expect(
      await steamFailure(new RealSteamGateway({ libraries: dead.libraries }).refreshSession(session)),
    ).toMatchObject({ kind: 'session_expired', eresult: 15 });
    // relogin falls back to a full login when the refresh token is refused
    const relogged = await new RealSteamGateway({ libraries: dead.libraries }).relogin(
      { accountName: 'bot', password: 'x' },
      session,
    );
    expect(relogged.steamId).toBe(STEAM_ID);
  });

  it('passes proxies to steam-session (http, socks5) and steamcommunity’s request (http only)', async () => {
    expect(proxyUrl({ protocol: 'socks5', host: 'h', port: 1080 })).toBe('socks5://h:1080');
    const { libraries, record } = fakeLibraries();
    const gateway = new RealSteamGateway({ libraries });
    const socks = { protocol: 'socks5' as const, host: 'h', port: 1080 };
    const session = await gateway.login({ accountName: 'bot', password: 'x', proxy: socks });
    expect(record.sessions[0]?.options).toEqual({ socksProxy: 'socks5://h:1080' });
    expect(
      await steamFailure(gateway.acceptConfirmation(session, { identitySecret: 'id', objectId: '1' })),
    ).toMatchObject({ kind: 'failed' });
    const http = { ...session, proxy: { protocol: 'http' as const, host: 'p', port: 3128 } };
    await gateway.acceptConfirmation(http, { identitySecret: 'id', objectId: '1' });
    expect(record.communityProxies).toEqual([{ proxy: 'http://p:3128' }]);
    expect(
      await steamFailure(gateway.acceptConfirmation(http, { identitySecret: 'id', objectId: 'missing' })),
    ).toMatchObject({ kind: 'not_found' });
  });
});

describe('RealSteamGateway: answering one listed confirmation (steamcommunity respondToConfirmation)', () => {
  it('accepts with the app’s accept tag and declines with reject, keyed at Steam’s time; a refusal is failed', async () => {
    const { libraries, record } = fakeLibraries();
    const gateway = new RealSteamGateway({ libraries });
    const session = await gateway.login({ accountName: 'bot', password: 'x' });
    const before = Math.floor(Date.now() / 1000) + 7;
    await gateway.respondToConfirmation(session, {
      identitySecret: 'id',
      id: '11',
      nonce: 'n1',
      accept: true,
    });
    await gateway.respondToConfirmation(session, {
      identitySecret: 'id',
      id: '12',
      nonce: 'n2',
      accept: false,
    });
    expect(record.answers).toMatchObject([
      { id: '11', nonce: 'n1', tag: 'accept', key: 'key', accept: true },
      { id: '12', nonce: 'n2', tag: 'reject', key: 'key', accept: false },
    ]);
    // steam-totp's time plus the offset Steam gave (7 s in the fake)
    expect(record.answers[0]!.time).toBeGreaterThanOrEqual(before);
    expect(
      await steamFailure(
        gateway.respondToConfirmation(session, {
          identitySecret: 'id',
          id: 'gone',
          nonce: 'n',
          accept: true,
        }),
      ),
    ).toMatchObject({ kind: 'failed', operation: 'respondToConfirmation' });
  });
});

describe('RealSteamGateway: the raw calls against the simulator (same code as for Steam, other hosts)', () => {
  const sim = steamSimForSuite();

  function realGateway(simSession: () => SteamSession) {
    const { libraries, record } = fakeLibraries();
    // acceptConfirmationForObject is steamcommunity's; here it confirms on the simulator for the test
    const Community = libraries.SteamCommunity as unknown as new () => CommunityLike;
    class ConfirmingCommunity extends (Community as unknown as new () => object) {
      acceptConfirmationForObject(
        identitySecret: string,
        objectId: string,
        callback: (error: Error | null) => void,
      ) {
        record.confirmations.push({ identitySecret, objectId });
        sim.gateway
          .acceptConfirmation(simSession(), { identitySecret, objectId })
          .then(() => callback(null), callback);
      }
    }
    return new RealSteamGateway({
      libraries: {
        ...libraries,
        SteamCommunity: ConfirmingCommunity as unknown as SteamLibraries['SteamCommunity'],
      },
      hosts: { community: `${sim.base}/community`, api: `${sim.base}/api` },
      http: sim.http,
    });
  }

  it('phone, wallet, listings, buy orders, profile decoration, price overview and OpenID', async () => {
    const { created, session } = await sim.account({ items: 1, cards: [{ appid: 730, sets: 1 }] });
    const gateway = realGateway(() => session);

    expect((await gateway.addPhone(session, { number: '+79260000001' })).confirmation).toBe('phone_change');
    expect((await gateway.isWaitingForEmailConfirmation(session)).waiting).toBe(true);
    expect((await gateway.getWalletBalance(session)).balanceMinor).toBe(100_000);

    const listed = await gateway.createListing(session, {
      assetId: created.items[0]?.assetid ?? '',
      priceMinor: 700,
      identitySecret: created.identitySecret,
    });
    expect(listed).toMatchObject({ needsConfirmation: true, confirmed: true });
    const order = await gateway.createBuyOrder(session, {
      marketHashName: 'Chroma 2 Case',
      priceMinor: 100,
      quantity: 2,
    });
    expect(order.status).toBe('created');
    const mine = await gateway.getMyListings(session);
    expect(mine.listings).toMatchObject([{ listingId: listed.listingId, status: 'active', priceMinor: 700 }]);
    expect(mine.buyOrders).toMatchObject([{ marketHashName: 'Chroma 2 Case', quantity: 2 }]);
    await gateway.cancelBuyOrder(session, mine.buyOrders[0]?.buyOrderId ?? '');

    await gateway.setProfileTheme(session, 'Midnight');
    await gateway.configureShowcase(session, { kind: 'workshop', publishedFileId: '42' });
    const settings = await gateway.getProfileSettings(session);
    expect(settings).toMatchObject({
      theme: 'Midnight',
      themeId: 'Midnight',
      showcases: [{ kind: 'workshop', type: 11 }],
    });
    expect((await gateway.getBadges(session)).map((badge) => badge.badgeId)).toEqual([13]);
    expect(await gateway.getAvailableEmotions(session)).toEqual([]);
    expect(
      (await gateway.priceOverview({ marketHashName: 'Chroma 2 Case', currencyId: 1 })).lowestPrice,
    ).toMatch(/^\$/);
    const site = await gateway.getWebCookiesFor(session, {
      kind: 'openid',
      loginUrl: `${sim.base}/site/login`,
    });
    expect(cookieValue(site.cookies, 'site_session')).not.toBeNull();
  });
});

describe('libraryError: DoctorMcKay errors → SteamError kinds', () => {
  const cases: [unknown, Parameters<typeof libraryError>[2], string, number | null][] = [
    [new Error('Not Logged In'), 'general', 'session_expired', null],
    [
      new Error('No mobile access token available. Provide one by calling setMobileAppAccessToken()'),
      'twofactor-add',
      'session_expired',
      null,
    ],
    [new Error('Family View Restricted'), 'general', 'family_view', null],
    [Object.assign(new Error('HTTP error 429'), { code: 429 }), 'general', 'rate_limited', null],
    [Object.assign(new Error('HTTP error 502'), { code: 502 }), 'general', 'http', null],
    [new Error('HTTP error 403'), 'inventory', 'access_denied', null],
    [eresultError('RateLimitExceeded', 84), 'login', 'rate_limited', 84],
    [eresultError('Error 2', 2), 'twofactor-add', 'needs_phone', 2],
    [eresultError('Error 29', 29), 'twofactor-add', 'already_has_authenticator', 29],
    [new Error('Invalid activation code'), 'twofactor-finalize', 'invalid_activation_code', null],
    [
      Object.assign(new Error('You have sent too many trade offers (25)'), {
        eresult: 25,
        cause: 'OfferLimitExceeded',
      }),
      'offer',
      'offer_limit',
      25,
    ],
    [
      Object.assign(new Error('You have logged in from a new device.'), { cause: 'NewDevice' }),
      'offer',
      'trade_hold',
      null,
    ],
    [
      Object.assign(new Error('You cannot trade with X because they have a trade ban.'), {
        cause: 'TradeBan',
      }),
      'offer',
      'trade_hold',
      null,
    ],
    [new Error('Malformed response'), 'general', 'malformed', null],
    [new Error('Malformed JSON response'), 'offer', 'malformed', null],
    [new Error('Access Denied'), 'apikey', 'access_denied', null],
    [
      new Error('You must have a validated email address to create a Steam Web API key.'),
      'apikey',
      'access_denied',
      null,
    ],
    [new Error('Could not find confirmation for object 1'), 'confirmation', 'not_found', null],
    [new Error('No matching offer found'), 'offer', 'not_found', null],
    [eresultError('InvalidPassword', 5), 'login', 'invalid_credentials', 5],
    [eresultError('TwoFactorCodeMismatch', 88), 'login', 'invalid_credentials', 88],
    [eresultError('AccountLogonDenied', 63), 'login', 'needs_guard_code', 63],
    [eresultError('Expired', 27), 'refresh', 'session_expired', 27],
    [eresultError('DuplicateRequest', 29), 'general', 'duplicate_request', 29],
    ['Incorrect PIN', 'general', 'access_denied', null],
    ['Too many invalid PIN attempts', 'general', 'rate_limited', null],
    [Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), 'general', 'http', null],
    [new Error('Something else'), 'general', 'failed', null],
  ];
  it.each(cases)('%s (%s) → %s', (error, context, kind, eresult) => {
    const mapped = libraryError('op', error, context);
    expect(mapped).toBeInstanceOf(SteamError);
    expect(mapped.kind).toBe(kind);
    expect(mapped.eresult).toBe(eresult);
    expect(mapped.message.startsWith('op: ')).toBe(true);
  });

  it('keeps a SteamError as it is and maps the manager’s TradeOffer objects', () => {
    const original = new SteamError({ kind: 'offer_limit', operation: 'x' });
    expect(libraryError('op', original)).toBe(original);
    const offer = tradeOfferFrom({
      id: '1',
      state: 11,
      isOurOffer: false,
      partner: { getSteamID64: () => STEAM_ID },
      message: null,
      itemsToGive: [],
      itemsToReceive: [{ appid: 730, contextid: '2', assetid: '5', amount: 1, market_hash_name: 'X' }],
      created: new Date(0),
      updated: null,
      expires: null,
      escrowEnds: new Date(DAY),
      tradeID: '77',
      confirmationMethod: 2,
      addMyItems: () => 0,
      addTheirItems: () => 0,
      setMessage: () => undefined,
      send: () => undefined,
      accept: () => undefined,
      cancel: () => undefined,
    });
    expect(offer).toMatchObject({
      stateName: 'InEscrow',
      isOurOffer: false,
      message: '',
      escrowEndsAt: new Date(DAY).toISOString(),
      tradeId: '77',
      confirmationMethod: 'mobile',
    });
    expect(offer.itemsToReceive).toEqual([
      {
        appId: 730,
        contextId: '2',
        assetId: '5',
        amount: 1,
        classId: null,
        instanceId: null,
        marketHashName: 'X',
      },
    ]);
  });
});
