import type { KitMarket, SimListing } from '../kit/kit-market.ts';
import { iso } from '../kit/route-helpers.ts';

/**
 * CSFloat's listing ("contract") object with every field the real answer carries, in the real types: the
 * example answers of docs.csfloat.com ("Get All Listings", "Get a Specific Listing", "List an item",
 * github.com/csfloat/docs source/index.html.md) and csfloat/extension `src/lib/types/float_market.ts`
 * (`Contract`, `Item`, `User`). Item attributes the kit does not model (float, paint seed and index, stickers)
 * are derived from the asset id, so they stay the same from one answer to the next.
 */

/** CSFloat listing ids are 18-digit decimal strings (above 2^53); kit ids are shifted into that range. */
const ID_OFFSET = 324_000_000_000_000_000n;

export function csfloatListingId(kitId: string): string {
  return String(BigInt(kitId) + ID_OFFSET);
}

/** The kit's id of a CSFloat listing id, or null when it is not one of ours. */
export function kitListingId(csfloatId: string): string | null {
  if (!/^\d{18,19}$/.test(csfloatId)) return null;
  const kit = BigInt(csfloatId) - ID_OFFSET;
  return kit > 0n ? String(kit) : null;
}

/** Offer settings given when the listing was created (`max_offer_discount` in basis points). */
export interface OfferSettings {
  maxOfferDiscount: number;
  description: string | null;
  private: boolean;
}

/**
 * The account default a listing gets when the create call does not say (CSFloat: "Set in user profile"); the
 * docs' examples all carry 1500 (15%), so the simulator's accounts have that default.
 */
export const PROFILE_MAX_OFFER_DISCOUNT = 1500;

const offerSettings = new WeakMap<SimListing, OfferSettings>();

export function setOfferSettings(listing: SimListing, settings: OfferSettings): void {
  offerSettings.set(listing, settings);
}

/** FNV-1a over the text: a stable 32-bit number per asset (and salt). */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (const char of text) {
    value ^= char.charCodeAt(0);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

const WEAR_RANGES: Record<string, [number, number]> = {
  'Factory New': [0, 0.07],
  'Minimal Wear': [0.07, 0.15],
  'Field-Tested': [0.15, 0.38],
  'Well-Worn': [0.38, 0.45],
  'Battle-Scarred': [0.45, 1],
};

const RARITY: Record<string, number> = {
  'Consumer Grade': 1,
  'Industrial Grade': 2,
  'Mil-Spec Grade': 3,
  Restricted: 4,
  Classified: 5,
  Covert: 6,
};

const STICKERS = [
  { stickerId: 55, name: 'Sticker | Fnatic | Katowice 2014', icon: 'emskatowice2014/fnatic', price: 41000 },
  {
    stickerId: 1060,
    name: 'Sticker | Team EnVyUs (Holo) | MLG Columbus 2016',
    icon: 'columbus2016/nv_holo',
    price: 736,
  },
  { stickerId: 4793, name: 'Sticker | Natus Vincere | Paris 2023', icon: 'paris2023/navi', price: 12 },
];

function wearOf(name: string): string | null {
  const match = /\(([^)]+)\)$/.exec(name);
  return match && match[1]! in WEAR_RANGES ? match[1]! : null;
}

function itemView(listing: SimListing, market: KitMarket, sellerSteamId: string) {
  const seed = hash(listing.assetId);
  const wear = wearOf(listing.name);
  const [low, high] = wear ? WEAR_RANGES[wear]! : [0, 0];
  // A double with the full precision a real float carries (0.02796577662229538), inside the wear's range.
  const floatValue = wear ? low + ((high - low) * (seed % 1_000_003)) / 1_000_003 : null;
  const catalogue = market.catalogue.byHashName(listing.name);
  const stickerCount = wear ? seed % 3 : 0;
  const dParam = String(BigInt(hash(`d${listing.assetId}`)) * 4_294_967_296n + BigInt(seed));
  return {
    asset_id: listing.assetId,
    def_index: 1 + (seed % 64),
    paint_index: wear ? 2 + (hash(listing.name) % 1200) : 0,
    paint_seed: wear ? seed % 1001 : 0,
    float_value: floatValue,
    icon_url: `-9a81dlWLwJ2UUGcVs_nsVtzdOEdtWwKGZZLQHTxDZ7I56KU0Zwwo4NUX4oFJZEHLbXH5ApeO4Ym${seed.toString(36)}`,
    d_param: dParam,
    is_stattrak: listing.name.includes('StatTrak'),
    is_souvenir: listing.name.startsWith('Souvenir'),
    rarity: RARITY[catalogue?.rarity ?? ''] ?? 3,
    quality: listing.name.includes('StatTrak') ? 9 : 4,
    market_hash_name: listing.name,
    stickers: STICKERS.slice(0, stickerCount).map((sticker, slot) => ({
      stickerId: sticker.stickerId,
      slot,
      ...(slot === 1 ? { wear: 0.09002881 } : {}),
      icon_url: `${sticker.icon}.png`,
      name: sticker.name,
      scm: { price: sticker.price, volume: 0 },
    })),
    tradable: 0,
    inspect_link: `steam://rungame/730/76561202255233023/+csgo_econ_action_preview%20S${sellerSteamId}A${listing.assetId}D${dParam}`,
    has_screenshot: false,
    scm: { price: Math.round((catalogue?.refPriceKopecks ?? 10_000) / 90), volume: seed % 50 },
    item_name: listing.name.replace(/ \([^)]+\)$/, ''),
    wear_name: wear,
    description: 'A finish of the simulated catalogue.',
    collection: 'The Simulated Collection',
    badges: [],
  };
}

/** The whole listing object, as `GET /listings`, `/users/{id}/stall` and `POST /listings` answer it. */
export function csfloatListingView(market: KitMarket, listing: SimListing, viewerId: string | null) {
  const seller = listing.sellerId === null ? null : market.accounts.get(listing.sellerId);
  const sellerSteamId = seller?.steamid ?? '76561190000000000';
  const settings = offerSettings.get(listing) ?? {
    maxOfferDiscount: PROFILE_MAX_OFFER_DISCOUNT,
    description: null,
    private: false,
  };
  const seed = hash(listing.id);
  return {
    id: csfloatListingId(listing.id),
    created_at: iso(listing.createdAt),
    type: 'buy_now',
    price: listing.price,
    ...(settings.description !== null ? { description: settings.description } : {}),
    state: 'listed',
    seller: {
      avatar: 'https://avatars.steamstatic.com/974f0a94f47f50a1a6a769fc8ff093cb93a49066_full.jpg',
      flags: 48,
      online: true,
      stall_public: true,
      statistics: {
        median_trade_time: 236,
        total_avoided_trades: 0,
        total_failed_trades: 0,
        total_trades: 24,
        total_verified_trades: 24,
      },
      steam_id: sellerSteamId,
      username: seller ? `trader${seller.id}` : 'player',
    },
    reference: {
      base_price: listing.price,
      float_factor: 1,
      predicted_price: listing.price,
      quantity: 1 + (seed % 40),
      last_updated: iso(listing.createdAt),
    },
    item: itemView(listing, market, sellerSteamId),
    is_seller: viewerId !== null && listing.sellerId === viewerId,
    // What a buyer's offer must reach: the price less the allowed discount, in whole cents (rounded up).
    min_offer_price: Math.ceil((listing.price * (10_000 - settings.maxOfferDiscount)) / 10_000),
    max_offer_discount: settings.maxOfferDiscount,
    is_watchlisted: false,
    watchers: seed % 7,
  };
}
