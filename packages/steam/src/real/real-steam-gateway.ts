import { type ProxyConfig } from '@toydesk/http';

import { buildSession, withTokens } from '../session.ts';
import { isSteamError, SteamError } from '../steam-error.ts';
import {
  tradeOfferStateName,
  type AcceptOfferResult,
  type AvatarInput,
  type ConfirmationMethod,
  type CreateApiKeyInput,
  type CreateApiKeyResult,
  type CreatedOffer,
  type CreateOfferInput,
  type FinalizeTwoFactorInput,
  type GemsResult,
  type Inventory,
  type InventoryQuery,
  type MobileConfirmation,
  type ConfirmationAnswer,
  type MyGroups,
  type OfferItem,
  type PrivacySettings,
  type ProfileEdit,
  type SteamCredentials,
  type SteamGateway,
  type SteamSession,
  type TradeOffer,
  type OfferLists,
  type OffersQuery,
  type TwoFactorSecrets,
} from '../steam-gateway.ts';
import { imageFormat } from '../web/image-format.ts';
import { inventoryItemFrom } from '../web/inventory-mapping.ts';
import { ALL_PUBLIC, PRIVACY_STATE, privacyFromSteam } from '../web/profile-item-calls.ts';
import { REAL_STEAM_HOSTS, type SteamHosts } from '../web/steam-web-client.ts';
import { SteamWebGateway, type SteamWebGatewayOptions } from '../web/steam-web-gateway.ts';
import { confirmation } from '../web/trade-mapping.ts';
import { libraryError, type LibraryContext } from './library-errors.ts';
import {
  loadSteamLibraries,
  type CommunityLike,
  type EconItemLike,
  type SteamLibraries,
  type TradeOfferLike,
  type TradeOfferManagerLike,
} from './libraries.ts';

/** `http` serves the raw calls (phone, market, wallet, profile decoration, OpenID). */
export interface RealSteamGatewayOptions extends SteamWebGatewayOptions {
  /** Default: the real Steam hosts. */
  hosts?: SteamHosts;
  /** Tests: fakes with the libraries' shape. Default: the installed libraries, loaded on first use. */
  libraries?: SteamLibraries | (() => Promise<SteamLibraries>);
  /** How long a Steam time offset (steam-totp getTimeOffset) is reused. Default 1 h. */
  timeOffsetTtlMs?: number;
  /** steam-session's login timeout. Default 60 s. */
  loginTimeoutMs?: number;
}

const CONFIRMATION_METHODS: ConfirmationMethod[] = ['none', 'email', 'mobile'];
const COMMUNITY_CACHE = 200;

/**
 * The gateway against real Steam, on DoctorMcKay's libraries as marketplaces.md section 3 maps them:
 * steam-session (LoginSession on the MobileApp platform: tokens and cookies; refreshAccessToken,
 * renewRefreshToken), steamcommunity (profile, privacy, avatar, 2FA, groups, feed, workshop, inventory, gems,
 * API key, trade URL, mobile confirmations), steam-tradeoffer-manager (offers), steam-totp (codes, keys, time
 * offset), and raw calls through @toydesk/http where no library has the feature (IPhoneService, the market,
 * the wallet, themes / backgrounds / favourite badge / showcases, emoticons, badges, OpenID, Family View).
 *
 * Each call hands the session (cookies and mobile access token) to the library objects; beyond steamcommunity
 * instances kept per account for their connections, no account state is kept here. It cannot be exercised
 * against Steam in this repository (no network); the raw calls are the same code the simulated gateway runs
 * against the simulator.
 */
export class RealSteamGateway extends SteamWebGateway implements SteamGateway {
  private readonly librariesSource: RealSteamGatewayOptions['libraries'];
  private librariesPromise: Promise<SteamLibraries> | null = null;
  private readonly timeOffsetTtlMs: number;
  private readonly loginTimeoutMs: number;
  private timeOffset: { seconds: number; at: number } | null = null;
  private readonly communities = new Map<string, CommunityLike>();

  constructor(options: RealSteamGatewayOptions = {}) {
    super({ ...options, hosts: options.hosts ?? REAL_STEAM_HOSTS });
    this.librariesSource = options.libraries;
    this.timeOffsetTtlMs = options.timeOffsetTtlMs ?? 60 * 60 * 1000;
    this.loginTimeoutMs = options.loginTimeoutMs ?? 60_000;
  }

  // ---------------------------------------------------------------------------------------------------
  // plumbing

  private libraries(): Promise<SteamLibraries> {
    if (!this.librariesPromise) {
      const source = this.librariesSource;
      this.librariesPromise =
        source === undefined
          ? loadSteamLibraries()
          : typeof source === 'function'
            ? source()
            : Promise.resolve(source);
    }
    return this.librariesPromise;
  }

  /**
   * A steamcommunity instance logged in with the session's cookies and mobile access token. Instances are kept
   * per account and proxy (each holds its own keep-alive agent), at most COMMUNITY_CACHE of them.
   */
  private async community(session: SteamSession): Promise<CommunityLike> {
    const libs = await this.libraries();
    const key = `${session.steamId}|${session.proxy ? proxyUrl(session.proxy) : ''}`;
    let community = this.communities.get(key);
    if (community) {
      this.communities.delete(key);
    } else {
      community = new libs.SteamCommunity();
      if (session.proxy) applyRequestProxy(community, session.proxy);
    }
    this.communities.set(key, community);
    if (this.communities.size > COMMUNITY_CACHE) {
      const oldest = this.communities.keys().next().value;
      if (oldest !== undefined) this.communities.delete(oldest);
    }
    community.setCookies(session.cookies);
    try {
      community.setMobileAppAccessToken(session.accessToken);
    } catch {
      // An expired or non-mobile token: 2FA calls then fail with "No mobile access token" (session_expired).
    }
    return community;
  }

  private async manager(session: SteamSession): Promise<TradeOfferManagerLike> {
    const libs = await this.libraries();
    const manager = new libs.TradeOfferManager({
      community: await this.community(session),
      language: 'en',
      pollInterval: -1,
      dataDirectory: null,
      useAccessToken: true,
    });
    await this.call('createOffer', 'offer', (done) => manager.setCookies(session.cookies, done));
    return manager;
  }

  /** A library callback as a promise, its error mapped to SteamError. */
  private call<T = void>(
    operation: string,
    context: LibraryContext,
    start: (done: (error: unknown, result?: T) => void) => void,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      try {
        start((error, result) =>
          error ? reject(libraryError(operation, error, context)) : resolve(result as T),
        );
      } catch (error) {
        reject(libraryError(operation, error, context));
      }
    });
  }

  private sessionOptions(proxy: ProxyConfig | null): Record<string, unknown> {
    if (!proxy) return {};
    const url = proxyUrl(proxy);
    return proxy.protocol === 'socks5' ? { socksProxy: url } : { httpProxy: url };
  }

  /** Steam's time minus ours (steam-totp getTimeOffset, ITwoFactorService/QueryTime), cached. */
  private async steamTimeOffset(operation: string): Promise<number> {
    if (this.timeOffset && Date.now() - this.timeOffset.at < this.timeOffsetTtlMs)
      return this.timeOffset.seconds;
    const libs = await this.libraries();
    const seconds = await this.call<number>(operation, 'general', (done) =>
      libs.SteamTotp.getTimeOffset((error, offset) => done(error, offset)),
    );
    this.timeOffset = { seconds, at: Date.now() };
    return seconds;
  }

  // ---------------------------------------------------------------------------------------------------
  // sessions

  async login(credentials: SteamCredentials): Promise<SteamSession> {
    const operation = 'login';
    const libs = await this.libraries();
    const proxy = credentials.proxy ?? null;
    let guardCode = credentials.guardCode ?? undefined;
    if (credentials.sharedSecret) {
      guardCode = libs.SteamTotp.generateAuthCode(
        credentials.sharedSecret,
        await this.steamTimeOffset(operation),
      );
    }
    const session = new libs.LoginSession(libs.mobileAppPlatform, this.sessionOptions(proxy));
    session.loginTimeout = this.loginTimeoutMs;
    const authenticated = new Promise<void>((resolve, reject) => {
      session.on('authenticated', () => resolve());
      session.on('error', (error) => reject(libraryError(operation, error, 'login')));
      session.on('timeout', () =>
        reject(new SteamError({ kind: 'http', operation, message: 'the login timed out' })),
      );
    });
    authenticated.catch(() => undefined);
    try {
      const started = await session
        .startWithCredentials({
          accountName: credentials.accountName,
          password: credentials.password,
          ...(guardCode ? { steamGuardCode: guardCode } : {}),
        })
        .catch((error: unknown) => {
          throw libraryError(operation, error, 'login');
        });
      if (started.actionRequired) {
        session.cancelLoginAttempt();
        throw new SteamError({
          kind: 'needs_guard_code',
          operation,
          message: `Steam wants a Steam Guard code (${(started.validActions ?? []).map((action) => action.type).join(', ') || 'unknown'})`,
        });
      }
      await authenticated;
      const cookies = await session.getWebCookies().catch((error: unknown) => {
        throw libraryError(operation, error, 'login');
      });
      return buildSession({
        accountName: credentials.accountName,
        steamId: session.steamID.getSteamID64(),
        accessToken: session.accessToken,
        refreshToken: session.refreshToken,
        cookies,
        proxy,
      });
    } finally {
      session.removeAllListeners();
    }
  }

  async refreshSession(
    session: SteamSession,
    options: { renewRefreshToken?: boolean } = {},
  ): Promise<SteamSession> {
    const operation = 'refreshSession';
    const libs = await this.libraries();
    const login = new libs.LoginSession(libs.mobileAppPlatform, this.sessionOptions(session.proxy));
    try {
      login.refreshToken = session.refreshToken;
      if (options.renewRefreshToken) await login.renewRefreshToken();
      else await login.refreshAccessToken();
    } catch (error) {
      throw libraryError(operation, error, 'refresh');
    }
    return withTokens(
      session,
      login.accessToken,
      login.refreshToken !== session.refreshToken ? login.refreshToken : null,
    );
  }

  // ---------------------------------------------------------------------------------------------------
  // phone (raw IPhoneService)

  // ---------------------------------------------------------------------------------------------------
  // 2FA (steamcommunity)

  async enableTwoFactorStep1(session: SteamSession): Promise<TwoFactorSecrets> {
    const operation = 'enableTwoFactorStep1';
    const community = await this.community(session);
    const response = await this.call<Record<string, unknown>>(operation, 'twofactor-add', (done) =>
      community.enableTwoFactor(done),
    );
    return twoFactorSecretsFrom(operation, response);
  }

  async finalizeTwoFactor(session: SteamSession, input: FinalizeTwoFactorInput): Promise<void> {
    const community = await this.community(session);
    await this.call('finalizeTwoFactor', 'twofactor-finalize', (done) =>
      community.finalizeTwoFactor(input.sharedSecret, input.activationCode, done),
    );
  }

  // ---------------------------------------------------------------------------------------------------
  // profile

  async editProfile(session: SteamSession, edit: ProfileEdit, operation = 'editProfile'): Promise<void> {
    const community = await this.community(session);
    await this.call(operation, 'profile', (done) => community.editProfile(profileSettingsFor(edit), done));
  }

  async uploadAvatar(session: SteamSession, avatar: AvatarInput): Promise<{ avatarUrl: string }> {
    const operation = 'uploadAvatar';
    const format = avatar.format ?? imageFormat(avatar.image);
    if (!format)
      throw new SteamError({ kind: 'failed', operation, message: 'Unknown or invalid image format' });
    const community = await this.community(session);
    const url = await this.call<string>(operation, 'profile', (done) =>
      community.uploadAvatar(Buffer.from(avatar.image), format, done),
    );
    return { avatarUrl: url };
  }

  async setPrivacy(session: SteamSession, privacy: Partial<PrivacySettings> = {}): Promise<PrivacySettings> {
    const operation = 'setPrivacy';
    const community = await this.community(session);
    const saved = await this.call<{ PrivacySettings?: Record<string, number>; eCommentPermission?: number }>(
      operation,
      'profile',
      (done) => community.profileSettings(privacySettingsFor(privacy), done),
    );
    if (!saved) throw new SteamError({ kind: 'malformed', operation, message: 'Malformed response' });
    return privacyFromSteam(saved.PrivacySettings, saved.eCommentPermission);
  }

  async getTradeUrl(session: SteamSession): Promise<string> {
    const community = await this.community(session);
    return this.call<string>('getTradeUrl', 'general', (done) => community.getTradeURL(done));
  }

  // ---------------------------------------------------------------------------------------------------
  // inventory, gems, groups, feed, workshop

  async getInventory(session: SteamSession, query: InventoryQuery): Promise<Inventory> {
    const operation = 'getInventory';
    const community = await this.community(session);
    const result = await this.call<{ inventory: EconItemLike[]; currency: EconItemLike[]; total: number }>(
      operation,
      'inventory',
      (done) =>
        community.getUserInventoryContents(
          query.steamId ?? session.steamId,
          query.appId,
          query.contextId,
          false,
          'english',
          (error, inventory, currency, total) =>
            done(error, { inventory: inventory ?? [], currency: currency ?? [], total: total ?? 0 }),
        ),
    );
    const all = [...result.inventory, ...result.currency];
    return {
      items: all.map((item) => inventoryItemFrom(item, { appId: query.appId, contextId: query.contextId })),
      totalCount: result.total,
    };
  }

  async turnItemIntoGems(
    session: SteamSession,
    item: { appId: number; assetId: string },
  ): Promise<GemsResult> {
    const operation = 'turnItemIntoGems';
    const community = await this.community(session);
    const value = await this.call<{ gemValue: number }>(operation, 'gems', (done) =>
      community.getGemValue(item.appId, item.assetId, done),
    );
    return this.call<GemsResult>(operation, 'gems', (done) =>
      community.turnItemIntoGems(item.appId, item.assetId, value.gemValue, done),
    );
  }

  async joinGroup(session: SteamSession, groupId: string): Promise<void> {
    const community = await this.community(session);
    await this.call('joinGroup', 'general', (done) => community.joinGroup(groupId, done));
  }

  async getMyGroups(session: SteamSession): Promise<MyGroups> {
    const libs = await this.libraries();
    const community = await this.community(session);
    const user = await this.call<{
      groups: { getSteamID64(): string }[] | null;
      primaryGroup: { getSteamID64(): string } | null;
    }>('getMyGroups', 'general', (done) => community.getSteamUser(new libs.SteamID(session.steamId), done));
    return {
      groups: (user.groups ?? []).map((group) => group.getSteamID64()),
      primaryGroup: user.primaryGroup?.getSteamID64() ?? null,
    };
  }

  setFavoriteGroup(session: SteamSession, groupId: string): Promise<void> {
    return this.editProfile(session, { primaryGroup: groupId }, 'setFavoriteGroup');
  }

  async postStatus(
    session: SteamSession,
    text: string,
    options: { appId?: number } = {},
  ): Promise<{ postId: string }> {
    const community = await this.community(session);
    const postId = await this.call<number>('postStatus', 'general', (done) =>
      community.postProfileStatus(text, options.appId ? { appID: options.appId } : {}, done),
    );
    return { postId: String(postId) };
  }

  async addWorkshopFavorite(
    session: SteamSession,
    file: { publishedFileId: string; appId: number },
  ): Promise<void> {
    const community = await this.community(session);
    await this.call('addWorkshopFavorite', 'general', (done) =>
      community.favoriteSharedFile(file.publishedFileId, file.appId, done),
    );
  }

  async resetInventoryNotifications(session: SteamSession): Promise<void> {
    const community = await this.community(session);
    await this.call('resetInventoryNotifications', 'general', (done) =>
      community.resetItemNotifications(done),
    );
  }

  // ---------------------------------------------------------------------------------------------------
  // API key

  async getSteamApiKey(session: SteamSession): Promise<string | null> {
    const community = await this.community(session);
    try {
      return await this.call<string>('getSteamApiKey', 'apikey', (done) => community.getWebApiKey(done));
    } catch (error) {
      if (isSteamError(error) && error.message.endsWith('No API key created for this account')) return null;
      throw error;
    }
  }

  async createSteamApiKey(session: SteamSession, input: CreateApiKeyInput): Promise<CreateApiKeyResult> {
    const operation = 'createSteamApiKey';
    const community = await this.community(session);
    const result = await this.call<{
      confirmationRequired: boolean;
      apiKey?: string;
      finalizeOptions?: { requestID: string };
    }>(operation, 'apikey', (done) =>
      community.createWebApiKey(
        {
          domain: input.domain,
          ...(input.requestId ? { requestID: input.requestId } : {}),
          ...(input.identitySecret ? { identitySecret: input.identitySecret } : {}),
        },
        done,
      ),
    );
    if (result.confirmationRequired)
      return { status: 'needs_confirmation', requestId: String(result.finalizeOptions?.requestID ?? '') };
    if (!result.apiKey)
      throw new SteamError({ kind: 'malformed', operation, message: 'no key after creation' });
    return { status: 'created', apiKey: result.apiKey };
  }

  // ---------------------------------------------------------------------------------------------------
  // trade offers (steam-tradeoffer-manager)

  async createOffer(session: SteamSession, input: CreateOfferInput): Promise<CreatedOffer> {
    const operation = 'createOffer';
    const manager = await this.manager(session);
    try {
      let offer: TradeOfferLike;
      try {
        offer = manager.createOffer(input.tradeUrl);
      } catch (error) {
        throw new SteamError({
          kind: 'failed',
          operation,
          message: error instanceof Error ? error.message : 'Invalid trade URL',
          cause: error,
        });
      }
      offer.addMyItems(input.assets.map(assetFor));
      if (input.assetsToReceive?.length) offer.addTheirItems(input.assetsToReceive.map(assetFor));
      if (input.message) offer.setMessage(input.message);
      const status = await this.call<'sent' | 'pending'>(operation, 'offer', (done) => offer.send(done));
      const method = CONFIRMATION_METHODS[offer.confirmationMethod ?? 0] ?? 'none';
      return {
        offerId: String(offer.id),
        needsConfirmation: status === 'pending',
        confirmationMethod: status === 'pending' && method === 'none' ? 'mobile' : method,
        state: offer.state,
      };
    } finally {
      manager.shutdown();
    }
  }

  /** Loads one offer through a manager of the session's own, shut down once `use` is done with the offer. */
  private async withOffer<T>(
    session: SteamSession,
    operation: string,
    offerId: string,
    use: (offer: TradeOfferLike) => Promise<T>,
  ): Promise<T> {
    const manager = await this.manager(session);
    try {
      return await use(
        await this.call<TradeOfferLike>(operation, 'offer', (done) => manager.getOffer(offerId, done)),
      );
    } finally {
      manager.shutdown();
    }
  }

  getOffer(session: SteamSession, offerId: string): Promise<TradeOffer> {
    return this.withOffer(session, 'getOffer', offerId, (offer) => Promise.resolve(tradeOfferFrom(offer)));
  }

  async getOffers(session: SteamSession, query: OffersQuery = {}): Promise<OfferLists> {
    const operation = 'getOffers';
    const manager = await this.manager(session);
    const filter = { active: 1, historical: 2, all: 3 }[query.filter ?? 'all'];
    try {
      const [sent, received] = await this.call<[TradeOfferLike[], TradeOfferLike[]]>(
        operation,
        'offer',
        (done) =>
          manager.getOffers(filter, query.since ? new Date(query.since) : null, (error, s, r) =>
            done(error, [s ?? [], r ?? []]),
          ),
      );
      return { sent: sent.map(tradeOfferFrom), received: received.map(tradeOfferFrom) };
    } finally {
      manager.shutdown();
    }
  }

  acceptOffer(session: SteamSession, offerId: string): Promise<AcceptOfferResult> {
    const operation = 'acceptOffer';
    return this.withOffer(session, operation, offerId, async (offer) => {
      const status = await this.call<'accepted' | 'pending' | 'escrow'>(operation, 'offer', (done) =>
        offer.accept(false, done),
      );
      return { status, tradeId: offer.tradeID ?? null };
    });
  }

  cancelOffer(session: SteamSession, offerId: string): Promise<TradeOffer> {
    const operation = 'cancelOffer';
    return this.withOffer(session, operation, offerId, async (offer) => {
      await this.call(operation, 'offer', (done) => offer.cancel(done));
      return tradeOfferFrom(offer);
    });
  }

  // ---------------------------------------------------------------------------------------------------
  // mobile confirmations (steamcommunity + steam-totp)

  async listConfirmations(session: SteamSession, identitySecret: string): Promise<MobileConfirmation[]> {
    const operation = 'listConfirmations';
    const libs = await this.libraries();
    const offset = await this.steamTimeOffset(operation);
    const time = libs.SteamTotp.time(offset);
    const key = libs.SteamTotp.getConfirmationKey(identitySecret, time, 'list');
    const community = await this.community(session);
    const list = await this.call<
      {
        id: string | number;
        type: number;
        creator: string | number;
        key: string;
        title: string;
        sending?: string;
        receiving?: string;
        timestamp?: Date;
      }[]
    >(operation, 'confirmation', (done) => community.getConfirmations(time, { tag: 'list', key }, done));
    return list.map((entry) =>
      confirmation({
        id: entry.id,
        nonce: entry.key,
        creator: entry.creator,
        type: Number(entry.type),
        title: entry.title,
        summary: [entry.sending ?? '', entry.receiving ?? ''].filter(Boolean),
        createdAt: entry.timestamp ?? new Date(),
      }),
    );
  }

  async acceptConfirmation(
    session: SteamSession,
    input: { identitySecret: string; objectId: string },
  ): Promise<void> {
    const community = await this.community(session);
    await this.call('acceptConfirmation', 'confirmation', (done) =>
      community.acceptConfirmationForObject(input.identitySecret, input.objectId, done),
    );
  }

  async respondToConfirmation(session: SteamSession, input: ConfirmationAnswer): Promise<void> {
    const operation = 'respondToConfirmation';
    const libs = await this.libraries();
    const offset = await this.steamTimeOffset(operation);
    const time = libs.SteamTotp.time(offset);
    // The official app's tags (steamcommunity keeps allow/cancel by default; both are accepted).
    const tag = input.accept ? 'accept' : 'reject';
    const key = libs.SteamTotp.getConfirmationKey(input.identitySecret, time, tag);
    const community = await this.community(session);
    await this.call(operation, 'confirmation', (done) =>
      community.respondToConfirmation(input.id, input.nonce, time, { tag, key }, input.accept, done),
    );
  }

  // ---------------------------------------------------------------------------------------------------
  // market (raw community requests)

  async close(): Promise<void> {
    this.communities.clear();
    if (this.ownsHttp) await this.web.http.close();
  }
}

// -------------------------------------------------------------------------------------------------------
// argument and result mapping (exported for the unit tests)

export function proxyUrl(proxy: ProxyConfig): string {
  const auth = proxy.username
    ? `${encodeURIComponent(proxy.username)}:${encodeURIComponent(proxy.password ?? '')}@`
    : '';
  return `${proxy.protocol}://${auth}${proxy.host}:${proxy.port}`;
}

/**
 * steamcommunity sends through the `request` package: an HTTP(S) proxy goes in as request's `proxy` default
 * (what passing `request: Request.defaults({proxy})` to the constructor does). request cannot speak SOCKS.
 */
export function applyRequestProxy(community: CommunityLike, proxy: ProxyConfig): void {
  if (proxy.protocol === 'socks5') {
    throw new SteamError({
      kind: 'failed',
      operation: 'proxy',
      message: 'steamcommunity (request) cannot use a SOCKS5 proxy; use an HTTP proxy for this account',
    });
  }
  community.request = community.request.defaults({ proxy: proxyUrl(proxy) }) as CommunityLike['request'];
}

/** ProfileEdit → steamcommunity editProfile settings (name, realName, summary, country, state, city, customURL, primaryGroup). */
export function profileSettingsFor(edit: ProfileEdit): Record<string, string> {
  const settings: Record<string, string> = {};
  if (edit.name !== undefined) settings.name = edit.name;
  if (edit.realName !== undefined) settings.realName = edit.realName;
  if (edit.summary !== undefined) settings.summary = edit.summary;
  if (edit.country !== undefined) settings.country = edit.country;
  if (edit.state !== undefined) settings.state = edit.state;
  if (edit.city !== undefined) settings.city = edit.city;
  if (edit.customURL !== undefined) settings.customURL = edit.customURL;
  if (edit.primaryGroup !== undefined) settings.primaryGroup = edit.primaryGroup;
  return settings;
}

/** PrivacySettings → steamcommunity profileSettings (PrivacyState numbers; gifts and playtime are "hidden" booleans). */
export function privacySettingsFor(wanted: Partial<PrivacySettings>): Record<string, number | boolean> {
  const settings = { ...ALL_PUBLIC, ...wanted };
  return {
    profile: PRIVACY_STATE[settings.profile],
    comments: PRIVACY_STATE[settings.comments],
    inventory: PRIVACY_STATE[settings.inventory],
    inventoryGifts: settings.inventoryGiftsHidden,
    gameDetails: PRIVACY_STATE[settings.gameDetails],
    playtime: settings.playtimeHidden,
    friendsList: PRIVACY_STATE[settings.friendsList],
  };
}

export function twoFactorSecretsFrom(
  operation: string,
  response: Record<string, unknown> | undefined,
): TwoFactorSecrets {
  const text = (key: string) =>
    typeof response?.[key] === 'string' || typeof response?.[key] === 'number' ? String(response[key]) : null;
  const sharedSecret = text('shared_secret');
  const identitySecret = text('identity_secret');
  const revocationCode = text('revocation_code');
  if (!sharedSecret || !identitySecret || !revocationCode)
    throw new SteamError({
      kind: 'malformed',
      operation,
      message: 'AddAuthenticator answered without secrets',
    });
  const serverTime = text('server_time');
  return {
    sharedSecret,
    identitySecret,
    revocationCode,
    serialNumber: text('serial_number') ?? '',
    uri: text('uri') ?? '',
    accountName: text('account_name'),
    tokenGid: text('token_gid'),
    secret1: text('secret_1'),
    serverTime: serverTime ? Number(serverTime) : null,
    phoneNumberHint: text('phone_number_hint'),
  };
}

export function assetFor(asset: { appId: number; contextId: string; assetId: string; amount?: number }) {
  return {
    appid: asset.appId,
    contextid: asset.contextId,
    assetid: asset.assetId,
    amount: asset.amount ?? 1,
  };
}

function offerItemFrom(item: EconItemLike): OfferItem {
  return {
    appId: Number(item.appid),
    contextId: String(item.contextid),
    assetId: String(item.assetid ?? item.id ?? ''),
    amount: Number(item.amount ?? 1),
    classId: item.classid ?? null,
    instanceId: item.instanceid ?? null,
    marketHashName: item.market_hash_name ?? null,
  };
}

export function tradeOfferFrom(offer: TradeOfferLike): TradeOffer {
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return {
    id: String(offer.id),
    state: offer.state,
    stateName: tradeOfferStateName(offer.state),
    isOurOffer: offer.isOurOffer === true,
    partnerSteamId: offer.partner.getSteamID64(),
    message: offer.message ?? '',
    itemsToGive: offer.itemsToGive.map(offerItemFrom),
    itemsToReceive: offer.itemsToReceive.map(offerItemFrom),
    createdAt: iso(offer.created),
    updatedAt: iso(offer.updated),
    expiresAt: iso(offer.expires),
    escrowEndsAt: iso(offer.escrowEnds),
    tradeId: offer.tradeID ?? null,
    confirmationMethod: CONFIRMATION_METHODS[offer.confirmationMethod ?? 0] ?? 'none',
  };
}
