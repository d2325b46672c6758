import { env } from './env';

/** Spec section 9: item images are 300 px unless asked otherwise. */
export const DEFAULT_IMAGE_SIZE = 300;
export const STEAM_IMAGE_HOST = 'https://community.cloudflare.steamstatic.com/economy/image';

/** Base64url (RFC 4648 §5, no padding) of the UTF-8 bytes of a name: safe as one path segment. */
export function base64UrlOfName(name: string): string {
  const bytes = new TextEncoder().encode(name);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Steam's economy image of an icon_url at W x H: .../economy/image/{icon_url}/{W}fx{H}f. */
export function steamImageUrl(iconUrl: string, width: number, height: number = width): string {
  return `${STEAM_IMAGE_HOST}/${iconUrl}/${Math.round(width)}fx${Math.round(height)}f`;
}

/** The image CDN's picture of an item: {base}/{base64url(market_hash_name)}.png?w={W}. */
export function cdnImageUrl(
  marketHashName: string,
  width: number,
  base: string = env.VITE_IMAGE_CDN_URL,
): string | null {
  if (!base) return null;
  return `${base}/${base64UrlOfName(marketHashName)}.png?w=${Math.round(width)}`;
}

/** The sources to try in order: the CDN when configured, then Steam's hosts. */
export function itemImageSources(
  item: { marketHashName?: string | null; iconUrl?: string | null },
  width: number = DEFAULT_IMAGE_SIZE,
  height: number = width,
  cdnBase: string = env.VITE_IMAGE_CDN_URL,
): string[] {
  const sources: string[] = [];
  const fromCdn = item.marketHashName ? cdnImageUrl(item.marketHashName, width, cdnBase) : null;
  if (fromCdn) sources.push(fromCdn);
  if (item.iconUrl) sources.push(steamImageUrl(item.iconUrl, width, height));
  return sources;
}
