import { z } from 'zod';

/** Every enumeration of spec section 3, verbatim. Each is a tuple, its zod schema and its type. */

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
export const marketCodeSchema = z.enum(MARKET_CODES);
export type MarketCode = z.infer<typeof marketCodeSchema>;

/** The currencies an account or a price is held in. EUR is only known to conversion (spec section 3). */
export const CURRENCIES = ['RUB', 'USD'] as const;
export const currencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof currencySchema>;

export const CONVERTIBLE_CURRENCIES = ['RUB', 'USD', 'EUR'] as const;
export const convertibleCurrencySchema = z.enum(CONVERTIBLE_CURRENCIES);
export type ConvertibleCurrency = z.infer<typeof convertibleCurrencySchema>;

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
export const sideSchema = z.enum(SIDES);
export type Side = z.infer<typeof sideSchema>;

export const PRICE_KINDS = ['price_buy', 'price_sell'] as const;
export const priceKindSchema = z.enum(PRICE_KINDS);
export type PriceKind = z.infer<typeof priceKindSchema>;

export const DYNAMIC_ORDER_FIELDS = ['min_price_buy', 'max_price_buy', 'enable_dynamic_order'] as const;
export const dynamicOrderFieldSchema = z.enum(DYNAMIC_ORDER_FIELDS);
export type DynamicOrderField = z.infer<typeof dynamicOrderFieldSchema>;

export const SCOPES = ['shared', 'private'] as const;
export const scopeSchema = z.enum(SCOPES);
export type Scope = z.infer<typeof scopeSchema>;

/** "Other enumerations" of section 3: the kinds of records a tag can be attached to. */
export const TAG_TARGETS = ['market_accounts', 'toys', 'market_toys'] as const;
export const tagTargetSchema = z.enum(TAG_TARGETS);
export type TagTarget = z.infer<typeof tagTargetSchema>;

export const RECORD_STATUSES = ['locked', 'normal', 'outdated', 'very_outdated', 'totally_outdated'] as const;
export const recordStatusSchema = z.enum(RECORD_STATUSES);
export type RecordStatus = z.infer<typeof recordStatusSchema>;

export const TOY_LABELS = [
  'normal',
  'new',
  'rare',
  'unknown',
  'confirmation',
  'manipulate',
  'danger',
] as const;
export const toyLabelSchema = z.enum(TOY_LABELS);
export type ToyLabel = z.infer<typeof toyLabelSchema>;

export const TRANSACTION_KINDS = [
  'input',
  'output',
  'transfer_between_accounts',
  'transfer_between_markets',
  'other',
] as const;
export const transactionKindSchema = z.enum(TRANSACTION_KINDS);
export type TransactionKind = z.infer<typeof transactionKindSchema>;

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
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const AD_SIZES = ['62fx62f', '150fx125f', '300fx220f'] as const;
export const adSizeSchema = z.enum(AD_SIZES);
export type AdSize = z.infer<typeof adSizeSchema>;

export const CONFIRMATION_KINDS = ['email_confirm', 'phone_change'] as const;
export const confirmationKindSchema = z.enum(CONFIRMATION_KINDS);
export type ConfirmationKind = z.infer<typeof confirmationKindSchema>;

export const PROFILE_THEMES = ['Summer', 'Midnight', 'Steel', 'Space', 'Darkness'] as const;
export const profileThemeSchema = z.enum(PROFILE_THEMES);
export type ProfileTheme = z.infer<typeof profileThemeSchema>;
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
export const showcaseKindSchema = z.enum(SHOWCASE_KINDS);
export type ShowcaseKind = z.infer<typeof showcaseKindSchema>;

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
export const signupStepSchema = z.enum(SIGNUP_STEPS);
export type SignupStep = z.infer<typeof signupStepSchema>;

export const CHECKLIST_STEP_STATES = ['pending', 'running', 'done', 'failed'] as const;
export const checklistStepStateSchema = z.enum(CHECKLIST_STEP_STATES);
export type ChecklistStepState = z.infer<typeof checklistStepStateSchema>;

/** Our own enumerations (not in the spec), for fields the spec leaves out. */
export const STEAM_ACCOUNT_STATUSES = ['new', 'active', 'limited', 'locked', 'banned', 'disabled'] as const;
export const steamAccountStatusSchema = z.enum(STEAM_ACCOUNT_STATUSES);
export type SteamAccountStatus = z.infer<typeof steamAccountStatusSchema>;

export const MARKET_ACCOUNT_STATUSES = ['active', 'paused', 'banned', 'disabled'] as const;
export const marketAccountStatusSchema = z.enum(MARKET_ACCOUNT_STATUSES);
export type MarketAccountStatus = z.infer<typeof marketAccountStatusSchema>;

export const SELL_ITEM_STATUSES = [
  'on_sale',
  'sold',
  'delivering',
  'delivered',
  'removed',
  'failed',
] as const;
export const sellItemStatusSchema = z.enum(SELL_ITEM_STATUSES);
export type SellItemStatus = z.infer<typeof sellItemStatusSchema>;

export const INVENTORY_ITEM_STATUSES = ['in_inventory', 'listed', 'sold', 'gone'] as const;
export const inventoryItemStatusSchema = z.enum(INVENTORY_ITEM_STATUSES);
export type InventoryItemStatus = z.infer<typeof inventoryItemStatusSchema>;

/** create, update and delete of records; call for a marketplace call made through the console's proxy. */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'call'] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;
