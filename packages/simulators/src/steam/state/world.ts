import { randomBytes } from 'node:crypto';

import {
  ERESULT,
  groupSteamIdFromId,
  steamIdFromAccountId,
  tradeUrlFor,
  isSteamGuardCodeValid,
} from '@toydesk/steam/wire';
import type { SimClock } from '../../clock/sim-clock.ts';
import { DEFAULT_STEAM_SIM_CONFIG, mergeConfig, type SteamSimConfig } from '../sim-config.ts';
import { Random, randomHex } from '../../util/random.ts';
import { CARD_GAMES, CS2_NAMES, classIdFor, iconFor } from './catalogue.ts';
import { SteamTokenStore } from './tokens.ts';
import type {
  PrivacyKey,
  SimAccount,
  SimBuyOrder,
  SimConfirmation,
  SimEmailKind,
  SimGroup,
  SimItem,
  SimListing,
  SimOffer,
  TwoFactorData,
} from './types.ts';

/** A refusal with Steam's EResult; each route turns it into that endpoint's answer shape. */
export class SimRefusal extends Error {
  constructor(
    readonly eresult: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Bad control-API input (a 400). */
export class ControlInputError extends Error {}

export interface ItemSpec {
  name?: string;
  appid?: number;
  contextid?: string;
  tradable?: boolean;
  marketable?: boolean;
  /** Untradable for this many days from now. */
  holdDays?: number;
  kind?: SimItem['kind'];
  feeApp?: number | null;
}

export interface CreateAccountOptions {
  accountName?: string;
  password?: string;
  /** Default true: the account has the mobile authenticator (and a phone). */
  twoFactor?: boolean;
  /** How long ago the authenticator was added (default 30: trades without escrow, market allowed). */
  twoFactorAgeDays?: number;
  /**
   * The authenticator's secrets (a maFile the operator imported elsewhere), base64 or hex; default random.
   * Only with twoFactor.
   */
  sharedSecret?: string;
  identitySecret?: string;
  /** Default: a number when twoFactor, none otherwise. */
  phone?: string | null;
  email?: string;
  emailValidated?: boolean;
  limited?: boolean;
  emailGuard?: boolean;
  familyViewPin?: string | null;
  wallet?: { currency?: number; balanceMinor?: number; country?: string };
  /** CS2 items (730/2): a count or specs. */
  items?: number | ItemSpec[];
  /** Trading cards (753/6): full sets per game. */
  cards?: { appid: number; sets?: number; extra?: number }[];
  /** 1 = private (new accounts), 3 = public. Default 1. */
  privacy?: number;
}

const DAY = 24 * 60 * 60 * 1000;
const PRIVACY_KEYS: PrivacyKey[] = [
  'PrivacyProfile',
  'PrivacyInventory',
  'PrivacyInventoryGifts',
  'PrivacyOwnedGames',
  'PrivacyPlaytime',
  'PrivacyFriendsList',
];

/**
 * The whole simulated Steam: accounts, sessions, groups, offers, confirmations and the market, over the sim
 * clock. Routes and the control API call into it; it knows nothing of HTTP.
 */
export class SteamWorld {
  config: SteamSimConfig;
  readonly clock: SimClock;
  readonly tokens = new SteamTokenStore();
  random: Random;
  readonly accounts = new Map<string, SimAccount>();
  readonly bySteamId = new Map<string, SimAccount>();
  readonly groups = new Map<string, SimGroup>();
  readonly offers = new Map<string, SimOffer>();
  readonly confirmations = new Map<string, SimConfirmation>();
  readonly listings = new Map<string, SimListing>();
  readonly buyOrders = new Map<string, SimBuyOrder>();
  /** Price overviews set by the control API, in minor units of `currencyId`. */
  readonly prices = new Map<string, { lowest: number; median: number; volume: number; currencyId: number }>();
  readonly loginLimits = new Map<string, { attempts: number[]; blockedUntil: number }>();
  readonly confirmLimits = new Map<string, { times: number[]; blockedUntil: number }>();
  /** OpenID assertions issued and not yet checked by the relying site. */
  readonly openIdNonces = new Map<string, { steamId: string; returnTo: string }>();
  /** OpenID confirmation forms shown and not yet posted. */
  readonly openIdForms = new Map<string, { steamId: string; params: Record<string, string> }>();
  /** The demo site's sessions: cookie value → SteamID64. */
  readonly siteSessions = new Map<string, string>();
  private counters = {
    account: 0,
    asset: 0,
    offer: 0,
    listing: 0,
    buyOrder: 0,
    confirmation: 0,
    trade: 0,
    request: 0,
    status: 0,
    item: 0,
  };
  private readonly initialConfig: SteamSimConfig;

  constructor(options: { clock: SimClock; config?: Record<string, unknown>; seed?: number }) {
    this.clock = options.clock;
    this.config = mergeConfig(DEFAULT_STEAM_SIM_CONFIG, options.config ?? {});
    this.initialConfig = this.config;
    this.random = new Random(options.seed ?? 753);
    this.resetCounters();
    this.seedGroups();
  }

  now(): number {
    return this.clock.now();
  }

  nowSeconds(): number {
    return Math.floor(this.clock.now() / 1000);
  }

  reset(): void {
    for (const map of [
      this.accounts,
      this.bySteamId,
      this.groups,
      this.offers,
      this.confirmations,
      this.listings,
      this.buyOrders,
      this.prices,
      this.loginLimits,
      this.confirmLimits,
      this.openIdNonces,
      this.openIdForms,
      this.siteSessions,
    ]) {
      map.clear();
    }
    this.tokens.clear();
    this.config = this.initialConfig;
    this.random = new Random(753);
    this.resetCounters();
    this.seedGroups();
  }

  private resetCounters(): void {
    this.counters = {
      account: 0,
      asset: 27_000_000_000,
      offer: 6_000_000_000,
      listing: 4_000_000_000_000_000,
      buyOrder: 7_000_000_000,
      confirmation: 13_000_000_000,
      trade: 600_000_000_000_000,
      request: 0,
      status: 1_000_000,
      item: 3_000_000_000,
    };
  }

  private seedGroups(): void {
    const names = ['CS2 Traders', 'Skin Collectors', 'Market Watch', 'Trade Bots Union', 'Steam Sale Fans'];
    names.forEach((name, index) => {
      const gid = groupSteamIdFromId(40_000 + index);
      this.groups.set(gid, { gid, name, members: new Set() });
    });
  }

  nextId(kind: keyof SteamWorld['counters']): string {
    this.counters[kind] += 1;
    return String(this.counters[kind]);
  }

  // ---------------------------------------------------------------------------------------------------
  // accounts

  account(login: string): SimAccount | undefined {
    return this.accounts.get(login.toLowerCase());
  }

  requireAccount(login: string): SimAccount {
    const account = this.account(login);
    if (!account) throw new ControlInputError(`no account ${login}`);
    return account;
  }

  accountBySteamId(steamId: string): SimAccount | undefined {
    return this.bySteamId.get(steamId);
  }

  createAccount(options: CreateAccountOptions = {}): SimAccount {
    const index = Number(this.nextId('account'));
    const login = (
      options.accountName ?? `simbot${String(index).padStart(3, '0')}${randomHex(2)}`
    ).toLowerCase();
    if (!/^[a-z0-9_]{3,64}$/.test(login)) throw new ControlInputError('accountName: 3-64 of a-z, 0-9, _');
    if (this.accounts.has(login)) throw new ControlInputError(`account ${login} exists`);
    const accountId = 900_000_000 + index * 7 + this.random.int(0, 6);
    const steamId = steamIdFromAccountId(accountId);
    const now = this.now();
    const twoFactor = options.twoFactor ?? true;
    const privacyLevel = options.privacy ?? 1;
    const account: SimAccount = {
      login,
      password: options.password ?? `pw-${randomHex(6)}`,
      steamId,
      accountId,
      email: options.email ?? `${login}@mail.example`,
      emailValidated: options.emailValidated ?? true,
      limited: options.limited ?? false,
      emailGuard: options.emailGuard ?? false,
      phantom: false,
      profile: {
        personaName: login,
        realName: '',
        summary: '',
        country: '',
        state: '',
        city: '',
        customURL: '',
        avatarHash: null,
      },
      privacy: Object.fromEntries(PRIVACY_KEYS.map((key) => [key, privacyLevel])) as Record<
        PrivacyKey,
        number
      >,
      commentPermission: privacyLevel === 3 ? 1 : 2,
      themeId: null,
      backgroundId: null,
      favoriteBadge: null,
      showcases: [],
      groups: new Set(),
      primaryGroup: null,
      phone: options.phone !== undefined ? options.phone : twoFactor ? `+7900${this.random.digits(7)}` : null,
      pendingPhone: null,
      twoFactor: twoFactor
        ? {
            ...newTwoFactorData(login),
            ...(options.sharedSecret ? { shared_secret: options.sharedSecret } : {}),
            ...(options.identitySecret ? { identity_secret: options.identitySecret } : {}),
            enabledAt: now - (options.twoFactorAgeDays ?? 30) * DAY,
          }
        : null,
      pendingTwoFactor: null,
      familyViewPin: options.familyViewPin ?? null,
      parentalTokens: new Set(),
      wallet: {
        currency: options.wallet?.currency ?? 5,
        balance: options.wallet?.balanceMinor ?? 100_000,
        delayed: 0,
        country: options.wallet?.country ?? 'RU',
      },
      items: [],
      gemsAssetId: this.nextId('asset'),
      gems: 0,
      badges: [{ badgeid: 13, appid: null, level: 1, xp: 100, communityitemid: null }],
      emoticons: [],
      workshopFavorites: new Set(),
      statuses: [],
      newItems: 0,
      apiKey: null,
      apiKeyRequests: new Map(),
      tradeToken: randomBytes(6).toString('base64url').slice(0, 8),
      sms: [],
      emails: [],
      createdAt: now,
    };
    this.accounts.set(login, account);
    this.bySteamId.set(steamId, account);
    const specs =
      typeof options.items === 'number'
        ? Array.from({ length: options.items }, () => ({}))
        : (options.items ?? []);
    this.addItems(account, specs);
    for (const cards of options.cards ?? [])
      this.addCards(account, cards.appid, cards.sets ?? 1, cards.extra ?? 0);
    account.newItems = 0;
    return account;
  }

  /** A partner known only by SteamID (offers to trade URLs the simulator did not create). */
  phantom(steamId: string): SimAccount {
    const existing = this.bySteamId.get(steamId);
    if (existing) return existing;
    const account = this.createAccount({ accountName: `partner_${steamId}`, twoFactor: true, items: 0 });
    this.bySteamId.delete(account.steamId);
    this.accounts.delete(account.login);
    const phantom: SimAccount = {
      ...account,
      steamId,
      accountId: Number(BigInt(steamId) - 76561197960265728n),
      phantom: true,
    };
    this.accounts.set(phantom.login, phantom);
    this.bySteamId.set(steamId, phantom);
    return phantom;
  }

  tradeUrl(account: SimAccount): string {
    return tradeUrlFor(account.accountId, account.tradeToken);
  }

  // ---------------------------------------------------------------------------------------------------
  // items

  makeItem(spec: ItemSpec): SimItem {
    const appid = spec.appid ?? 730;
    const name = spec.name ?? this.random.pick(CS2_NAMES);
    const now = this.now();
    return {
      assetid: this.nextId('asset'),
      appid,
      contextid: spec.contextid ?? (appid === 753 ? '6' : '2'),
      classid: classIdFor(name),
      instanceid: '0',
      amount: 1,
      market_hash_name: name,
      name: name.replace(/^\d+-/, ''),
      type:
        spec.kind === 'card'
          ? 'Trading Card'
          : spec.kind === 'background'
            ? 'Profile Background'
            : spec.kind === 'emoticon'
              ? 'Emoticon'
              : appid === 730
                ? 'Rifle'
                : 'Item',
      tradable: spec.tradable ?? true,
      marketable: spec.marketable ?? true,
      holdUntil: spec.holdDays ? now + spec.holdDays * DAY : null,
      icon_url: iconFor(name),
      kind: spec.kind ?? (appid === 730 ? 'cs2' : 'other'),
      feeApp: spec.feeApp ?? null,
      acquiredAt: now,
    };
  }

  addItems(account: SimAccount, specs: ItemSpec[]): SimItem[] {
    const items = specs.map((spec) => this.makeItem(spec));
    account.items.push(...items);
    account.newItems += items.length;
    return items;
  }

  /** `sets` full sets of the game's cards plus `extra` loose cards (incomplete set). */
  addCards(account: SimAccount, appid: number, sets: number, extra = 0): SimItem[] {
    const game = CARD_GAMES[appid] ?? `Game ${appid}`;
    const specs: ItemSpec[] = [];
    for (let set = 0; set < sets; set++) {
      for (let card = 1; card <= this.config.cardSetSize; card++) {
        specs.push({ appid: 753, kind: 'card', feeApp: appid, name: `${appid}-${game} Card ${card}` });
      }
    }
    for (let card = 1; card <= extra; card++)
      specs.push({ appid: 753, kind: 'card', feeApp: appid, name: `${appid}-${game} Card ${card}` });
    return this.addItems(account, specs);
  }

  isTradable(item: SimItem): boolean {
    return item.tradable && !(item.holdUntil !== null && item.holdUntil > this.now());
  }

  isMarketable(item: SimItem): boolean {
    return item.marketable && !(item.holdUntil !== null && item.holdUntil > this.now());
  }

  findItem(account: SimAccount, appid: number, contextid: string, assetid: string): SimItem | undefined {
    return account.items.find(
      (item) => item.assetid === assetid && item.appid === appid && item.contextid === contextid,
    );
  }

  removeItem(account: SimAccount, item: SimItem): void {
    account.items = account.items.filter((other) => other !== item);
  }

  // ---------------------------------------------------------------------------------------------------
  // mail and SMS

  sendSms(account: SimAccount, number: string, purpose: 'phone_verify' | '2fa_activation'): string {
    const code = this.random.digits(5);
    account.sms.push({ number, code, purpose, at: this.now() });
    return code;
  }

  sendEmail(account: SimAccount, kind: SimEmailKind, code: string, linkPath: string | null): void {
    account.emails.push({ kind, code, linkPath, at: this.now() });
  }

  // ---------------------------------------------------------------------------------------------------
  // login and tokens

  /**
   * Password plus Steam Guard: the TOTP code of the authenticator (checked against shared_secret at the sim
   * time, one window either side) or, for emailGuard accounts, the emailed code. Every attempt counts towards
   * the IP's limit; a blocked IP stays blocked blockMs after its last attempt.
   */
  login(
    ip: string,
    input: { accountName: string; password: string; twoFactorCode?: string; emailCode?: string },
  ) {
    const now = this.now();
    const limit = this.config.loginRateLimit;
    const state = this.loginLimits.get(ip) ?? { attempts: [], blockedUntil: 0 };
    this.loginLimits.set(ip, state);
    if (state.blockedUntil > now) {
      state.blockedUntil = now + limit.blockMs;
      throw new SimRefusal(ERESULT.RateLimitExceeded, 'RateLimitExceeded');
    }
    state.attempts = state.attempts.filter((at) => at > now - limit.windowMs);
    state.attempts.push(now);
    if (state.attempts.length > limit.max) {
      state.blockedUntil = now + limit.blockMs;
      state.attempts = [];
      throw new SimRefusal(ERESULT.RateLimitExceeded, 'RateLimitExceeded');
    }
    const account = this.account(input.accountName);
    if (!account || account.phantom || account.password !== input.password) {
      throw new SimRefusal(ERESULT.InvalidPassword, 'InvalidPassword');
    }
    if (account.twoFactor) {
      if (!input.twoFactorCode)
        throw new SimRefusal(
          ERESULT.AccountLogonDenied,
          'a Steam Guard Mobile Authenticator code is required',
          { guard: 'device_code' },
        );
      if (!isSteamGuardCodeValid(account.twoFactor.shared_secret, input.twoFactorCode, this.nowSeconds())) {
        throw new SimRefusal(ERESULT.TwoFactorCodeMismatch, 'TwoFactorCodeMismatch');
      }
    } else if (account.emailGuard) {
      const last = [...account.emails].reverse().find((mail) => mail.kind === 'guard_code');
      if (!input.emailCode) {
        this.sendEmail(account, 'guard_code', randomBytes(3).toString('hex').toUpperCase().slice(0, 5), null);
        throw new SimRefusal(ERESULT.AccountLogonDenied, 'an emailed Steam Guard code is required', {
          guard: 'email_code',
        });
      }
      if (!last || last.code !== input.emailCode.trim().toUpperCase()) {
        throw new SimRefusal(ERESULT.InvalidLoginAuthCode, 'InvalidLoginAuthCode');
      }
    }
    return { account, ...this.mintTokens(account) };
  }

  mintTokens(account: SimAccount): { accessToken: string; refreshToken: string } {
    const now = this.now();
    const refreshToken = this.tokens.mint('refresh', account.steamId, now, this.config.refreshTokenTtlMs);
    const refreshJti = this.tokens.read(refreshToken)?.jti ?? null;
    const accessToken = this.tokens.mint(
      'access',
      account.steamId,
      now,
      this.config.accessTokenTtlMs,
      refreshJti,
    );
    return { accessToken, refreshToken };
  }

  /** GenerateAccessTokenForApp: a new access token; renew also replaces the refresh token. */
  refresh(
    refreshToken: string,
    steamId: string,
    renew: boolean,
  ): { accessToken: string; refreshToken: string | null } {
    const now = this.now();
    const record = this.tokens.check(refreshToken, 'refresh', now);
    if (!record) {
      const known = this.tokens.read(refreshToken);
      throw new SimRefusal(
        known && known.exp <= now ? ERESULT.Expired : ERESULT.AccessDenied,
        'the refresh token is not valid',
      );
    }
    if (record.steamId !== steamId)
      throw new SimRefusal(ERESULT.AccessDenied, 'the refresh token belongs to another account');
    let parent = record.jti;
    let renewed: string | null = null;
    if (renew) {
      renewed = this.tokens.mint('refresh', steamId, now, this.config.refreshTokenTtlMs);
      this.tokens.revoke(record.jti);
      parent = this.tokens.read(renewed)?.jti ?? parent;
    }
    const accessToken = this.tokens.mint('access', steamId, now, this.config.accessTokenTtlMs, parent);
    return { accessToken, refreshToken: renewed };
  }

  /** The account an access token belongs to, if it is valid now. */
  accountForAccessToken(token: string | undefined | null): SimAccount | null {
    if (!token) return null;
    const record = this.tokens.check(token, 'access', this.now());
    return record ? (this.bySteamId.get(record.steamId) ?? null) : null;
  }

  // ---------------------------------------------------------------------------------------------------
  // 2FA

  startTwoFactor(account: SimAccount): TwoFactorData & { activationCode: string } {
    if (account.twoFactor) throw new SimRefusal(ERESULT.DuplicateRequest, 'already has an authenticator');
    if (!account.phone) throw new SimRefusal(ERESULT.Fail, 'no phone on the account');
    const activationCode = this.sendSms(account, account.phone, '2fa_activation');
    account.pendingTwoFactor = { ...newTwoFactorData(account.login), activationCode, attempts: 0 };
    return account.pendingTwoFactor;
  }

  /** status 89 for a wrong activation code, 88 for a wrong TOTP code. */
  finalizeTwoFactor(account: SimAccount, code: string, activationCode: string): void {
    const pending = account.pendingTwoFactor;
    if (!pending) throw new SimRefusal(ERESULT.Fail, 'no authenticator is being added');
    if (pending.activationCode !== activationCode.trim()) {
      pending.attempts++;
      throw new SimRefusal(ERESULT.TwoFactorActivationCodeMismatch, 'Invalid activation code');
    }
    if (!isSteamGuardCodeValid(pending.shared_secret, code, this.nowSeconds())) {
      throw new SimRefusal(ERESULT.TwoFactorCodeMismatch, 'TwoFactorCodeMismatch');
    }
    const { activationCode: _used, attempts: _attempts, ...data } = pending;
    account.twoFactor = { ...data, enabledAt: this.now() };
    account.pendingTwoFactor = null;
  }

  // ---------------------------------------------------------------------------------------------------
  // confirmations rate limit

  /** Counts one confirmation answer; false when the account is blocked (about 15 quick ones). */
  confirmationAllowed(account: SimAccount): boolean {
    const now = this.now();
    const limit = this.config.confirmationRateLimit;
    const state = this.confirmLimits.get(account.steamId) ?? { times: [], blockedUntil: 0 };
    this.confirmLimits.set(account.steamId, state);
    if (state.blockedUntil > now) return false;
    state.times = state.times.filter((at) => at > now - limit.windowMs);
    state.times.push(now);
    if (state.times.length > limit.max) {
      state.blockedUntil = now + limit.blockMs;
      state.times = [];
      return false;
    }
    return true;
  }
}

export function newTwoFactorData(login: string): TwoFactorData {
  const shared = randomBytes(20);
  return {
    shared_secret: shared.toString('base64'),
    identity_secret: randomBytes(20).toString('base64'),
    revocation_code: `R${String(randomBytes(3).readUIntBE(0, 3) % 100000).padStart(5, '0')}`,
    serial_number: BigInt(`0x${randomBytes(8).toString('hex')}`).toString(),
    uri: `otpauth://totp/Steam:${login}?secret=${base32(shared)}&issuer=Steam`,
    token_gid: randomBytes(8).toString('hex'),
    secret_1: randomBytes(20).toString('base64'),
  };
}

function base32(bytes: Buffer): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}
