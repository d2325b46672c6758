import type { ProfileTheme } from '@toydesk/contract';
import { HttpClient } from '@toydesk/http';

import { refreshTokenAlive } from '../session.ts';
import { isSteamError } from '../steam-error.ts';
import type {
  AddPhoneResult,
  Badge,
  CraftBadgesResult,
  CreateBuyOrderInput,
  CreatedBuyOrder,
  CreatedListing,
  CreateListingInput,
  EmailConfirmationState,
  Emoticon,
  Inventory,
  InventoryQuery,
  MyListings,
  PhoneNumberInput,
  PriceOverview,
  PriceOverviewQuery,
  ProfileSettings,
  ShowcaseInput,
  SiteCookies,
  SteamCredentials,
  SteamGateway,
  SteamSession,
  WalletBalance,
  WebCookieSite,
} from '../steam-gateway.ts';
import * as market from './market-calls.ts';
import { openIdSiteCookies } from './openid-calls.ts';
import { parentalUnlock } from './parental-calls.ts';
import * as phone from './phone-calls.ts';
import * as items from './profile-item-calls.ts';
import { SteamWebClient, type SteamHosts, type SteamWebClientOptions } from './steam-web-client.ts';
import { steamDomainCookies } from './steam-domain-cookies.ts';

export interface SteamWebGatewayOptions {
  /** Default: a new HttpClient, closed by close(). */
  http?: HttpClient;
  timeoutMs?: number;
  rateLimitKeyFor?: SteamWebClientOptions['rateLimitKeyFor'];
}

/**
 * What both gateways do the same way: the calls made raw over `SteamWebClient` (sessions renewed or made
 * again, cookies for other sites, Family View, phone, profile decoration, badges, the Community Market), on
 * the real Steam's hosts or the simulator's. Each gateway adds its own login, refresh, inventory and
 * confirmations (libraries on the real Steam, raw calls on the simulator).
 */
export abstract class SteamWebGateway implements Pick<SteamGateway, SharedCall> {
  readonly web: SteamWebClient;
  protected readonly ownsHttp: boolean;

  protected constructor(options: SteamWebGatewayOptions & { hosts: SteamHosts }) {
    this.ownsHttp = options.http === undefined;
    this.web = new SteamWebClient({
      http: options.http ?? new HttpClient(),
      hosts: options.hosts,
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.rateLimitKeyFor ? { rateLimitKeyFor: options.rateLimitKeyFor } : {}),
    });
  }

  abstract login(credentials: SteamCredentials): Promise<SteamSession>;
  abstract refreshSession(
    session: SteamSession,
    options?: { renewRefreshToken?: boolean },
  ): Promise<SteamSession>;
  abstract getInventory(session: SteamSession, query: InventoryQuery): Promise<Inventory>;
  abstract acceptConfirmation(
    session: SteamSession,
    input: { identitySecret: string; objectId: string },
  ): Promise<void>;

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

  getWebCookiesFor(session: SteamSession, site: WebCookieSite): Promise<SiteCookies> {
    if (site.kind === 'steam') return Promise.resolve(steamDomainCookies(session, site.domain));
    return openIdSiteCookies(this.web, session, site.loginUrl);
  }

  parentalUnlock(session: SteamSession, pin: string): Promise<SteamSession> {
    return parentalUnlock(this.web, session, pin);
  }

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

  getWalletBalance(session: SteamSession): Promise<WalletBalance> {
    return market.getWalletBalance(this.web, session);
  }

  createListing(session: SteamSession, input: CreateListingInput): Promise<CreatedListing> {
    return market.sellItem(this.web, session, input, this.confirmer(session, input.identitySecret));
  }

  createBuyOrder(session: SteamSession, input: CreateBuyOrderInput): Promise<CreatedBuyOrder> {
    return market.createBuyOrder(this.web, session, input, this.confirmer(session, input.identitySecret));
  }

  /** Listings and buy orders accept their mobile confirmation at once when the caller gave the identity secret. */
  private confirmer(session: SteamSession, identitySecret: string | null | undefined) {
    if (!identitySecret) return undefined;
    return (objectId: string) => this.acceptConfirmation(session, { identitySecret, objectId });
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
}

/** The calls `SteamWebGateway` makes for both gateways. */
type SharedCall =
  | 'relogin'
  | 'getWebCookiesFor'
  | 'parentalUnlock'
  | 'addPhone'
  | 'isWaitingForEmailConfirmation'
  | 'sendPhoneCode'
  | 'resendPhoneCode'
  | 'confirmPhoneCode'
  | 'setProfileTheme'
  | 'setFavoriteBadge'
  | 'setProfileBackground'
  | 'configureShowcase'
  | 'getProfileSettings'
  | 'getAvailableEmotions'
  | 'getBadges'
  | 'transformCardsToBadges'
  | 'getWalletBalance'
  | 'createListing'
  | 'createBuyOrder'
  | 'cancelBuyOrder'
  | 'getMyListings'
  | 'priceOverview';
