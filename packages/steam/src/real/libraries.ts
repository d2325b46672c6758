/**
 * The DoctorMcKay libraries as the real gateway uses them: loaded on first use (so importing this package for
 * the simulator does not load them) and typed by the calls made, as steamcommunity 3.50, steam-tradeoffer-manager
 * 2.13, steam-session 1.9 and steam-totp 2.1 behave. Tests pass fakes with the same shape.
 */

export interface SteamIdLike {
  getSteamID64(): string;
}

type Callback<T = void> = (
  error: (Error & { eresult?: number | string; code?: number | string; cause?: unknown }) | null,
  result?: T,
) => void;

export interface EconItemLike {
  appid: number;
  contextid: string;
  assetid?: string;
  id?: string;
  classid?: string;
  instanceid?: string;
  amount?: number;
  market_hash_name?: string;
  [key: string]: unknown;
}

export interface ConfirmationLike {
  id: string | number;
  type: number;
  creator: string | number;
  key: string;
  title: string;
  receiving?: string;
  sending?: string;
  timestamp?: Date;
  time?: string;
}

export interface CommunityLike {
  steamID: SteamIdLike | null;
  request: { defaults(options: Record<string, unknown>): unknown };
  setCookies(cookies: string[]): void;
  setMobileAppAccessToken(token: string): void;
  getSessionID(): string;
  editProfile(settings: Record<string, unknown>, callback: Callback): void;
  uploadAvatar(image: Buffer, format: string | null, callback: Callback<string>): void;
  profileSettings(
    settings: Record<string, unknown>,
    callback: Callback<{ PrivacySettings?: Record<string, number>; eCommentPermission?: number }>,
  ): void;
  enableTwoFactor(callback: Callback<Record<string, unknown>>): void;
  finalizeTwoFactor(sharedSecret: string, activationCode: string, callback: Callback): void;
  getWebApiKey(callback: Callback<string>): void;
  createWebApiKey(
    options: { domain: string; requestID?: string; identitySecret?: string },
    callback: Callback<{
      confirmationRequired: boolean;
      apiKey?: string;
      finalizeOptions?: { domain: string; requestID: string };
    }>,
  ): void;
  getConfirmations(
    time: number,
    key: { tag: string; key: string },
    callback: Callback<ConfirmationLike[]>,
  ): void;
  acceptConfirmationForObject(identitySecret: string, objectId: string, callback: Callback): void;
  respondToConfirmation(
    confId: string,
    confKey: string,
    time: number,
    key: { tag: string; key: string },
    accept: boolean,
    callback: Callback,
  ): void;
  getUserInventoryContents(
    steamId: string,
    appId: number,
    contextId: string,
    tradableOnly: boolean,
    language: string,
    callback: (
      error: Error | null,
      inventory?: EconItemLike[],
      currency?: EconItemLike[],
      total?: number,
    ) => void,
  ): void;
  getGemValue(
    appId: number,
    assetId: string,
    callback: Callback<{ promptTitle: string; gemValue: number }>,
  ): void;
  turnItemIntoGems(
    appId: number,
    assetId: string,
    expected: number,
    callback: Callback<{ gemsReceived: number; totalGems: number }>,
  ): void;
  joinGroup(groupId: string, callback: Callback): void;
  getSteamUser(
    steamId: SteamIdLike,
    callback: Callback<{ groups: SteamIdLike[] | null; primaryGroup: SteamIdLike | null }>,
  ): void;
  postProfileStatus(text: string, options: { appID?: number }, callback: Callback<number>): void;
  favoriteSharedFile(sharedFileId: string, appId: number, callback: Callback): void;
  resetItemNotifications(callback: Callback): void;
  getTradeURL(callback: Callback<string>): void;
}

export interface TradeOfferLike {
  id: string | null;
  state: number;
  isOurOffer: boolean | null;
  partner: SteamIdLike;
  message: string | null;
  itemsToGive: EconItemLike[];
  itemsToReceive: EconItemLike[];
  created: Date | null;
  updated: Date | null;
  expires: Date | null;
  escrowEnds: Date | null;
  tradeID: string | null;
  confirmationMethod: number | null;
  addMyItems(items: Record<string, unknown>[]): number;
  addTheirItems(items: Record<string, unknown>[]): number;
  setMessage(message: string): void;
  send(callback: Callback<'sent' | 'pending'>): void;
  accept(skipStateUpdate: boolean, callback: Callback<'accepted' | 'pending' | 'escrow'>): void;
  cancel(callback: Callback): void;
}

export interface TradeOfferManagerLike {
  setCookies(cookies: string[], callback: Callback): void;
  createOffer(tradeUrl: string): TradeOfferLike;
  getOffer(id: string, callback: Callback<TradeOfferLike>): void;
  /** filter: EOfferFilter (1 ActiveOnly, 2 HistoricalOnly, 3 All); the callback gets (error, sent, received). */
  getOffers(
    filter: number,
    historicalCutoff: Date | null,
    callback: (error: Error | null, sent?: TradeOfferLike[], received?: TradeOfferLike[]) => void,
  ): void;
  shutdown(): void;
}

export interface LoginSessionLike {
  loginTimeout: number;
  readonly steamID: SteamIdLike;
  accessToken: string;
  refreshToken: string;
  startWithCredentials(details: {
    accountName: string;
    password: string;
    steamGuardCode?: string;
  }): Promise<{ actionRequired: boolean; validActions?: { type: number; detail?: string }[] }>;
  getWebCookies(): Promise<string[]>;
  refreshAccessToken(): Promise<void>;
  renewRefreshToken(): Promise<boolean>;
  cancelLoginAttempt(): boolean;
  on(event: 'authenticated' | 'timeout', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  removeAllListeners(): unknown;
}

export interface SteamTotpLike {
  time(offsetSeconds?: number): number;
  generateAuthCode(secret: string, offsetSeconds?: number): string;
  getConfirmationKey(identitySecret: string, time: number, tag: string): string;
  getTimeOffset(callback: (error: Error | null, offsetSeconds: number, latencyMs: number) => void): void;
}

export interface SteamLibraries {
  SteamCommunity: new (options?: Record<string, unknown>) => CommunityLike;
  SteamID: new (id: string) => SteamIdLike;
  TradeOfferManager: new (options: Record<string, unknown>) => TradeOfferManagerLike;
  LoginSession: new (platformType: number, options?: Record<string, unknown>) => LoginSessionLike;
  /** EAuthTokenPlatformType.MobileApp */
  mobileAppPlatform: number;
  SteamTotp: SteamTotpLike;
}

/** Loads the real libraries (CommonJS, through Node's ESM interop). */
export async function loadSteamLibraries(): Promise<SteamLibraries> {
  const [community, manager, session, totp] = await Promise.all([
    import('steamcommunity'),
    import('steam-tradeoffer-manager'),
    import('steam-session'),
    import('steam-totp'),
  ]);
  const SteamCommunity = community.default as SteamLibraries['SteamCommunity'] & {
    SteamID: SteamLibraries['SteamID'];
  };
  return {
    SteamCommunity,
    SteamID: SteamCommunity.SteamID,
    TradeOfferManager: manager.default as SteamLibraries['TradeOfferManager'],
    LoginSession: session.LoginSession as unknown as SteamLibraries['LoginSession'],
    mobileAppPlatform: session.EAuthTokenPlatformType.MobileApp,
    SteamTotp: totp.default as unknown as SteamTotpLike,
  };
}
