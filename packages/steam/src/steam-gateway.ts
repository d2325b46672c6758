import type { ConfirmationKind, ProfileTheme, ShowcaseKind } from '@toydesk/contract';
import type { ProxyConfig } from '@toydesk/http';

/**
 * Everything the bot services (sign-up and game-platform, spec section 7) do on Steam, as one interface with
 * two implementations: `RealSteamGateway` (DoctorMcKay's libraries plus raw calls) and
 * `SteamSimulatorGateway` (the simulated Steam over HTTP). Every method is async, takes and returns plain
 * data (no library objects), and fails with `SteamError` only.
 *
 * The gateway holds no account state: a `SteamSession` goes in with every call and comes back from the calls
 * that change it (login, refresh, parentalUnlock). Secrets the caller stores (shared_secret, identity_secret)
 * are passed in where a call needs them. Times are ISO strings, money is integer minor units.
 */
export interface SteamGateway {
  // ---- sessions ----
  /** Logs in with the password and a Steam Guard code (generated from `sharedSecret` at Steam's time, or `guardCode`). */
  login(credentials: SteamCredentials): Promise<SteamSession>;
  /** A fresh session: refreshes `previous` while its refresh token lives, else logs in again. */
  relogin(credentials: SteamCredentials, previous?: SteamSession | null): Promise<SteamSession>;
  /** New access token and cookies from the refresh token; `renewRefreshToken` also asks for a new refresh token. */
  refreshSession(session: SteamSession, options?: { renewRefreshToken?: boolean }): Promise<SteamSession>;
  /** Cookies for another Steam domain, or for a site that logs in through Steam OpenID (login-on-other-site). */
  getWebCookiesFor(session: SteamSession, site: WebCookieSite): Promise<SiteCookies>;
  /** Leaves Family View with the PIN; the returned session carries the unlock cookie. */
  parentalUnlock(session: SteamSession, pin: string): Promise<SteamSession>;

  // ---- phone (raw IPhoneService calls) ----
  /** Attaches the number; Steam then emails the owner a link to confirm (`confirmation`). */
  addPhone(session: SteamSession, phone: PhoneNumberInput): Promise<AddPhoneResult>;
  isWaitingForEmailConfirmation(session: SteamSession): Promise<EmailConfirmationState>;
  sendPhoneCode(session: SteamSession): Promise<void>;
  /** The same request as sendPhoneCode, named for the sign-up step "resend code". */
  resendPhoneCode(session: SteamSession): Promise<void>;
  confirmPhoneCode(session: SteamSession, code: string): Promise<void>;

  // ---- Steam Guard Mobile Authenticator ----
  /** Step 1. The caller must store the returned secrets BEFORE calling finalizeTwoFactor. */
  enableTwoFactorStep1(session: SteamSession): Promise<TwoFactorSecrets>;
  /** Step 2, with the SMS activation code. */
  finalizeTwoFactor(session: SteamSession, input: FinalizeTwoFactorInput): Promise<void>;

  // ---- profile ----
  editProfile(session: SteamSession, edit: ProfileEdit): Promise<void>;
  uploadAvatar(session: SteamSession, avatar: AvatarInput): Promise<{ avatarUrl: string }>;
  /** Default: everything public (the sign-up step "make profile public"). Returns what Steam saved. */
  setPrivacy(session: SteamSession, privacy?: Partial<PrivacySettings>): Promise<PrivacySettings>;
  setProfileTheme(session: SteamSession, theme: ProfileTheme): Promise<void>;
  setFavoriteBadge(
    session: SteamSession,
    badge: { badgeId: number; communityItemId?: string | null },
  ): Promise<void>;
  setProfileBackground(session: SteamSession, communityItemId: string): Promise<void>;
  configureShowcase(session: SteamSession, showcase: ShowcaseInput): Promise<void>;
  getProfileSettings(session: SteamSession): Promise<ProfileSettings>;
  getAvailableEmotions(session: SteamSession): Promise<Emoticon[]>;
  getBadges(session: SteamSession): Promise<Badge[]>;
  /** Crafts every badge the account's trading cards (753/6) complete. */
  transformCardsToBadges(session: SteamSession): Promise<CraftBadgesResult>;
  getTradeUrl(session: SteamSession): Promise<string>;

  // ---- inventory, gems, groups, feed, workshop ----
  /** All pages (Steam serves at most 1000 per page). Own inventory unless `steamId` names another. */
  getInventory(session: SteamSession, query: InventoryQuery): Promise<Inventory>;
  /** `appId` is the item's game (`marketFeeApp` of a 753/6 item). */
  turnItemIntoGems(session: SteamSession, item: { appId: number; assetId: string }): Promise<GemsResult>;
  joinGroup(session: SteamSession, groupId: string): Promise<void>;
  getMyGroups(session: SteamSession): Promise<MyGroups>;
  /** The profile's primary ("favourite") group. */
  setFavoriteGroup(session: SteamSession, groupId: string): Promise<void>;
  postStatus(session: SteamSession, text: string, options?: { appId?: number }): Promise<{ postId: string }>;
  addWorkshopFavorite(session: SteamSession, file: { publishedFileId: string; appId: number }): Promise<void>;
  resetInventoryNotifications(session: SteamSession): Promise<void>;

  // ---- Steam Web API key ----
  /** The account's key, or null when it has none yet. */
  getSteamApiKey(session: SteamSession): Promise<string | null>;
  /** Needs a mobile confirmation: with `identitySecret` it is accepted here, else finish with `requestId`. */
  createSteamApiKey(session: SteamSession, input: CreateApiKeyInput): Promise<CreateApiKeyResult>;

  // ---- trade offers ----
  createOffer(session: SteamSession, input: CreateOfferInput): Promise<CreatedOffer>;
  getOffer(session: SteamSession, offerId: string): Promise<TradeOffer>;
  /**
   * Our sent and received offers (steam-tradeoffer-manager `getOffers`, IEconService/GetTradeOffers): how a
   * bot finds out whether an interrupted send reached Steam (look for the offer's message among `sent`).
   */
  getOffers(session: SteamSession, query?: OffersQuery): Promise<OfferLists>;
  acceptOffer(session: SteamSession, offerId: string): Promise<AcceptOfferResult>;
  /** Cancels our offer or declines one sent to us; returns the offer afterwards. */
  cancelOffer(session: SteamSession, offerId: string): Promise<TradeOffer>;

  // ---- mobile confirmations ----
  listConfirmations(session: SteamSession, identitySecret: string): Promise<MobileConfirmation[]>;
  /** `objectId`: the trade offer id, market listing id, API-key request id or buy-order confirmation id. */
  acceptConfirmation(
    session: SteamSession,
    input: { identitySecret: string; objectId: string },
  ): Promise<void>;
  /**
   * Accepts or declines (cancels) one confirmation of `listConfirmations` by its id and nonce, as the
   * mobile app's confirmations screen does; declining a trade cancels the offer, a listing returns the item.
   */
  respondToConfirmation(session: SteamSession, input: ConfirmationAnswer): Promise<void>;

  // ---- Community Market ----
  getWalletBalance(session: SteamSession): Promise<WalletBalance>;
  createListing(session: SteamSession, input: CreateListingInput): Promise<CreatedListing>;
  createBuyOrder(session: SteamSession, input: CreateBuyOrderInput): Promise<CreatedBuyOrder>;
  cancelBuyOrder(session: SteamSession, buyOrderId: string): Promise<void>;
  getMyListings(session: SteamSession): Promise<MyListings>;
  /** Public; a session only adds its cookies and proxy. */
  priceOverview(query: PriceOverviewQuery, session?: SteamSession | null): Promise<PriceOverview>;

  /** Frees connections (the HTTP client, when the gateway created it). */
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------
// sessions

export interface SteamCredentials {
  accountName: string;
  password: string;
  /** The mobile authenticator's shared_secret (base64 or hex). */
  sharedSecret?: string | null;
  /** An emailed Steam Guard code, for accounts without the mobile authenticator. */
  guardCode?: string | null;
  /** Every call of the session goes through it. */
  proxy?: ProxyConfig | null;
}

export interface SteamSession {
  accountName: string;
  /** SteamID64. */
  steamId: string;
  /** A MobileApp-platform access token (usable as the WebAPI token and inside steamLoginSecure). */
  accessToken: string;
  refreshToken: string;
  /** `name=value` pairs for steamcommunity.com: steamLoginSecure, sessionid, and steamparental after an unlock. */
  cookies: string[];
  /** The value of the sessionid cookie, sent back in forms. */
  sessionId: string;
  accessTokenExpiresAt: string;
  refreshTokenExpiresAt: string;
  proxy: ProxyConfig | null;
}

export type SteamDomain = 'steamcommunity.com' | 'store.steampowered.com' | 'help.steampowered.com';

export type WebCookieSite =
  | { kind: 'steam'; domain: SteamDomain }
  /** A site with a "sign in through Steam" page: its URL starts the OpenID 2.0 round trip. */
  | { kind: 'openid'; loginUrl: string };

export interface SiteCookies {
  /** The domain (Steam) or origin (OpenID site) the cookies belong to. */
  site: string;
  /** `name=value` pairs. */
  cookies: string[];
  steamId: string;
}

// ---------------------------------------------------------------------------------------------------------
// phone and 2FA

export interface PhoneNumberInput {
  /** E.164, e.g. +79001234567. */
  number: string;
  /** ISO country code, e.g. RU. */
  countryCode?: string | null;
}

export interface AddPhoneResult {
  /** email_confirm for a first phone, phone_change when the account already had one. */
  confirmation: ConfirmationKind;
  emailHint: string | null;
  phoneNumberFormatted: string | null;
}

export interface EmailConfirmationState {
  waiting: boolean;
  secondsToWait: number;
}

export interface TwoFactorSecrets {
  sharedSecret: string;
  identitySecret: string;
  revocationCode: string;
  serialNumber: string;
  uri: string;
  accountName: string | null;
  tokenGid: string | null;
  secret1: string | null;
  serverTime: number | null;
  phoneNumberHint: string | null;
}

export interface FinalizeTwoFactorInput {
  sharedSecret: string;
  /** The SMS activation code. */
  activationCode: string;
}

// ---------------------------------------------------------------------------------------------------------
// profile

export interface ProfileEdit {
  name?: string;
  realName?: string;
  summary?: string;
  /** ISO country code. */
  country?: string;
  state?: string;
  city?: string;
  customURL?: string;
  /** A group SteamID64 the account is a member of. */
  primaryGroup?: string;
}

export interface AvatarInput {
  image: Uint8Array;
  /** Default: detected from the bytes. */
  format?: 'jpg' | 'png' | 'gif';
}

export type PrivacyLevel = 'private' | 'friends_only' | 'public';

export interface PrivacySettings {
  profile: PrivacyLevel;
  comments: PrivacyLevel;
  inventory: PrivacyLevel;
  /** True hides gifts. */
  inventoryGiftsHidden: boolean;
  gameDetails: PrivacyLevel;
  /** True hides playtime. */
  playtimeHidden: boolean;
  friendsList: PrivacyLevel;
}

export interface ShowcaseInput {
  kind: ShowcaseKind;
  /** Default 0. */
  slot?: number;
  /** workshop: the favourite file. */
  publishedFileId?: string;
  /** favorite group. */
  groupId?: string;
  /** inventory items / trade items: up to the showcase's slots, in order. */
  items?: { appId: number; contextId: string; assetId: string }[];
  /** trade items: the notes text. */
  notes?: string;
}

export interface ProfileShowcase {
  kind: ShowcaseKind | null;
  /** Steam's EProfileCustomizationType. */
  type: number;
  slot: number;
}

export interface ProfileSettings {
  name: string;
  realName: string;
  summary: string;
  country: string;
  state: string;
  city: string;
  customURL: string;
  privacy: PrivacySettings;
  theme: ProfileTheme | null;
  themeId: string | null;
  backgroundId: string | null;
  favoriteBadge: { badgeId: number; communityItemId: string | null } | null;
  showcases: ProfileShowcase[];
  ownedBackgrounds: { communityItemId: string; name: string }[];
}

export interface Emoticon {
  name: string;
  count: number;
  appId: number | null;
}

export interface Badge {
  badgeId: number;
  level: number;
  appId: number | null;
  communityItemId: string | null;
  xp: number;
}

export interface CraftBadgesResult {
  crafted: { appId: number; level: number }[];
  /** Apps whose cards did not make a badge, with Steam's answer. */
  skipped: { appId: number; eresult: number | null; message: string }[];
}

// ---------------------------------------------------------------------------------------------------------
// inventory, groups

export interface InventoryQuery {
  /** 730 (CS2, context 2) or 753 (Steam, context 6). */
  appId: number;
  contextId: string;
  steamId?: string;
}

export interface InventoryItem {
  assetId: string;
  classId: string;
  instanceId: string;
  appId: number;
  contextId: string;
  amount: number;
  marketHashName: string;
  name: string;
  type: string;
  tradable: boolean;
  marketable: boolean;
  /** When a trade hold ends ("Tradable/Marketable After ..."), null when none is shown. */
  tradableAfter: string | null;
  iconUrl: string;
  /** 753/6 items: the game they belong to. */
  marketFeeApp: number | null;
  tags: { category: string; internalName: string; name: string }[];
}

export interface Inventory {
  items: InventoryItem[];
  totalCount: number;
}

export interface GemsResult {
  gemsReceived: number;
  totalGems: number;
}

export interface MyGroups {
  groups: string[];
  primaryGroup: string | null;
}

// ---------------------------------------------------------------------------------------------------------
// API key

export interface CreateApiKeyInput {
  domain: string;
  /** Accept the confirmation here (steamcommunity's `identitySecret` option). */
  identitySecret?: string | null;
  /** Finishing a request whose confirmation was accepted elsewhere. */
  requestId?: string | null;
}

export type CreateApiKeyResult =
  { status: 'created'; apiKey: string } | { status: 'needs_confirmation'; requestId: string };

// ---------------------------------------------------------------------------------------------------------
// trade offers

/** ETradeOfferState (steam-tradeoffer-manager `resources/ETradeOfferState.js`). */
export const TRADE_OFFER_STATES = {
  Invalid: 1,
  Active: 2,
  Accepted: 3,
  Countered: 4,
  Expired: 5,
  Canceled: 6,
  Declined: 7,
  InvalidItems: 8,
  CreatedNeedsConfirmation: 9,
  CanceledBySecondFactor: 10,
  InEscrow: 11,
} as const;
export type TradeOfferStateName = keyof typeof TRADE_OFFER_STATES;

export function tradeOfferStateName(state: number): TradeOfferStateName | 'Unknown' {
  const found = Object.entries(TRADE_OFFER_STATES).find(([, value]) => value === state);
  return found ? (found[0] as TradeOfferStateName) : 'Unknown';
}

export type ConfirmationMethod = 'none' | 'email' | 'mobile';

export interface TradeAsset {
  appId: number;
  contextId: string;
  assetId: string;
  amount?: number;
}

export interface CreateOfferInput {
  /** https://steamcommunity.com/tradeoffer/new/?partner=<accountid>&token=<token> */
  tradeUrl: string;
  /** Our items to give. */
  assets: TradeAsset[];
  /** Their items to receive (optional). */
  assetsToReceive?: TradeAsset[];
  message?: string;
}

export interface CreatedOffer {
  offerId: string;
  needsConfirmation: boolean;
  confirmationMethod: ConfirmationMethod;
  state: number;
}

export interface OfferItem {
  appId: number;
  contextId: string;
  assetId: string;
  amount: number;
  classId: string | null;
  instanceId: string | null;
  marketHashName: string | null;
}

export interface TradeOffer {
  id: string;
  state: number;
  stateName: TradeOfferStateName | 'Unknown';
  isOurOffer: boolean;
  partnerSteamId: string;
  message: string;
  itemsToGive: OfferItem[];
  itemsToReceive: OfferItem[];
  createdAt: string | null;
  updatedAt: string | null;
  expiresAt: string | null;
  escrowEndsAt: string | null;
  tradeId: string | null;
  confirmationMethod: ConfirmationMethod;
}

/**
 * `active`: offers still open (Active, CreatedNeedsConfirmation, InEscrow) plus those changed since `since`;
 * `historical`: the ended ones; `all` (default): both. Steam answers for the last few months at most.
 */
export interface OffersQuery {
  filter?: 'active' | 'historical' | 'all';
  /** ISO time: with `active`, ended offers updated after it come too (GetTradeOffers time_historical_cutoff). */
  since?: string | null;
}

export interface OfferLists {
  sent: TradeOffer[];
  received: TradeOffer[];
}

export interface AcceptOfferResult {
  /** pending: we give items, so a mobile confirmation is needed; escrow: accepted into a trade hold. */
  status: 'accepted' | 'pending' | 'escrow';
  tradeId: string | null;
}

// ---------------------------------------------------------------------------------------------------------
// confirmations

export type ConfirmationTypeName = 'trade' | 'market_listing' | 'api_key' | 'market_purchase' | 'other';

export interface ConfirmationAnswer {
  identitySecret: string;
  /** `MobileConfirmation.id`. */
  id: string;
  /** `MobileConfirmation.nonce`. */
  nonce: string;
  accept: boolean;
}

export interface MobileConfirmation {
  id: string;
  /** The confirmation's key (steamcommunity's CConfirmation.key), sent back with the answer. */
  nonce: string;
  /** The trade offer, listing, API-key request or buy order it confirms. */
  objectId: string;
  type: number;
  typeName: ConfirmationTypeName;
  title: string;
  summary: string[];
  createdAt: string;
}

// ---------------------------------------------------------------------------------------------------------
// market

export interface WalletBalance {
  /** Steam's ECurrencyCode: 1 USD, 3 EUR, 5 RUB, ... */
  currencyId: number;
  /** ISO code when known. */
  currency: string | null;
  balanceMinor: number;
  /** Funds not yet available (pending). */
  delayedBalanceMinor: number;
  country: string | null;
}

export interface CreateListingInput {
  assetId: string;
  /** What the seller receives, in minor units of the wallet currency (Steam adds its fees on top). */
  priceMinor: number;
  /** Default 730 / '2'. */
  appId?: number;
  contextId?: string;
  /** Confirm the listing here. */
  identitySecret?: string | null;
}

export interface CreatedListing {
  needsConfirmation: boolean;
  /** The listing's id when it could be found (it is the confirmation's object id). */
  listingId: string | null;
  confirmed: boolean;
}

export interface CreateBuyOrderInput {
  marketHashName: string;
  /** Per unit, minor units of the wallet currency. */
  priceMinor: number;
  quantity: number;
  /** Default: the wallet's currency. */
  currencyId?: number;
  appId?: number;
  /** Confirm the order here when Steam asks for a mobile confirmation. */
  identitySecret?: string | null;
  /** Resending after the confirmation `confirmationId` was accepted elsewhere. */
  confirmationId?: string | null;
}

export type CreatedBuyOrder =
  | {
      status: 'created';
      buyOrderId: string;
      /** Steam answered 8 ("trouble hearing back") and the order was found among our orders afterwards. */
      recovered: boolean;
    }
  /** Steam wants a mobile confirmation and no identitySecret was given: accept it, then call again. */
  | { status: 'needs_confirmation'; confirmationId: string };

export interface MarketListing {
  listingId: string;
  assetId: string;
  appId: number;
  contextId: string;
  marketHashName: string | null;
  /** What the seller receives. */
  priceMinor: number;
  /** The buyer pays this (price plus fees). */
  buyerPaysMinor: number;
  currencyId: number;
  createdAt: string | null;
  status: 'active' | 'to_confirm' | 'on_hold';
}

export interface MarketBuyOrder {
  buyOrderId: string;
  appId: number;
  marketHashName: string;
  priceMinor: number;
  quantity: number;
  quantityRemaining: number;
  currencyId: number;
}

export interface MyListings {
  listings: MarketListing[];
  buyOrders: MarketBuyOrder[];
}

export interface PriceOverviewQuery {
  marketHashName: string;
  currencyId: number;
  appId?: number;
}

export interface PriceOverview {
  lowestPrice: string | null;
  medianPrice: string | null;
  lowestPriceMinor: number | null;
  medianPriceMinor: number | null;
  /** Sales in the last 24 h. */
  volume: number | null;
}
