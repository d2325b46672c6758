import { buildSession, withTokens } from '../session.ts';
import type {
  AcceptOfferResult,
  AvatarInput,
  CreateApiKeyInput,
  CreateApiKeyResult,
  CreatedOffer,
  CreateOfferInput,
  FinalizeTwoFactorInput,
  GemsResult,
  Inventory,
  InventoryQuery,
  MobileConfirmation,
  ConfirmationAnswer,
  MyGroups,
  PrivacySettings,
  ProfileEdit,
  SteamCredentials,
  SteamGateway,
  SteamSession,
  TradeOffer,
  OfferLists,
  OffersQuery,
  TwoFactorSecrets,
} from '../steam-gateway.ts';
import { SteamWebGateway, type SteamWebGatewayOptions } from '../web/steam-web-gateway.ts';
import { simulatorLogin, simulatorRefresh } from './sim-auth-calls.ts';
import * as community from './sim-community-calls.ts';
import * as confirmations from './sim-confirmation-calls.ts';
import * as trade from './sim-trade-calls.ts';
import * as twoFactor from './sim-two-factor-calls.ts';

export interface SteamSimulatorGatewayOptions extends SteamWebGatewayOptions {
  /** The simulator's base URL including its prefix, e.g. `http://127.0.0.1:8090/steam-sim`. */
  baseUrl: string;
}

/**
 * The gateway against the simulated Steam (`createSteamSimulator` of `@toydesk/simulators`), over real HTTP
 * through @toydesk/http. The calls the real gateway makes raw (phone, market, wallet, profile decoration,
 * OpenID) are the same code (`SteamWebGateway`), pointed at the simulator's hosts; the calls the real gateway
 * leaves to DoctorMcKay's libraries are re-made raw with the libraries' paths, forms and answers. Only login
 * is the simulator's own one-call form.
 */
export class SteamSimulatorGateway extends SteamWebGateway implements SteamGateway {
  private readonly loginUrl: string;

  constructor(options: SteamSimulatorGatewayOptions) {
    const base = options.baseUrl.replace(/\/+$/, '');
    super({ ...options, hosts: { community: `${base}/community`, api: `${base}/api` } });
    this.loginUrl = `${base}/login`;
  }

  // ---- sessions ----
  async login(credentials: SteamCredentials): Promise<SteamSession> {
    const tokens = await simulatorLogin(this.web, this.loginUrl, credentials);
    return buildSession({ ...tokens, proxy: credentials.proxy ?? null });
  }

  async refreshSession(
    session: SteamSession,
    options: { renewRefreshToken?: boolean } = {},
  ): Promise<SteamSession> {
    const tokens = await simulatorRefresh(this.web, session, options.renewRefreshToken === true);
    return withTokens(session, tokens.accessToken, tokens.refreshToken);
  }

  // ---- phone ----
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
  async close(): Promise<void> {
    if (this.ownsHttp) await this.web.http.close();
  }
}
