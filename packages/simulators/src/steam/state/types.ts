/** The simulated Steam's records. Times are simulated epoch ms; money is minor units of the wallet currency. */

export type ItemKind = 'cs2' | 'card' | 'foil_card' | 'background' | 'emoticon' | 'gems' | 'other';

export interface SimItem {
  assetid: string;
  appid: number;
  contextid: string;
  classid: string;
  instanceid: string;
  amount: number;
  market_hash_name: string;
  name: string;
  type: string;
  tradable: boolean;
  marketable: boolean;
  /** Untradable and unmarketable until then (market purchase, received in a trade). */
  holdUntil: number | null;
  icon_url: string;
  kind: ItemKind;
  /** 753/6 items: the game they belong to. */
  feeApp: number | null;
  acquiredAt: number;
}

export type PrivacyKey =
  | 'PrivacyProfile'
  | 'PrivacyInventory'
  | 'PrivacyInventoryGifts'
  | 'PrivacyOwnedGames'
  | 'PrivacyPlaytime'
  | 'PrivacyFriendsList';

export interface SimShowcase {
  type: number;
  slot: number;
  config: Record<string, string>;
}

export interface SimBadge {
  badgeid: number;
  appid: number | null;
  level: number;
  xp: number;
  communityitemid: string | null;
}

export interface SimSms {
  number: string;
  code: string;
  purpose: 'phone_verify' | '2fa_activation';
  at: number;
}

export type SimEmailKind = 'email_confirm' | 'phone_change' | 'guard_code' | 'trade_confirm';

export interface SimEmail {
  kind: SimEmailKind;
  code: string;
  /** Path after the simulator's prefix that "clicks" the link (null for codes). */
  linkPath: string | null;
  at: number;
}

export interface PendingPhone {
  number: string;
  countryCode: string;
  awaitingEmail: boolean;
  emailToken: string;
  code: string | null;
  codeSentAt: number | null;
  attempts: number;
}

export interface TwoFactorData {
  shared_secret: string;
  identity_secret: string;
  revocation_code: string;
  serial_number: string;
  uri: string;
  token_gid: string;
  secret_1: string;
}

export interface SimAccount {
  login: string;
  password: string;
  steamId: string;
  accountId: number;
  email: string;
  emailValidated: boolean;
  /** No $5 spent: no market, no API key. */
  limited: boolean;
  /** Accounts without the authenticator need an emailed code at login. */
  emailGuard: boolean;
  /** A counterparty that exists only to trade with (created for unknown trade partners). */
  phantom: boolean;
  profile: {
    personaName: string;
    realName: string;
    summary: string;
    country: string;
    state: string;
    city: string;
    customURL: string;
    avatarHash: string | null;
  };
  privacy: Record<PrivacyKey, number>;
  commentPermission: number;
  themeId: string | null;
  backgroundId: string | null;
  favoriteBadge: { badgeid: number; communityitemid: string | null } | null;
  showcases: SimShowcase[];
  groups: Set<string>;
  primaryGroup: string | null;
  phone: string | null;
  pendingPhone: PendingPhone | null;
  twoFactor: (TwoFactorData & { enabledAt: number }) | null;
  pendingTwoFactor: (TwoFactorData & { activationCode: string; attempts: number }) | null;
  familyViewPin: string | null;
  parentalTokens: Set<string>;
  wallet: { currency: number; balance: number; delayed: number; country: string };
  items: SimItem[];
  gemsAssetId: string;
  gems: number;
  badges: SimBadge[];
  emoticons: { name: string; appid: number | null; at: number }[];
  workshopFavorites: Set<string>;
  statuses: { id: string; text: string; appid: number; at: number }[];
  newItems: number;
  apiKey: { key: string; domain: string } | null;
  apiKeyRequests: Map<string, { domain: string; confirmed: boolean }>;
  tradeToken: string;
  sms: SimSms[];
  emails: SimEmail[];
  createdAt: number;
}

export interface OfferAsset {
  appid: number;
  contextid: string;
  assetid: string;
  amount: number;
  classid: string;
  instanceid: string;
  market_hash_name: string;
}

export interface SimOffer {
  id: string;
  sender: string;
  recipient: string;
  /** The sender's items. */
  give: OfferAsset[];
  /** The recipient's items. */
  receive: OfferAsset[];
  message: string;
  state: number;
  /** 0 none, 1 email, 2 mobile app (EConfirmationMethod). */
  confirmationMethod: number;
  created: number;
  updated: number;
  expires: number;
  escrowEnds: number | null;
  tradeId: string | null;
  emailToken: string | null;
  /** Items taken out of both inventories while the trade is in escrow. */
  escrow: { toRecipient: SimItem[]; toSender: SimItem[] } | null;
  /** The recipient accepted and must still confirm on their phone (they give items). */
  acceptPending: boolean;
}

export type ConfirmationTarget =
  | { type: 2; offerId: string }
  | { type: 3; listingId: string }
  | { type: 9; requestId: string }
  | { type: 12; buyOrderId: string };

export interface SimConfirmation {
  id: string;
  nonce: string;
  owner: string;
  target: ConfirmationTarget;
  creatorId: string;
  typeName: string;
  headline: string;
  summary: string[];
  createdAt: number;
}

export interface SimListing {
  id: string;
  seller: string;
  item: SimItem;
  /** What the seller receives. */
  price: number;
  fee: number;
  currency: number;
  status: 'to_confirm' | 'active' | 'sold' | 'canceled';
  createdAt: number;
}

export interface SimBuyOrder {
  id: string;
  owner: string;
  appid: number;
  hashName: string;
  /** Per unit. */
  price: number;
  quantity: number;
  remaining: number;
  currency: number;
  status: 'active' | 'needs_confirmation' | 'confirmed' | 'filled' | 'canceled';
  createdAt: number;
}

export interface SimGroup {
  gid: string;
  name: string;
  members: Set<string>;
}
