import { Chip } from '@mui/material';
import { tagEntity } from '@toydesk/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import type { EntityRow } from '@/components/entity-table/entity-columns';
import { ReferenceScreen } from '@/components/reference-screen';
import { contrastText } from '@/components/tag-chips';
import type { VirtualColumn } from '@/components/virtual-table/virtual-table';
import { overrideColumns } from '@/components/override-columns';
import { useCommonData } from '@/lib/common-data';

import { isTagColor, isTagNameTaken, TAG_PALETTE } from '../utils/tag-colors';
import { TagColorField } from './tag-color-field';

const TAG_FORM_FIELDS = ['name', 'color', 'scope', 'target', 'description'] as const;
const FIELD_CONTROLS = { color: TagColorField };
/** A new tag starts on the contract's default colour, the palette's first swatch. */
const DEFAULTS = { color: TAG_PALETTE[0].color };

/**
 * /tags: the tags of accounts, toys and market toys, each in its colour; create, edit, delete. A name is
 * one tag (the server refuses a taken one too), the colour comes from a palette or the colour picker.
 */
export function TagsScreen() {
  const { t } = useTranslation();
  const common = useCommonData();
  const validate = useCallback(
    (body: Record<string, unknown>, row: EntityRow | null) => {
      const errors: Record<string, string> = {};
      if (isTagNameTaken(body.name, common.tags, row ? Number(row.id) : null))
        errors.name = t('catalogueFixes.tagNameTaken');
      if (body.color !== undefined && !isTagColor(body.color))
        errors.color = t('catalogueFixes.tagColor.invalid');
      return Object.keys(errors).length > 0 ? errors : null;
    },
    [common.tags, t],
  );
  const columns = useCallback(
    (generated: VirtualColumn<EntityRow>[]) =>
      overrideColumns(generated, {
        name: {
          render: (row) => {
            const color = typeof row.color === 'string' ? row.color : '#9e9e9e';
            return (
              <Chip
                size="small"
                label={String(row.name)}
                sx={{ bgcolor: color, color: contrastText(color) }}
              />
            );
          },
        },
      }),
    [],
  );
  return (
    <ReferenceScreen
      title={t('nav.tags')}
      entity={tagEntity}
      resource="tags"
      formFields={TAG_FORM_FIELDS}
      required={['name', 'color']}
      defaults={DEFAULTS}
      fieldControls={FIELD_CONTROLS}
      validate={validate}
      nameOf={(row) => String(row.name)}
      columns={columns}
      defaultSort={{ id: 'name', desc: false }}
      inCommonData
    />
  );
}
