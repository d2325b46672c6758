import { mdiOpenInNew } from '@mdi/js';
import type { CSSProperties } from 'react';

import { i18n } from '@/lib/i18n';
import { marketListingUrl } from '@/lib/market-links';

import { AppLink } from './app-link';
import type { EntityRow } from './entity-table/entity-columns';
import { ItemImage } from './item-image';
import { PlainIcon } from './plain-icon';
import type { VirtualColumn } from './virtual-table/virtual-table';

export interface ItemNameCellProps {
  name: string;
  iconUrl?: string | null;
  /** The market whose listing page the link opens; Steam's when none. */
  market?: string | null;
  classid?: string | null;
  instanceid?: string | null;
}

/** An item in a table: its picture, its market hash name and a link to its listing on the market. */
// Plain elements with shared style objects: a row per frame entering the view used to mount a Stack, a
// Typography and an SvgIcon (Emotion classes) and run useTranslation here (bench:web).
/** How long a table row stays in view before its picture loads. */
const IMAGE_DEFER_MS = 150;
const ROW: CSSProperties = { display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 };
const NAME: CSSProperties = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  minWidth: 0,
};
const LINK: CSSProperties = { display: 'inline-flex', color: 'inherit', opacity: 0.6, flexShrink: 0 };

export function ItemNameCell({ name, iconUrl, market, classid, instanceid }: ItemNameCellProps) {
  // The global instance: table columns are rebuilt when the language changes, so the label follows it.
  const openLabel = i18n.t('item.openListing');
  return (
    <div style={ROW}>
      <ItemImage marketHashName={name} iconUrl={iconUrl} size={28} deferMs={IMAGE_DEFER_MS} />
      <span title={name} style={NAME}>
        {name}
      </span>
      <AppLink
        to={marketListingUrl(market, { marketHashName: name, classid, instanceid })}
        external
        aria-label={openLabel}
        title={openLabel}
        onClick={(event) => event.stopPropagation()}
        style={LINK}
      >
        <PlainIcon path={mdiOpenInNew} size={14} />
      </AppLink>
    </div>
  );
}

const str = (value: unknown) => (typeof value === 'string' ? value : null);

/** Replaces a generated market_hash_name column with picture, name and listing link. */
export function withItemColumn(columns: VirtualColumn<EntityRow>[]): VirtualColumn<EntityRow>[] {
  return columns.map((column) =>
    column.id === 'market_hash_name'
      ? {
          ...column,
          width: 320,
          grow: 1,
          render: (row: EntityRow) => {
            const [classid, instanceid] = (str(row.classid_instanceid) ?? '').split('_');
            return (
              <ItemNameCell
                name={str(row.market_hash_name) ?? '—'}
                iconUrl={str(row.icon_url)}
                market={str(row.market)}
                classid={str(row.classid) ?? classid}
                instanceid={str(row.instanceid) ?? str(row.instance) ?? instanceid}
              />
            );
          },
        }
      : column,
  );
}
