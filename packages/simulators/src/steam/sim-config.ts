const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface WindowLimit {
  /** Calls allowed within windowMs. */
  max: number;
  windowMs: number;
}

export interface BlockingLimit extends WindowLimit {
  /** How long the block lasts; every call while blocked starts it again. */
  blockMs: number;
}

/**
 * The simulator's rules. Defaults follow field-notes.md and marketplaces.md; where no source gives a number the
 * choice is written here. Change at creation or with `POST _control/config`.
 */
export interface SteamSimConfig {
  /** Web access tokens live 24 h (field notes). */
  accessTokenTtlMs: number;
  /** Refresh tokens about 200 days (steam-session #11). */
  refreshTokenTtlMs: number;
  /** RateLimitExceeded after about 10 logins per IP; 30-minute block, reset by retries (field notes). Sim clock. */
  loginRateLimit: BlockingLimit;
  /** About 15 quick confirmations, then a block (ASF #728). Sim clock; block length chosen: 5 minutes. */
  confirmationRateLimit: BlockingLimit;
  /** Inventory requests per IP, real time (5 per minute, SteamBot #1060). */
  inventoryRateLimit: WindowLimit;
  /** Price overview requests per IP, real time (chosen: 20 per minute; bots sleep about 3 s between calls). */
  priceOverviewRateLimit: WindowLimit;
  /** At most this many items per inventory page (the 2025 cap); a larger count is a 400. */
  inventoryPageMax: number;
  /** A new SMS code is refused (EResult 84) within this time of the last one. Chosen: 30 s. */
  smsCooldownMs: number;
  /** Wrong SMS codes before the code is void (a new one must be sent). Chosen: 5. */
  smsMaxAttempts: number;
  /** Numbers starting with these are VoIP and refused by SetAccountPhoneNumber (EResult 8). */
  voipPrefixes: string[];
  /** Market purchases stay untradable this long (SCMBot #241). */
  marketPurchaseHoldMs: number;
  /** Items received in a trade stay untradable this long (2025 trade protection); 0 turns it off. */
  tradeReceivedHoldMs: number;
  /** An authenticator younger than this puts accepted trades in escrow for escrowMs. */
  newAuthenticatorMs: number;
  escrowMs: number;
  /** Escrow when a party has no authenticator at all. */
  noAuthenticatorEscrowMs: number;
  /** The market needs the authenticator for this long (marketplaces.md, Community Market eligibility). */
  marketAuthenticatorAgeMs: number;
  /** Offers expire after 14 days. */
  offerExpiryMs: number;
  /** 30 sent offers in total, 5 per partner (tradeoffer-manager #2). */
  maxActiveOffers: number;
  maxOffersPerPartner: number;
  /** Confirmation keys are accepted for times this close to Steam's. Chosen: 5 minutes. */
  confirmationKeyWindowSeconds: number;
  /** All buy orders together may reach this multiple of the wallet balance (else 25). */
  buyOrderWalletMultiple: number;
  /** More active buy orders than this is 25. Chosen: 100. */
  maxBuyOrders: number;
  /** Buy orders whose total reaches this many minor units need a mobile confirmation; null: never. */
  buyOrderConfirmationThresholdMinor: number | null;
  /** Cards per trading-card set (one badge level consumes one of each). */
  cardSetSize: number;
  /** Steam's and the game's fee on top of what the seller receives, in percent (5 + 10). */
  marketFeePercent: number;
  /** RUB per major unit of each wallet currency: price overviews convert at these. Chosen, fixed. */
  rubPerUnit: Record<string, number>;
}

export const DEFAULT_STEAM_SIM_CONFIG: SteamSimConfig = {
  accessTokenTtlMs: DAY,
  refreshTokenTtlMs: 200 * DAY,
  loginRateLimit: { max: 10, windowMs: 10 * MINUTE, blockMs: 30 * MINUTE },
  confirmationRateLimit: { max: 15, windowMs: MINUTE, blockMs: 5 * MINUTE },
  inventoryRateLimit: { max: 5, windowMs: MINUTE },
  priceOverviewRateLimit: { max: 20, windowMs: MINUTE },
  inventoryPageMax: 1000,
  smsCooldownMs: 30_000,
  smsMaxAttempts: 5,
  voipPrefixes: ['+1555', '+44700', '+7958'],
  marketPurchaseHoldMs: 7 * DAY,
  tradeReceivedHoldMs: 7 * DAY,
  newAuthenticatorMs: 7 * DAY,
  escrowMs: 7 * DAY,
  noAuthenticatorEscrowMs: 15 * DAY,
  marketAuthenticatorAgeMs: 15 * DAY,
  offerExpiryMs: 14 * DAY,
  maxActiveOffers: 30,
  maxOffersPerPartner: 5,
  confirmationKeyWindowSeconds: 300,
  buyOrderWalletMultiple: 10,
  maxBuyOrders: 100,
  buyOrderConfirmationThresholdMinor: null,
  cardSetSize: 5,
  marketFeePercent: 15,
  rubPerUnit: { RUB: 1, USD: 90, EUR: 100, GBP: 115, PLN: 23, UAH: 2.2, CNY: 12.5, KZT: 0.18 },
};

export type SteamSimConfigPatch = {
  [K in keyof SteamSimConfig]?: SteamSimConfig[K] extends unknown[]
    ? SteamSimConfig[K]
    : SteamSimConfig[K] extends object
      ? Partial<SteamSimConfig[K]>
      : SteamSimConfig[K];
};

export function mergeConfig(base: SteamSimConfig, patch: Record<string, unknown>): SteamSimConfig {
  const next: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (!(key in base)) throw new Error(`unknown config key ${key}`);
    const current = (base as unknown as Record<string, unknown>)[key];
    if (
      current !== null &&
      typeof current === 'object' &&
      !Array.isArray(current) &&
      value !== null &&
      typeof value === 'object'
    ) {
      next[key] = { ...current, ...(value as object) };
    } else {
      next[key] = value;
    }
  }
  return next as unknown as SteamSimConfig;
}
