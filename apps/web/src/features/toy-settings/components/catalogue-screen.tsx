import { mdiDeleteOutline, mdiFileImportOutline, mdiPencilBoxMultipleOutline, mdiPlus } from '@mdi/js';
import { Button, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { EntityTable, type EntityTableProps } from '@/components/entity-table/entity-table';
import { MdiIcon } from '@/components/mdi-icon';
import { Page } from '@/components/page';
import { SelectionBar } from '@/components/selection-bar';
import { formatNumber } from '@/lib/format';
import type { CheckedIds } from '@/lib/use-checked-ids';

export interface CatalogueScreenProps {
  title: string;
  /** The create button's text. */
  addLabel: string;
  onAdd: () => void;
  onImport: () => void;
  /** The filter row; the table's own search is off, the filters search on the server. */
  filters: ReactNode;
  selection: CheckedIds;
  /** More actions on the selected rows, between editing and deleting them. */
  selectionActions?: ReactNode;
  onEditSelected: (ids: number[]) => void;
  onDeleteSelected: (ids: number[]) => void;
  /** How many rows the filters match on the server: what 'edit all matching' would change. */
  matching: number;
  onEditMatching: () => void;
  table: Pick<
    EntityTableProps,
    'routeId' | 'entity' | 'fields' | 'query' | 'columns' | 'onRowsChange' | 'onRowClick'
  >;
  /** The screen's dialogs. */
  children?: ReactNode;
}

/**
 * The frame both item catalogues share (/toy-settings/common and /market): import and create beside the
 * title, the filters, bulk actions on the selected rows or on everything the filters match, the table.
 */
export function CatalogueScreen({
  title,
  addLabel,
  onAdd,
  onImport,
  filters,
  selection,
  selectionActions,
  onEditSelected,
  onDeleteSelected,
  matching,
  onEditMatching,
  table,
  children,
}: CatalogueScreenProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'ru';
  const selectedIds = () => [...selection.selected];
  return (
    <Page
      title={title}
      actions={
        <Stack direction="row" spacing={1}>
          <Button startIcon={<MdiIcon path={mdiFileImportOutline} />} onClick={onImport}>
            {t('toys.import.open')}
          </Button>
          <Button variant="contained" startIcon={<MdiIcon path={mdiPlus} />} onClick={onAdd}>
            {addLabel}
          </Button>
        </Stack>
      }
    >
      <Stack spacing={1}>
        {filters}
        <SelectionBar count={selection.selected.size} onClear={selection.clear}>
          <Button
            size="small"
            startIcon={<MdiIcon path={mdiPencilBoxMultipleOutline} />}
            onClick={() => onEditSelected(selectedIds())}
          >
            {t('bulkEdit.editSelected')}
          </Button>
          {selectionActions}
          <Button
            size="small"
            color="error"
            startIcon={<MdiIcon path={mdiDeleteOutline} />}
            onClick={() => onDeleteSelected(selectedIds())}
          >
            {t('bulkEdit.deleteSelected')}
          </Button>
        </SelectionBar>
        <EntityTable
          {...table}
          label={title}
          searchable={false}
          height="calc(100vh - 280px)"
          toolbar={
            <Button
              size="small"
              startIcon={<MdiIcon path={mdiPencilBoxMultipleOutline} />}
              disabled={matching === 0}
              onClick={onEditMatching}
            >
              {t('bulkEdit.editMatching', { formatted: formatNumber(matching, lang) })}
            </Button>
          }
        />
      </Stack>
      {children}
    </Page>
  );
}
