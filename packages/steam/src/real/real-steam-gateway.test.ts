import { beforeAll, describe, expect, it } from 'vitest';

import { buildSession } from '../session.ts';
import { SteamTokenStore } from '@toydesk/simulators';
import type { SteamSession } from '../steam-gateway.ts';
import { fakeRequest, type FakeCall, type FakeReply } from '../testing/fake-request.ts';
import { confirmationKey, deviceIdFor } from '../totp.ts';
import { loadSteamLibraries, type CommunityLike, type SteamLibraries } from './libraries.ts';
import { RealSteamGateway } from './real-steam-gateway.ts';
import { ALL_PUBLIC } from '../web/profile-item-calls.ts';
import { steamFailure } from '../testing/steam-failure.ts';

/**
 * The real gateway offline: DoctorMcKay's real steamcommunity and steam-tradeoffer-manager code runs against a
 * stand-in for the `request` package (canned Steam answers), so these tests check what the libraries are asked
 * to send and how their answers and errors come back. Nothing here reaches Steam.
 */

const DAY = 86_400_000;
const STEAM_ID = '76561198000000042';
const COMMUNITY = 'https://steamcommunity.com';
const API = 'https://api.steampowered.com';
const IDENTITY = Buffer.alloc(20, 9).toString('base64');

function session(): SteamSession {
  const tokens = new SteamTokenStore();
  const refreshToken = tokens.mint('refresh', STEAM_ID, Date.now(), 200 * DAY);
  const accessToken = tokens.mint('access', STEAM_ID, Date.now(), DAY, 'R1');
  return buildSession({ accountName: 'realbot', steamId: STEAM_ID, accessToken, refreshToken });
}

const profileEditPage = (config: unknown) =>
  `<html><body><div id="profile_edit_config" data-profile-edit="${JSON.stringify(config).replace(/"/g, '&quot;')}"></div></body></html>`;

const EDIT_CONFIG = {
  strPersonaName: 'old name',
  strRealName: '',
  strSummary: 'old summary',
  strCustomURL: '',
  LocationData: { locCountryCode: 'RU', locStateCode: '', locCityCode: '' },
  Privacy: {
    PrivacySettings: {
      PrivacyProfile: 1,
      PrivacyInventory: 1,
      PrivacyInventoryGifts: 1,
      PrivacyOwnedGames: 1,
      PrivacyPlaytime: 1,
      PrivacyFriendsList: 1,
    },
    eCommentPermission: 2,
  },
};

describe('RealSteamGateway on the real libraries, offline', () => {
  let real: SteamLibraries;
  beforeAll(async () => {
    real = await loadSteamLibraries();
  }, 30_000);

  function gatewayWith(routes: (call: FakeCall) => FakeReply | undefined) {
    const request = fakeRequest((call) => {
      if (call.method === 'GET' && call.url.href === `${COMMUNITY}/my`)
        return { status: 302, headers: { location: `${COMMUNITY}/profiles/${STEAM_ID}` } };
      return routes(call);
    });
    const Base = real.SteamCommunity as unknown as new (options: Record<string, unknown>) => CommunityLike;
    class TestCommunity extends Base {
      constructor(options: Record<string, unknown> = {}) {
        super({ ...options, request });
      }
    }
    const libraries: SteamLibraries = {
      ...real,
      SteamCommunity: TestCommunity,
      SteamTotp: { ...real.SteamTotp, getTimeOffset: (callback) => callback(null, 0, 0) },
    };
    return { gateway: new RealSteamGateway({ libraries }), request };
  }

  it('loads the libraries with the MobileApp platform', () => {
    expect(real.mobileAppPlatform).toBe(3);
    expect(typeof real.LoginSession).toBe('function');
    expect(new real.SteamID(STEAM_ID).getSteamID64()).toBe(STEAM_ID);
  });

  it('editProfile posts steamcommunity’s profileSave form with the mapped fields', async () => {
    const { gateway, request } = gatewayWith((call) => {
      if (call.url.pathname === `/profiles/${STEAM_ID}/edit/info`)
        return { body: profileEditPage(EDIT_CONFIG) };
      if (call.method === 'POST' && call.url.pathname === `/profiles/${STEAM_ID}/edit`) {
        return {
          body:
            call.form?.customURL === 'taken'
              ? { success: 2, errmsg: 'The profile URL specified is already in use.' }
              : { success: 1 },
        };
      }
      return undefined;
    });
    const s = session();
    await gateway.editProfile(s, {
      name: 'New Name',
      summary: 'gl hf',
      country: 'KZ',
      customURL: 'newurl',
      primaryGroup: '103582791429521412',
    });
    const post = request.calls.find((call) => call.method === 'POST');
    expect(post?.form).toMatchObject({
      sessionID: s.sessionId,
      type: 'profileSave',
      personaName: 'New Name',
      real_name: '',
      summary: 'gl hf',
      country: 'KZ',
      customURL: 'newurl',
      primary_group_steamid: '103582791429521412',
      json: 1,
    });
    expect(await steamFailure(gateway.editProfile(s, { customURL: 'taken' }))).toMatchObject({
      kind: 'duplicate_request',
    });
  });

  it('setPrivacy sends PrivacyState numbers and reads back what Steam saved', async () => {
    const { gateway, request } = gatewayWith((call) => {
      if (call.url.pathname === `/profiles/${STEAM_ID}/edit/settings`)
        return { body: profileEditPage(EDIT_CONFIG) };
      if (call.url.pathname === `/profiles/${STEAM_ID}/ajaxsetprivacy/`) {
        const privacy = JSON.parse(String(call.form?.Privacy)) as Record<string, number>;
        return {
          body: {
            success: 1,
            Privacy: { PrivacySettings: privacy, eCommentPermission: Number(call.form?.eCommentPermission) },
          },
        };
      }
      return undefined;
    });
    const saved = await gateway.setPrivacy(session(), { friendsList: 'friends_only' });
    expect(saved).toEqual({ ...ALL_PUBLIC, friendsList: 'friends_only' });
    const post = request.calls.find((call) => call.method === 'POST');
    expect(JSON.parse(String(post?.form?.Privacy))).toEqual({
      PrivacyProfile: 3,
      PrivacyInventory: 3,
      PrivacyInventoryGifts: 3,
      PrivacyOwnedGames: 3,
      PrivacyPlaytime: 3,
      PrivacyFriendsList: 2,
    });
    expect(post?.form?.eCommentPermission).toBe(1);
  });

  it('enableTwoFactor: status 2 → needs_phone, 29 → already_has_authenticator, 1 → the secrets', async () => {
    let status = 2;
    const { gateway, request } = gatewayWith((call) => {
      if (call.url.href.startsWith(`${API}/ITwoFactorService/AddAuthenticator/v1/`)) {
        return status === 1
          ? {
              body: {
                response: {
                  status: 1,
                  shared_secret: 'c2hhcmVk',
                  identity_secret: 'aWRlbnRpdHk=',
                  revocation_code: 'R12345',
                  serial_number: '123',
                  uri: 'otpauth://totp/Steam:x',
                  server_time: '1700000000',
                  account_name: 'realbot',
                  token_gid: 'gid',
                  secret_1: 's1',
                },
              },
            }
          : { body: { response: { status } } };
      }
      return undefined;
    });
    const s = session();
    expect(await steamFailure(gateway.enableTwoFactorStep1(s))).toMatchObject({
      kind: 'needs_phone',
      eresult: 2,
    });
    status = 29;
    expect(await steamFailure(gateway.enableTwoFactorStep1(s))).toMatchObject({
      kind: 'already_has_authenticator',
      eresult: 29,
    });
    status = 1;
    expect(await gateway.enableTwoFactorStep1(s)).toEqual({
      sharedSecret: 'c2hhcmVk',
      identitySecret: 'aWRlbnRpdHk=',
      revocationCode: 'R12345',
      serialNumber: '123',
      uri: 'otpauth://totp/Steam:x',
      accountName: 'realbot',
      tokenGid: 'gid',
      secret1: 's1',
      serverTime: 1_700_000_000,
      phoneNumberHint: null,
    });
    const call = request.calls.at(-1);
    expect(call?.url.searchParams.get('access_token')).toBe(s.accessToken);
    expect(call?.form).toMatchObject({
      steamid: STEAM_ID,
      authenticator_type: 1,
      device_identifier: deviceIdFor(STEAM_ID),
      sms_phone_id: '1',
      version: 2,
    });
  });

  it('maps the library’s failure signals: redirect to /login, Family View, 429, Access Denied, no key', async () => {
    let reply: FakeReply = { status: 302, headers: { location: `${COMMUNITY}/login/home/?goto=` } };
    const { gateway } = gatewayWith((call) =>
      call.url.pathname.startsWith('/dev/apikey') ? reply : undefined,
    );
    const s = session();
    expect(await steamFailure(gateway.getSteamApiKey(s))).toMatchObject({ kind: 'session_expired' });
    reply = {
      status: 403,
      body: '<div id="parental_notice_instructions">Enter your PIN below to exit Family View.</div>',
    };
    expect(await steamFailure(gateway.getSteamApiKey(s))).toMatchObject({ kind: 'family_view', status: 403 });
    reply = { status: 429, body: '' };
    expect(await steamFailure(gateway.getSteamApiKey(s))).toMatchObject({
      kind: 'rate_limited',
      status: 429,
    });
    reply = { status: 500, body: '' };
    expect(await steamFailure(gateway.getSteamApiKey(s))).toMatchObject({ kind: 'http', status: 500 });
    reply = { body: '<h2>Access Denied</h2>' };
    expect(await steamFailure(gateway.getSteamApiKey(s))).toMatchObject({ kind: 'access_denied' });
    reply = { body: '<form id="editForm"></form>' };
    expect(await gateway.getSteamApiKey(s)).toBeNull();
    reply = { body: '<p>Key: 0123456789ABCDEF0123456789ABCDEF</p>' };
    expect(await gateway.getSteamApiKey(s)).toBe('0123456789ABCDEF0123456789ABCDEF');
  });

  it('createSteamApiKey without identity_secret returns the request to confirm', async () => {
    const { gateway, request } = gatewayWith((call) =>
      call.url.pathname === '/dev/requestkey' ? { body: { success: 22, request_id: '77' } } : undefined,
    );
    expect(await gateway.createSteamApiKey(session(), { domain: 'toydesk.local' })).toEqual({
      status: 'needs_confirmation',
      requestId: '77',
    });
    expect(request.calls.at(-1)?.form).toMatchObject({
      domain: 'toydesk.local',
      request_id: '0',
      agreeToTerms: 'true',
    });
  });

  it('getInventory maps CEconItems (trade hold from owner_descriptions); a private inventory is access_denied', async () => {
    const { gateway } = gatewayWith((call) => {
      if (call.url.pathname === `/inventory/${STEAM_ID}/730/2`) {
        return {
          body: {
            success: 1,
            total_inventory_count: 2,
            assets: [
              { appid: 730, contextid: '2', assetid: '111', classid: '10', instanceid: '0', amount: '1' },
              { appid: 730, contextid: '2', assetid: '112', classid: '11', instanceid: '0', amount: '1' },
            ],
            descriptions: [
              {
                appid: 730,
                classid: '10',
                instanceid: '0',
                market_hash_name: 'AK-47 | Redline (Field-Tested)',
                name: 'AK-47 | Redline',
                type: 'Rifle',
                tradable: 1,
                marketable: 1,
                icon_url: 'abc',
              },
              {
                appid: 730,
                classid: '11',
                instanceid: '0',
                market_hash_name: 'Chroma 2 Case',
                name: 'Chroma 2 Case',
                type: 'Container',
                tradable: 0,
                marketable: 0,
                icon_url: 'def',
                owner_descriptions: [
                  { type: 'html', value: 'Tradable/Marketable After Jul 11, 2030 (2:00:00) GMT' },
                ],
              },
            ],
          },
        };
      }
      if (call.url.pathname.startsWith('/inventory/')) return { status: 403, body: 'null' };
      return undefined;
    });
    const inventory = await gateway.getInventory(session(), { appId: 730, contextId: '2' });
    expect(inventory.totalCount).toBe(2);
    expect(inventory.items).toEqual([
      expect.objectContaining({
        assetId: '111',
        marketHashName: 'AK-47 | Redline (Field-Tested)',
        tradable: true,
        marketable: true,
        tradableAfter: null,
      }),
      expect.objectContaining({
        assetId: '112',
        tradable: false,
        marketable: false,
        tradableAfter: '2030-07-11T02:00:00.000Z',
      }),
    ]);
    expect(
      await steamFailure(
        gateway.getInventory(session(), { appId: 730, contextId: '2', steamId: '76561198000000099' }),
      ),
    ).toMatchObject({ kind: 'access_denied' });
  });

  it('turns an item into gems with the value Steam quoted', async () => {
    const { gateway, request } = gatewayWith((call) => {
      if (call.url.pathname === `/profiles/${STEAM_ID}/ajaxgetgoovalue/`)
        return { body: { success: 1, goo_value: '40', strTitle: 'Turn into gems?' } };
      if (call.url.pathname === `/profiles/${STEAM_ID}/ajaxgrindintogoo/`)
        return { body: { success: 1, 'goo_value_received ': '40', goo_value_total: '140' } };
      return undefined;
    });
    expect(await gateway.turnItemIntoGems(session(), { appId: 440, assetId: '999' })).toEqual({
      gemsReceived: 40,
      totalGems: 140,
    });
    expect(request.calls.at(-1)?.form).toMatchObject({
      appid: 440,
      contextid: 6,
      assetid: '999',
      goo_value_expected: 40,
    });
  });

  it('reads groups from the profile XML (getSteamUser)', async () => {
    const { gateway } = gatewayWith((call) =>
      call.url.pathname === `/profiles/${STEAM_ID}/`
        ? {
            body: `<?xml version="1.0"?><profile><steamID64>${STEAM_ID}</steamID64><steamID><![CDATA[x]]></steamID><groups><group isPrimary="0"><groupID64>103582791429521412</groupID64></group><group isPrimary="1"><groupID64>103582791429521413</groupID64></group></groups></profile>`,
          }
        : undefined,
    );
    expect(await gateway.getMyGroups(session())).toEqual({
      groups: ['103582791429521412', '103582791429521413'],
      primaryGroup: '103582791429521413',
    });
  });

  it('createOffer: steam-tradeoffer-manager’s send form; "pending" needs a confirmation; strError maps to offer_limit', async () => {
    let reply: FakeReply = { body: { tradeofferid: '5555', needs_mobile_confirmation: true } };
    const { gateway, request } = gatewayWith((call) =>
      call.url.pathname === '/tradeoffer/new/send' ? reply : undefined,
    );
    const s = session();
    const tradeUrl = 'https://steamcommunity.com/tradeoffer/new/?partner=12345&token=abcdEFGH';
    const created = await gateway.createOffer(s, {
      tradeUrl,
      assets: [{ appId: 730, contextId: '2', assetId: '111' }],
      message: 'order 7',
    });
    expect(created).toEqual({
      offerId: '5555',
      needsConfirmation: true,
      confirmationMethod: 'mobile',
      state: 9,
    });
    const form = request.calls.at(-1)?.form ?? {};
    expect(form).toMatchObject({
      sessionid: s.sessionId,
      partner: '76561197960278073',
      tradeoffermessage: 'order 7',
    });
    expect(JSON.parse(String(form.json_tradeoffer))).toMatchObject({
      me: { assets: [{ appid: 730, contextid: '2', amount: 1, assetid: '111' }] },
      them: { assets: [] },
    });
    expect(JSON.parse(String(form.trade_offer_create_params))).toEqual({
      trade_offer_access_token: 'abcdEFGH',
    });

    reply = {
      status: 500,
      body: {
        strError:
          'You have sent too many trade offers, or have too many outstanding trade offers with X. Please cancel some before sending more. (25)',
      },
    };
    expect(
      await steamFailure(
        gateway.createOffer(s, { tradeUrl, assets: [{ appId: 730, contextId: '2', assetId: '111' }] }),
      ),
    ).toMatchObject({ kind: 'offer_limit', eresult: 25 });
    reply = {
      status: 500,
      body: { strError: 'There was an error sending your trade offer.  Please try again later. (15)' },
    };
    expect(
      await steamFailure(
        gateway.createOffer(s, { tradeUrl, assets: [{ appId: 730, contextId: '2', assetId: '111' }] }),
      ),
    ).toMatchObject({ kind: 'access_denied', eresult: 15 });
    expect(
      await steamFailure(gateway.createOffer(s, { tradeUrl: 'https://example.org/', assets: [] })),
    ).toMatchObject({ kind: 'failed' });
  });

  /** A WebAPI answer with EResult OK. */
  const webApiOk = (body: unknown) => ({ headers: { 'x-eresult': '1' }, body });
  /** An offer as IEconService answers it: by default ours, giving one item of class 10_0. */
  const rawOffer = (fields: Record<string, unknown>) => ({
    tradeofferid: '5555',
    accountid_other: 12345,
    message: '',
    expiration_time: 1_900_000_000,
    trade_offer_state: 2,
    items_to_give: [
      { appid: 730, contextid: '2', assetid: '111', classid: '10', instanceid: '0', amount: '1' },
    ],
    is_our_offer: true,
    time_created: 1_800_000_000,
    time_updated: 1_800_000_100,
    confirmation_method: 0,
    ...fields,
  });

  it('getOffer and cancelOffer through the manager (IEconService/GetTradeOffer with the access token)', async () => {
    let state = 2;
    const { gateway, request } = gatewayWith((call) => {
      if (call.url.pathname === '/IEconService/GetTradeOffer/v1/') {
        const offer = rawOffer({
          message: 'order 7',
          trade_offer_state: state,
          from_real_time_trade: false,
          escrow_end_date: 0,
        });
        return webApiOk({ response: { offer } });
      }
      if (call.url.pathname === '/ISteamEconomy/GetAssetClassInfo/v1/') {
        return webApiOk({
          result: {
            success: true,
            '10_0': {
              classid: '10',
              instanceid: '0',
              market_hash_name: 'AK-47 | Redline (Field-Tested)',
              name: 'AK-47 | Redline',
            },
          },
        });
      }
      if (call.url.pathname === '/tradeoffer/5555/cancel') return { body: { tradeofferid: '5555' } };
      return undefined;
    });
    const s = session();
    const offer = await gateway.getOffer(s, '5555');
    expect(offer).toMatchObject({
      id: '5555',
      state: 2,
      stateName: 'Active',
      isOurOffer: true,
      partnerSteamId: '76561197960278073',
      message: 'order 7',
      createdAt: new Date(1_800_000_000_000).toISOString(),
      expiresAt: new Date(1_900_000_000_000).toISOString(),
      escrowEndsAt: null,
      confirmationMethod: 'none',
    });
    expect(offer.itemsToGive).toEqual([
      {
        appId: 730,
        contextId: '2',
        assetId: '111',
        amount: 1,
        classId: '10',
        instanceId: '0',
        marketHashName: 'AK-47 | Redline (Field-Tested)',
      },
    ]);
    expect(
      request.calls
        .find((call) => call.url.pathname === '/IEconService/GetTradeOffer/v1/')
        ?.url.searchParams.get('access_token'),
    ).toBe(s.accessToken);

    const canceled = await gateway.cancelOffer(s, '5555');
    expect(canceled.stateName).toBe('Canceled');
    state = 3;
    expect((await gateway.getOffer(s, '5555')).stateName).toBe('Accepted');
  });

  it('getOffers through the manager (IEconService/GetTradeOffers): sent and received, the filter sent as Steam wants it', async () => {
    const sent = rawOffer({
      tradeofferid: '61',
      message: 'ABC123',
      trade_offer_state: 9,
      items_to_receive: [],
      confirmation_method: 2,
    });
    const received = rawOffer({
      tradeofferid: '62',
      items_to_give: [],
      items_to_receive: [],
      is_our_offer: false,
    });
    const { gateway, request } = gatewayWith((call) => {
      if (call.url.pathname === '/IEconService/GetTradeOffers/v1/') {
        return webApiOk({ response: { trade_offers_sent: [sent], trade_offers_received: [received] } });
      }
      if (call.url.pathname === '/ISteamEconomy/GetAssetClassInfo/v1/') {
        return webApiOk({
          result: {
            success: true,
            '10_0': { classid: '10', instanceid: '0', market_hash_name: 'M4A4 | Howl' },
          },
        });
      }
      return undefined;
    });
    const s = session();
    const lists = await gateway.getOffers(s, {
      filter: 'active',
      since: new Date(1_800_000_000_000).toISOString(),
    });
    expect(lists.sent).toMatchObject([
      {
        id: '61',
        stateName: 'CreatedNeedsConfirmation',
        isOurOffer: true,
        message: 'ABC123',
        confirmationMethod: 'mobile',
      },
    ]);
    expect(lists.sent[0]?.itemsToGive[0]).toMatchObject({ assetId: '111', marketHashName: 'M4A4 | Howl' });
    expect(lists.received).toMatchObject([{ id: '62', stateName: 'Active', isOurOffer: false }]);
    const query = request.calls.find((call) => call.url.pathname === '/IEconService/GetTradeOffers/v1/')?.url
      .searchParams;
    expect(query?.get('active_only')).toBe('1');
    expect(query?.get('historical_only')).toBe('0');
    expect(query?.get('time_historical_cutoff')).toBe('1800000000');
    expect(query?.get('access_token')).toBe(s.accessToken);
  });

  it('listConfirmations signs getlist with a confirmation key from identity_secret at Steam’s time', async () => {
    const { gateway, request } = gatewayWith((call) =>
      call.url.pathname === '/mobileconf/getlist'
        ? {
            body: {
              success: true,
              conf: [
                {
                  id: '901',
                  type: 2,
                  type_name: 'Trade Offer',
                  creator_id: '5555',
                  nonce: '424242',
                  creation_time: 1_800_000_000,
                  headline: 'partner',
                  summary: ['You will give up 1 item'],
                },
              ],
            },
          }
        : undefined,
    );
    const list = await gateway.listConfirmations(session(), IDENTITY);
    expect(list).toEqual([
      {
        id: '901',
        nonce: '424242',
        objectId: '5555',
        type: 2,
        typeName: 'trade',
        title: 'Trade Offer - partner',
        summary: ['You will give up 1 item'],
        createdAt: new Date(1_800_000_000_000).toISOString(),
      },
    ]);
    const query = request.calls.at(-1)?.url.searchParams;
    expect(query?.get('p')).toBe(deviceIdFor(STEAM_ID));
    expect(query?.get('a')).toBe(STEAM_ID);
    expect(query?.get('tag')).toBe('list');
    expect(query?.get('k')).toBe(confirmationKey(IDENTITY, Number(query?.get('t')), 'list'));
  });
});
