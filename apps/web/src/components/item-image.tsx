import { mdiImageOffOutline } from '@mdi/js';
import { Box } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DEFAULT_IMAGE_SIZE, itemImageSources } from '@/lib/item-images';

import { MdiIcon } from './mdi-icon';

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
}

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
}: ItemImageProps) {
  const { t } = useTranslation();
  const h = height ?? size;
  const sources = useMemo(
    () => itemImageSources({ marketHashName, iconUrl }, size, h, cdnBase),
    [marketHashName, iconUrl, size, h, cdnBase],
  );
  const [failed, setFailed] = useState(0);
  const key = sources.join('|');
  const [sourcesKey, setSourcesKey] = useState(key);
  if (sourcesKey !== key) {
    setSourcesKey(key);
    setFailed(0);
  }
  const src = sources[failed];
  const alt = marketHashName ?? t('image.placeholder');
  if (!src) {
    return (
      <Box
        role="img"
        aria-label={alt}
        title={marketHashName ?? undefined}
        data-testid="item-image-placeholder"
        sx={{
          width: size,
          height: h,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'grey.100',
          color: 'grey.400',
          borderRadius: 1,
          flexShrink: 0,
        }}
      >
        <MdiIcon path={mdiImageOffOutline} sx={{ fontSize: Math.max(12, Math.min(size, h) * 0.5) }} />
      </Box>
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
      style={{ objectFit: 'contain', flexShrink: 0 }}
    />
  );
}
