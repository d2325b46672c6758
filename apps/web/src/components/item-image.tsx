import { mdiImageOffOutline } from '@mdi/js';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';

import { i18n } from '@/lib/i18n';
import { DEFAULT_IMAGE_SIZE, itemImageSources } from '@/lib/item-images';

import { PlainIcon } from './plain-icon';

export interface ItemImageProps {
  marketHashName?: string | null;
  /** Steam's icon_url (or icon_url_large) of the item. */
  iconUrl?: string | null;
  /** Width in px; default 300 (spec section 9). */
  size?: number;
  /** Height in px; default the width. */
  height?: number;
  /** Image CDN base; default VITE_IMAGE_CDN_URL. */
  cdnBase?: string;
  /**
   * An empty box first, the picture only once the image has stayed mounted this long: table rows that a
   * fast scroll carries past never start (and fail over) their image requests (bench:web).
   */
  deferMs?: number;
}

// Static styles and no hook of react-i18next or Emotion: table rows mount one image per row on every
// scroll frame (bench:web). The fixed width and height keep the row's layout from waiting for the image.
const PLACEHOLDER: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: '#f5f5f5',
  color: '#bdbdbd',
  borderRadius: 4,
  flexShrink: 0,
};
const DEFERRED: CSSProperties = {
  display: 'inline-block',
  background: '#f5f5f5',
  borderRadius: 4,
  flexShrink: 0,
};
const IMAGE: CSSProperties = { objectFit: 'contain', flexShrink: 0 };

/**
 * An item's picture: the image CDN (by the base64url of its market hash name) when configured, then
 * Steam's image host, then a placeholder when none loads.
 */
export function ItemImage({
  marketHashName,
  iconUrl,
  size = DEFAULT_IMAGE_SIZE,
  height,
  cdnBase,
  deferMs = 0,
}: ItemImageProps) {
  const h = height ?? size;
  const [shown, setShown] = useState(deferMs <= 0);
  const sources = useMemo(
    () => itemImageSources({ marketHashName, iconUrl }, size, h, cdnBase),
    [marketHashName, iconUrl, size, h, cdnBase],
  );
  const [failed, setFailed] = useState(0);
  const key = sources.join('|');
  const [sourcesKey, setSourcesKey] = useState(key);
  if (sourcesKey !== key) {
    // Another item in the same element (a table row slot handed to the next row): its own wait, its own
    // failures.
    setSourcesKey(key);
    setFailed(0);
    if (deferMs > 0) setShown(false);
  }
  useEffect(() => {
    if (shown) return undefined;
    const timer = setTimeout(() => setShown(true), deferMs);
    return () => clearTimeout(timer);
  }, [shown, deferMs, sourcesKey]);
  const src = sources[failed];
  const alt = marketHashName ?? i18n.t('image.placeholder');
  if (!shown) return <span role="img" aria-label={alt} style={{ ...DEFERRED, width: size, height: h }} />;
  if (!src) {
    return (
      <span
        role="img"
        aria-label={alt}
        title={marketHashName ?? undefined}
        data-testid="item-image-placeholder"
        style={{ ...PLACEHOLDER, width: size, height: h }}
      >
        <PlainIcon path={mdiImageOffOutline} size={Math.max(12, Math.min(size, h) * 0.5)} />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={h}
      loading="lazy"
      decoding="async"
      onError={() => setFailed((count) => count + 1)}
      style={IMAGE}
    />
  );
}
