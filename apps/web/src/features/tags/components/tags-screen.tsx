import { Chip } from '@mui/material';
import { tagEntity } from '@toydesk/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import type { EntityRow } from '@/components/entity-table/entity-columns';
import { EntityTable } from '@/components/entity-table/entity-table';
import { Page } from '@/components/page';
import { contrastText } from '@/components/tag-chips';
import type { VirtualColumn } from '@/components/virtual-table/virtual-table';

/** /tags: the tags of accounts, toys and market toys, each in its colour. */
export function TagsScreen() {
  const { t } = useTranslation();
  const columns = useCallback(
    (generated: VirtualColumn<EntityRow>[]) =>
      generated.map((column) =>
        column.id === 'name'
          ? {
              ...column,
              render: (row: EntityRow) => {
                const color = typeof row.color === 'string' ? row.color : '#9e9e9e';
                return (
                  <Chip
                    size="small"
                    label={String(row.name)}
                    sx={{ bgcolor: color, color: contrastText(color) }}
                  />
                );
              },
            }
          : column,
      ),
    [],
  );
  return (
    <Page title={t('nav.tags')}>
      <EntityTable
        routeId="tags.list"
        entity={tagEntity}
        label={t('nav.tags')}
        pageSize={999999}
        columns={columns}
        defaultSort={{ id: 'name', desc: false }}
      />
    </Page>
  );
}
