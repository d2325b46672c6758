import { mdiOpenInNew } from '@mdi/js';
import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

import { marketListingUrl } from '@/lib/market-links';

import { AppLink } from './app-link';
import type { EntityRow } from './entity-table/entity-columns';
import { ItemImage } from './item-image';
import { MdiIcon } from './mdi-icon';
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
export function ItemNameCell({ name, iconUrl, market, classid, instanceid }: ItemNameCellProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <ItemImage marketHashName={name} iconUrl={iconUrl} size={28} />
      <Typography variant="body2" noWrap title={name} sx={{ minWidth: 0 }}>
        {name}
      </Typography>
      <AppLink
        to={marketListingUrl(market, { marketHashName: name, classid, instanceid })}
        external
        aria-label={t('item.openListing')}
        title={t('item.openListing')}
        onClick={(event) => event.stopPropagation()}
        style={{ display: 'inline-flex', color: 'inherit', opacity: 0.6 }}
      >
        <MdiIcon path={mdiOpenInNew} sx={{ fontSize: 14 }} />
      </AppLink>
    </Stack>
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
