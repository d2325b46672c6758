import { Chip } from '@mui/material';
import { tagEntity } from '@toydesk/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import type { EntityRow } from '@/components/entity-table/entity-columns';
import { ReferenceScreen } from '@/components/reference-screen';
import { contrastText } from '@/components/tag-chips';
import type { VirtualColumn } from '@/components/virtual-table/virtual-table';

const TAG_FORM_FIELDS = ['name', 'color', 'scope', 'target', 'description'] as const;

/** /tags: the tags of accounts, toys and market toys, each in its colour; create, edit, delete. */
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
    <ReferenceScreen
      title={t('nav.tags')}
      entity={tagEntity}
      routes={{
        list: 'tags.list',
        create: 'tags.create',
        update: 'tags.partial_update',
        destroy: 'tags.destroy',
      }}
      formFields={TAG_FORM_FIELDS}
      required={['name', 'color']}
      nameOf={(row) => String(row.name)}
      columns={columns}
      defaultSort={{ id: 'name', desc: false }}
      inCommonData
    />
  );
}
