import { describe, expect, it } from 'vitest';

import { base64UrlOfName, DEFAULT_IMAGE_SIZE, itemImageSources, steamImageUrl } from './item-images';

describe('item image URLs (spec section 9)', () => {
  it('uses Steam image hosts with {W}fx{H}f and 300 by default', () => {
    expect(DEFAULT_IMAGE_SIZE).toBe(300);
    expect(steamImageUrl('abc', 300)).toBe(
      'https://community.cloudflare.steamstatic.com/economy/image/abc/300fx300f',
    );
    expect(itemImageSources({ iconUrl: 'abc' })).toEqual([
      'https://community.cloudflare.steamstatic.com/economy/image/abc/300fx300f',
    ]);
  });

  it('tries the image CDN first, by the base64url of the name', () => {
    expect(base64UrlOfName('AK-47 | Redline')).toBe('QUstNDcgfCBSZWRsaW5l');
    expect(base64UrlOfName('★?>')).toBe('4piFPz4');
    expect(
      itemImageSources({ marketHashName: 'AK-47 | Redline', iconUrl: 'abc' }, 62, 62, 'https://cdn.example'),
    ).toEqual([
      'https://cdn.example/QUstNDcgfCBSZWRsaW5l.png?w=62',
      'https://community.cloudflare.steamstatic.com/economy/image/abc/62fx62f',
    ]);
    expect(itemImageSources({ marketHashName: 'x' }, 300, 300, '')).toEqual([]);
  });
});
