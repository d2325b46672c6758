/**
 * Outbound item links (spec section 2): each marketplace's listing page from the market hash name, as
 * docs/marketplace-contracts.md section 4 gives them; the Steam Community Market listing of app 730
 * only for Steam itself and a market the console does not know. Patterns marked [mem] there are unverified.
 */

export const STEAM_APP_ID = 730;

/** encodeURIComponent plus ! ' ( ) *, as Steam writes names in its URLs: ( and ) become %28 and %29. */
export function encodeMarketHashName(name: string): string {
  return encodeURIComponent(name).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Lis-Skins' slug: lower case, anything but letters and digits as single dashes. */
export function lisSkinsSlug(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

export function steamListingUrl(marketHashName: string): string {
  return `https://steamcommunity.com/market/listings/${STEAM_APP_ID}/${encodeMarketHashName(marketHashName)}`;
}

export interface ItemRef {
  marketHashName: string;
  classid?: string | null;
  instanceid?: string | null;
}

/**
 * market.csgo.com's search for one market hash name: its current site answers every item there, while the
 * legacy /item/{classid}-{instanceid}-{name}/ page needs ids most rows lack (and those rows used to open
 * Steam instead).
 */
export function marketCsgoSearchUrl(marketHashName: string): string {
  return `https://market.csgo.com/en/?search=${encodeMarketHashName(marketHashName)}`;
}

/** The listing page of an item on a market (by code); Steam's listing as the fallback. */
export function marketListingUrl(market: string | null | undefined, item: ItemRef): string {
  const name = item.marketHashName;
  const enc = encodeMarketHashName(name);
  switch (market) {
    case 'tm':
    case 'tm_usd':
    case 'cs7':
    case 'cs7_proxy':
      // The tm API family (cs7 and cs7_proxy are markets of it, marketplaces.md): market.csgo.com's page.
      return marketCsgoSearchUrl(name);
    case 'dmarket':
      return `https://dmarket.com/ingame-items/item-list/csgo-skins?title=${enc}`;
    case 'lis_skins':
      return `https://lis-skins.com/market/csgo/${lisSkinsSlug(name)}/`;
    case 'bitskins':
      return `https://bitskins.com/market/cs2?search=${enc}`;
    case 'csfloat':
      return `https://csfloat.com/search?market_hash_name=${enc}`;
    case 'skinport':
      return `https://skinport.com/market?search=${enc}`;
    case 'waxpeer':
      return `https://waxpeer.com/?game=csgo&search=${enc}`;
    default:
      // steam and anything unknown.
      return steamListingUrl(name);
  }
}
