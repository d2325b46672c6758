import { HttpClient } from '@toydesk/http';
import type { ProfileTheme } from '@toydesk/contract';

import { buildSession, refreshTokenAlive, withTokens } from '../session.ts';
import { isSteamError } from '../steam-error.ts';
import type {
  AcceptOfferResult,
  AddPhoneResult,
  AvatarInput,
  Badge,
  CraftBadgesResult,
  CreateApiKeyInput,
  CreateApiKeyResult,
  CreateBuyOrderInput,
  CreatedBuyOrder,
  CreatedListing,
  CreatedOffer,
  CreateListingInput,
  CreateOfferInput,
  EmailConfirmationState,
  Emoticon,
  FinalizeTwoFactorInput,
  GemsResult,
  Inventory,
  InventoryQuery,
  MobileConfirmation,
  ConfirmationAnswer,
  MyGroups,
  MyListings,
  PhoneNumberInput,
  PriceOverview,
  PriceOverviewQuery,
  PrivacySettings,
  ProfileEdit,
  ProfileSettings,
  ShowcaseInput,
  SiteCookies,
  SteamCredentials,
  SteamGateway,
  SteamSession,
  TradeOffer,
  OfferLists,
  OffersQuery,
  TwoFactorSecrets,
  WalletBalance,
  WebCookieSite,
} from '../steam-gateway.ts';
import * as market from '../web/market-calls.ts';
import { openIdSiteCookies } from '../web/openid-calls.ts';
import { parentalUnlock } from '../web/parental-calls.ts';
import * as phone from '../web/phone-calls.ts';
import * as items from '../web/profile-item-calls.ts';
import { SteamWebClient, type SteamWebClientOptions } from '../web/steam-web-client.ts';
import { steamDomainCookies } from '../web/steam-domain-cookies.ts';
import { simulatorLogin, simulatorRefresh } from './sim-auth-calls.ts';
import * as community from './sim-community-calls.ts';
import * as confirmations from './sim-confirmation-calls.ts';
import * as trade from './sim-trade-calls.ts';
import * as twoFactor from './sim-two-factor-calls.ts';

export interface SteamSimulatorGatewayOptions {
  /** The simulator's base URL including its prefix, e.g. `http://127.0.0.1:8090/steam-sim`. */
  baseUrl: string;
  /** Default: a new HttpClient, closed by close(). */
  http?: HttpClient;
  timeoutMs?: number;
  rateLimitKeyFor?: SteamWebClientOptions['rateLimitKeyFor'];
}

/**
 * The gateway against the simulated Steam (`createSteamSimulator`), over real HTTP through @toydesk/http.
 * The calls the real gateway makes raw (phone, market, wallet, profile decoration, OpenID) are the same code
 * here, pointed at the simulator's hosts; the calls the real gateway leaves to DoctorMcKay's libraries are
 * re-made raw with the libraries' paths, forms and answers. Only login is the simulator's own one-call form.
 */
export class SteamSimulatorGateway implements SteamGateway {
  readonly web: SteamWebClient;
  private readonly loginUrl: string;
  private readonly ownsHttp: boolean;

  constructor(options: SteamSimulatorGatewayOptions) {
    const base = options.baseUrl.replace(/\/+$/, '');
    this.ownsHttp = options.http === undefined;
    this.web = new SteamWebClient({
      http: options.http ?? new HttpClient(),
      hosts: { community: `${base}/community`, api: `${base}/api` },
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.rateLimitKeyFor ? { rateLimitKeyFor: options.rateLimitKeyFor } : {}),
    });
    this.loginUrl = `${base}/login`;
  }

  // ---- sessions ----
  async login(credentials: SteamCredentials): Promise<SteamSession> {
    const tokens = await simulatorLogin(this.web, this.loginUrl, credentials);
    return buildSession({ ...tokens, proxy: credentials.proxy ?? null });
  }

  async relogin(credentials: SteamCredentials, previous?: SteamSession | null): Promise<SteamSession> {
    if (
      previous &&
      previous.accountName.toLowerCase() === credentials.accountName.toLowerCase() &&
      refreshTokenAlive(previous)
    ) {
      try {
        return await this.refreshSession(previous);
      } catch (error) {
        if (!isSteamError(error, 'session_expired')) throw error;
      }
    }
    return this.login(credentials);
  }

  async refreshSession(
    session: SteamSession,
    options: { renewRefreshToken?: boolean } = {},
  ): Promise<SteamSession> {
    const tokens = await simulatorRefresh(this.web, session, options.renewRefreshToken === true);
    return withTokens(session, tokens.accessToken, tokens.refreshToken);
  }

  getWebCookiesFor(session: SteamSession, site: WebCookieSite): Promise<SiteCookies> {
    if (site.kind === 'steam') return Promise.resolve(steamDomainCookies(session, site.domain));
    return openIdSiteCookies(this.web, session, site.loginUrl);
  }

  parentalUnlock(session: SteamSession, pin: string): Promise<SteamSession> {
    return parentalUnlock(this.web, session, pin);
  }

  // ---- phone ----
  addPhone(session: SteamSession, number: PhoneNumberInput): Promise<AddPhoneResult> {
    return phone.addPhone(this.web, session, number);
  }

  isWaitingForEmailConfirmation(session: SteamSession): Promise<EmailConfirmationState> {
    return phone.isWaitingForEmailConfirmation(this.web, session);
  }

  sendPhoneCode(session: SteamSession): Promise<void> {
    return phone.sendPhoneCode(this.web, session);
  }

  resendPhoneCode(session: SteamSession): Promise<void> {
    return phone.sendPhoneCode(this.web, session, 'resendPhoneCode');
  }

  confirmPhoneCode(session: SteamSession, code: string): Promise<void> {
    return phone.confirmPhoneCode(this.web, session, code);
  }

  // ---- 2FA ----
  enableTwoFactorStep1(session: SteamSession): Promise<TwoFactorSecrets> {
    return twoFactor.addAuthenticator(this.web, session);
  }

  finalizeTwoFactor(session: SteamSession, input: FinalizeTwoFactorInput): Promise<void> {
    return twoFactor.finalizeAuthenticator(this.web, session, input.sharedSecret, input.activationCode);
  }

  // ---- profile ----
  editProfile(session: SteamSession, edit: ProfileEdit): Promise<void> {
    return community.editProfile(this.web, session, edit);
  }

  uploadAvatar(session: SteamSession, avatar: AvatarInput): Promise<{ avatarUrl: string }> {
    return community.uploadAvatar(this.web, session, avatar);
  }

  setPrivacy(session: SteamSession, privacy: Partial<PrivacySettings> = {}): Promise<PrivacySettings> {
    return community.setPrivacy(this.web, session, privacy);
  }

  setProfileTheme(session: SteamSession, theme: ProfileTheme): Promise<void> {
    return items.setProfileTheme(this.web, session, theme);
  }

  setFavoriteBadge(
    session: SteamSession,
    badge: { badgeId: number; communityItemId?: string | null },
  ): Promise<void> {
    return items.setFavoriteBadge(this.web, session, badge);
  }

  setProfileBackground(session: SteamSession, communityItemId: string): Promise<void> {
    return items.setProfileBackground(this.web, session, communityItemId);
  }

  configureShowcase(session: SteamSession, showcase: ShowcaseInput): Promise<void> {
    return items.configureShowcase(this.web, session, showcase);
  }

  getProfileSettings(session: SteamSession): Promise<ProfileSettings> {
    return items.getProfileSettings(this.web, session);
  }

  getAvailableEmotions(session: SteamSession): Promise<Emoticon[]> {
    return items.getEmoticons(this.web, session);
  }

  getBadges(session: SteamSession): Promise<Badge[]> {
    return items.getBadges(this.web, session);
  }

  async transformCardsToBadges(session: SteamSession): Promise<CraftBadgesResult> {
    const steamItems = await this.getInventory(session, { appId: 753, contextId: '6' });
    return items.craftBadgesFromCards(this.web, session, steamItems);
  }

  getTradeUrl(session: SteamSession): Promise<string> {
    return community.getTradeUrl(this.web, session);
  }

  // ---- inventory, gems, groups, feed, workshop ----
  getInventory(session: SteamSession, query: InventoryQuery): Promise<Inventory> {
    return community.getInventory(this.web, session, query);
  }

  turnItemIntoGems(session: SteamSession, item: { appId: number; assetId: string }): Promise<GemsResult> {
    return community.turnItemIntoGems(this.web, session, item);
  }

  joinGroup(session: SteamSession, groupId: string): Promise<void> {
    return community.joinGroup(this.web, session, groupId);
  }

  getMyGroups(session: SteamSession): Promise<MyGroups> {
    return community.getMyGroups(this.web, session);
  }

  setFavoriteGroup(session: SteamSession, groupId: string): Promise<void> {
    return community.editProfile(this.web, session, { primaryGroup: groupId }, 'setFavoriteGroup');
  }

  postStatus(
    session: SteamSession,
    text: string,
    options: { appId?: number } = {},
  ): Promise<{ postId: string }> {
    return community.postStatus(this.web, session, text, options.appId ?? 0);
  }

  addWorkshopFavorite(
    session: SteamSession,
    file: { publishedFileId: string; appId: number },
  ): Promise<void> {
    return community.addWorkshopFavorite(this.web, session, file);
  }

  resetInventoryNotifications(session: SteamSession): Promise<void> {
    return community.resetInventoryNotifications(this.web, session);
  }

  // ---- API key ----
  getSteamApiKey(session: SteamSession): Promise<string | null> {
    return community.getApiKey(this.web, session);
  }

  createSteamApiKey(session: SteamSession, input: CreateApiKeyInput): Promise<CreateApiKeyResult> {
    return community.createApiKey(this.web, session, input, (objectId) =>
      this.acceptConfirmation(session, { identitySecret: input.identitySecret ?? '', objectId }),
    );
  }

  // ---- trade offers ----
  createOffer(session: SteamSession, input: CreateOfferInput): Promise<CreatedOffer> {
    return trade.sendOffer(this.web, session, input);
  }

  getOffer(session: SteamSession, offerId: string): Promise<TradeOffer> {
    return trade.getOffer(this.web, session, offerId);
  }

  getOffers(session: SteamSession, query?: OffersQuery): Promise<OfferLists> {
    return trade.getOffers(this.web, session, query);
  }

  acceptOffer(session: SteamSession, offerId: string): Promise<AcceptOfferResult> {
    return trade.acceptOffer(this.web, session, offerId);
  }

  cancelOffer(session: SteamSession, offerId: string): Promise<TradeOffer> {
    return trade.cancelOffer(this.web, session, offerId);
  }

  // ---- confirmations ----
  listConfirmations(session: SteamSession, identitySecret: string): Promise<MobileConfirmation[]> {
    return confirmations.listConfirmations(this.web, session, identitySecret);
  }

  acceptConfirmation(
    session: SteamSession,
    input: { identitySecret: string; objectId: string },
  ): Promise<void> {
    return confirmations.acceptConfirmation(this.web, session, input.identitySecret, input.objectId);
  }

  respondToConfirmation(session: SteamSession, input: ConfirmationAnswer): Promise<void> {
    return confirmations.respondToConfirmation(this.web, session, input);
  }

  // ---- market ----
  getWalletBalance(session: SteamSession): Promise<WalletBalance> {
    return market.getWalletBalance(this.web, session);
  }

  createListing(session: SteamSession, input: CreateListingInput): Promise<CreatedListing> {
    const secret = input.identitySecret;
    return market.sellItem(
      this.web,
      session,
      input,
      secret
        ? (objectId) => this.acceptConfirmation(session, { identitySecret: secret, objectId })
        : undefined,
    );
  }

  createBuyOrder(session: SteamSession, input: CreateBuyOrderInput): Promise<CreatedBuyOrder> {
    const secret = input.identitySecret;
    return market.createBuyOrder(
      this.web,
      session,
      input,
      secret
        ? (objectId) => this.acceptConfirmation(session, { identitySecret: secret, objectId })
        : undefined,
    );
  }

  cancelBuyOrder(session: SteamSession, buyOrderId: string): Promise<void> {
    return market.cancelBuyOrder(this.web, session, buyOrderId);
  }

  getMyListings(session: SteamSession): Promise<MyListings> {
    return market.getMyListings(this.web, session);
  }

  priceOverview(query: PriceOverviewQuery, session?: SteamSession | null): Promise<PriceOverview> {
    return market.priceOverview(this.web, query, session ?? null);
  }

  async close(): Promise<void> {
    if (this.ownsHttp) await this.web.http.close();
  }
}
