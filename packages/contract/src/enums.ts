/**
 * Every enumeration of spec section 3, verbatim. Each is a tuple and its type; `z.enum(TUPLE)` (or
 * `field.enum(TUPLE)`) makes its schema where one is needed.
 */

export const MARKET_CODES = [
  'tm',
  'tm_usd',
  'cs7',
  'cs7_proxy',
  'dmarket',
  'steam',
  'lis_skins',
  'bitskins',
  'csfloat',
  'skinport',
  'waxpeer',
] as const;
export type MarketCode = (typeof MARKET_CODES)[number];

/** The currencies an account or a price is held in. EUR is only known to conversion (spec section 3). */
export const CURRENCIES = ['RUB', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CONVERTIBLE_CURRENCIES = ['RUB', 'USD', 'EUR'] as const;
export type ConvertibleCurrency = (typeof CONVERTIBLE_CURRENCIES)[number];

/** Narrows a currency read from outside (a marketplace answer, a database text column). */
export function isCurrency(value: unknown): value is Currency {
  return (CURRENCIES as readonly unknown[]).includes(value);
}

export function isConvertibleCurrency(value: unknown): value is ConvertibleCurrency {
  return (CONVERTIBLE_CURRENCIES as readonly unknown[]).includes(value);
}

export const CURRENCY_SYMBOLS: Record<ConvertibleCurrency, string> = { USD: '$', RUB: '₽', EUR: '€' };

/**
 * The currency a market quotes and settles its prices in (tm's `tm_usd` key answers in USD; the Steam wallet
 * of our accounts is in RUB): the currency of the rows that carry a market but no currency of their own.
 */
export const MARKET_CURRENCY: Record<MarketCode, Currency> = {
  tm: 'RUB',
  tm_usd: 'USD',
  cs7: 'RUB',
  cs7_proxy: 'RUB',
  dmarket: 'USD',
  steam: 'RUB',
  lis_skins: 'USD',
  bitskins: 'USD',
  csfloat: 'USD',
  skinport: 'USD',
  waxpeer: 'USD',
};

export const SIDES = ['buy', 'sell', 'unknown'] as const;
export type Side = (typeof SIDES)[number];

export const PRICE_KINDS = ['price_buy', 'price_sell'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

export const DYNAMIC_ORDER_FIELDS = ['min_price_buy', 'max_price_buy', 'enable_dynamic_order'] as const;
export type DynamicOrderField = (typeof DYNAMIC_ORDER_FIELDS)[number];

export const SCOPES = ['shared', 'private'] as const;
export type Scope = (typeof SCOPES)[number];

/** "Other enumerations" of section 3: the kinds of records a tag can be attached to. */
export const TAG_TARGETS = ['market_accounts', 'toys', 'market_toys'] as const;
export type TagTarget = (typeof TAG_TARGETS)[number];

export const RECORD_STATUSES = ['locked', 'normal', 'outdated', 'very_outdated', 'totally_outdated'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

export const TOY_LABELS = [
  'normal',
  'new',
  'rare',
  'unknown',
  'confirmation',
  'manipulate',
  'danger',
] as const;
export type ToyLabel = (typeof TOY_LABELS)[number];

export const TRANSACTION_KINDS = [
  'input',
  'output',
  'transfer_between_accounts',
  'transfer_between_markets',
  'other',
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export const PAYMENT_METHODS = [
  'qiwi',
  'yoomoney',
  'card',
  'cash',
  'inventory',
  'balance',
  'crypto',
  'rs',
  'wife',
  'market',
  'other',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const AD_SIZES = ['62fx62f', '150fx125f', '300fx220f'] as const;
export type AdSize = (typeof AD_SIZES)[number];

export const CONFIRMATION_KINDS = ['email_confirm', 'phone_change'] as const;
export type ConfirmationKind = (typeof CONFIRMATION_KINDS)[number];

export const PROFILE_THEMES = ['Summer', 'Midnight', 'Steel', 'Space', 'Darkness'] as const;
export type ProfileTheme = (typeof PROFILE_THEMES)[number];
/**
 * The spec gives profile themes "as encoded ids": the theme ids Steam's profile editor sends
 * (Space is Steam's "Cosmic", Darkness its "DarkMode").
 */
export const PROFILE_THEME_IDS: Record<ProfileTheme, string> = {
  Summer: 'Summer',
  Midnight: 'Midnight',
  Steel: 'Steel',
  Space: 'Cosmic',
  Darkness: 'DarkMode',
};

export const SHOWCASE_KINDS = ['workshop', 'favorite group', 'inventory items', 'trade items'] as const;
export type ShowcaseKind = (typeof SHOWCASE_KINDS)[number];

/** The account sign-up and setup steps of spec section 4, in their required order. */
export const SIGNUP_STEPS = [
  'relogin',
  'add_phone',
  'resend_code',
  'confirm_phone_code',
  'set_random_profile_info',
  'upload_avatar',
  'make_profile_public',
  'enable_2fa_step_1',
  'enable_2fa_step_2',
  'set_steam_info_to_site',
] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number];

export const CHECKLIST_STEP_STATES = ['pending', 'running', 'done', 'failed'] as const;
export type ChecklistStepState = (typeof CHECKLIST_STEP_STATES)[number];

/** Our own enumerations (not in the spec), for fields the spec leaves out. */
export const STEAM_ACCOUNT_STATUSES = ['new', 'active', 'limited', 'locked', 'banned', 'disabled'] as const;
export type SteamAccountStatus = (typeof STEAM_ACCOUNT_STATUSES)[number];

export const MARKET_ACCOUNT_STATUSES = ['active', 'paused', 'banned', 'disabled'] as const;
export type MarketAccountStatus = (typeof MARKET_ACCOUNT_STATUSES)[number];

export const SELL_ITEM_STATUSES = [
  'on_sale',
  'sold',
  'delivering',
  'delivered',
  'removed',
  'failed',
] as const;
export type SellItemStatus = (typeof SELL_ITEM_STATUSES)[number];

export const INVENTORY_ITEM_STATUSES = ['in_inventory', 'listed', 'sold', 'gone'] as const;
export type InventoryItemStatus = (typeof INVENTORY_ITEM_STATUSES)[number];

/** create, update and delete of records; call for a marketplace call made through the console's proxy. */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'call'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
