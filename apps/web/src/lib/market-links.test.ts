import { describe, expect, it } from 'vitest';

import { encodeMarketHashName, lisSkinsSlug, marketListingUrl, steamListingUrl } from './market-links';

const name = 'StatTrak™ AK-47 | Redline (Field-Tested)';

describe('item outbound links (marketplaces.md section 4)', () => {
  it("encodes names as Steam does: spaces, '|', '(' and ')' and UTF-8", () => {
    expect(encodeMarketHashName(name)).toBe('StatTrak%E2%84%A2%20AK-47%20%7C%20Redline%20%28Field-Tested%29');
    expect(steamListingUrl('★ Karambit')).toBe(
      'https://steamcommunity.com/market/listings/730/%E2%98%85%20Karambit',
    );
  });

  it("builds each market's listing page", () => {
    const item = { marketHashName: 'AK-47 | Redline (Field-Tested)' };
    const enc = 'AK-47%20%7C%20Redline%20%28Field-Tested%29';
    // The tm family (tm, tm_usd, cs7, cs7_proxy) opens market.csgo.com's search, ids or not (issue 12).
    for (const market of ['tm', 'tm_usd', 'cs7', 'cs7_proxy']) {
      expect(marketListingUrl(market, item)).toBe(`https://market.csgo.com/en/?search=${enc}`);
      expect(marketListingUrl(market, { ...item, classid: '310776', instanceid: '0' })).toBe(
        `https://market.csgo.com/en/?search=${enc}`,
      );
    }
    expect(marketListingUrl('dmarket', item)).toBe(
      `https://dmarket.com/ingame-items/item-list/csgo-skins?title=${enc}`,
    );
    expect(marketListingUrl('csfloat', item)).toBe(`https://csfloat.com/search?market_hash_name=${enc}`);
    expect(marketListingUrl('waxpeer', item)).toBe(`https://waxpeer.com/?game=csgo&search=${enc}`);
    expect(marketListingUrl('bitskins', item)).toBe(`https://bitskins.com/market/cs2?search=${enc}`);
    expect(marketListingUrl('lis_skins', item)).toBe(
      'https://lis-skins.com/market/csgo/ak-47-redline-field-tested/',
    );
    expect(marketListingUrl('skinport', item)).toBe(`https://skinport.com/market?search=${enc}`);
  });

  it('falls back to the Steam Community Market listing of app 730 for Steam and unknown markets only', () => {
    const steam = `https://steamcommunity.com/market/listings/730/${encodeMarketHashName(name)}`;
    expect(marketListingUrl('steam', { marketHashName: name })).toBe(steam);
    expect(marketListingUrl('no-such-market', { marketHashName: name })).toBe(steam);
    expect(marketListingUrl(null, { marketHashName: name })).toBe(steam);
    expect(marketListingUrl('cs7', { marketHashName: name })).not.toBe(steam);
    expect(marketListingUrl('tm', { marketHashName: name })).not.toBe(steam);
  });

  it('slugs names for Lis-Skins', () => {
    expect(lisSkinsSlug('★ Butterfly Knife | Doppler (Factory New)')).toBe(
      'butterfly-knife-doppler-factory-new',
    );
  });
});
