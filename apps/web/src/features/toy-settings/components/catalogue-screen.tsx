import { mdiDeleteOutline, mdiFileImportOutline, mdiPencilBoxMultipleOutline, mdiPlus } from '@mdi/js';
import { Button, Stack } from '@mui/material';
import type { EntityDef } from '@toydesk/contract';
import { useCallback, useState, type ReactNode } from 'react';

import { checkboxColumn } from '@/components/checkbox-column';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { BulkEditDialog, type BulkEditDialogProps } from '@/components/entity-form/bulk-edit-dialog';
import type { EntityRow } from '@/components/entity-table/entity-columns';
import { EntityTable, type EntityTableProps } from '@/components/entity-table/entity-table';
import { withItemColumn } from '@/components/item-name-cell';
import { MdiIcon } from '@/components/mdi-icon';
import { Page } from '@/components/page';
import { rowActionsColumn } from '@/components/row-actions-column';
import { SelectionBar } from '@/components/selection-bar';
import type { VirtualColumn } from '@/components/virtual-table/virtual-table';
import { formatNumber } from '@/lib/format';
import { notify } from '@/lib/notifications';
import { useCheckedIds } from '@/lib/use-checked-ids';
import { useUiLang } from '@/lib/use-ui-lang';

import type { BulkTarget } from '../api/bulk-update-toys';
import type { DeleteManyInput, DeleteManyResult } from '../api/delete-many';
import { bulkScopeText } from '../utils/bulk-scope';
import type { ListFilterQuery } from '../utils/toy-filters';
import { BulkDeleteDialog } from './bulk-delete-dialog';

export interface CatalogueScreenProps {
  title: string;
  /** The create button's text. */
  addLabel: string;
  /** Opens the screen's own form: a row to edit (row click or the pencil), or null to create one. */
  onEdit: (row: EntityRow | null) => void;
  onImport: () => void;
  /** The filter row; the table's own search is off, the filters search on the server. */
  filters: ReactNode;
  /** More actions on the selected ids, between editing and deleting them. */
  selectionActions?: (ids: number[]) => ReactNode;
  entity: EntityDef;
  table: Pick<EntityTableProps, 'routeId' | 'fields'> & {
    /** The filters as the list's query: also what 'edit all matching' changes. */
    query: ListFilterQuery;
    /** The generated columns (the item column already merged) as this screen shows them. */
    columns: (generated: VirtualColumn<EntityRow>[]) => VirtualColumn<EntityRow>[];
  };
  /** Deleting one row: the confirmation's words and the mutation behind it. */
  deleteOne: {
    title: string;
    text: (row: EntityRow) => string;
    done: string;
    isPending: boolean;
    mutate: (id: number, options: { onSuccess: () => void }) => void;
  };
  /** Deleting the selected rows: what it does (with the count) and the row-by-row deletes. */
  deleteMany: {
    text: (count: number, formatted: string) => string;
    run: (input: DeleteManyInput) => Promise<DeleteManyResult>;
  };
  /** One change to the selected rows or to everything the filters match; apply answers how many changed. */
  bulk: Pick<BulkEditDialogProps, 'fields' | 'choices' | 'validate'> & {
    apply: (target: BulkTarget, patch: Record<string, unknown>) => Promise<number>;
  };
  /** The screen's own dialogs. */
  children?: ReactNode;
}

type Dialog =
  | { kind: 'delete'; row: EntityRow }
  | { kind: 'bulk'; target: BulkTarget }
  | { kind: 'deleteMany'; ids: number[] }
  | null;

const idOf = (row: EntityRow) => Number(row.id);

/**
 * The frame both item catalogues share (/toy-settings/common and /market): import and create beside the
 * title, the filters, the table with a checkbox and edit/delete in every row, bulk changes to the selected
 * rows or to everything the filters match, deleting one row or the selected ones.
 */
export function CatalogueScreen({
  title,
  addLabel,
  onEdit,
  onImport,
  filters,
  selectionActions,
  entity,
  table,
  deleteOne,
  deleteMany,
  bulk,
  children,
}: CatalogueScreenProps) {
  const { t, lang } = useUiLang();
  const [loaded, setLoaded] = useState<{ rows: EntityRow[]; total: number }>({ rows: [], total: 0 });
  const onRowsChange = useCallback((rows: EntityRow[], total: number) => setLoaded({ rows, total }), []);
  const selection = useCheckedIds();
  const [dialog, setDialog] = useState<Dialog>(null);
  const selectedIds = () => [...selection.selected];
  const { columns: screenColumns } = table;

  const columns = useCallback(
    (generated: VirtualColumn<EntityRow>[]): VirtualColumn<EntityRow>[] => [
      checkboxColumn({
        selection,
        rows: loaded.rows,
        getId: idOf,
        allLabel: t('bulkEdit.selectAll'),
        rowLabel: (row) => t('bulkEdit.selectRow', { name: String(row.market_hash_name) }),
      }),
      ...screenColumns(withItemColumn(generated)),
      rowActionsColumn<EntityRow>({
        editLabel: t('common.edit'),
        deleteLabel: t('common.delete'),
        onEdit,
        onDelete: (row) => setDialog({ kind: 'delete', row }),
      }),
    ],
    [selection, loaded.rows, t, screenColumns, onEdit],
  );

  return (
    <Page
      title={title}
      actions={
        <Stack direction="row" spacing={1}>
          <Button startIcon={<MdiIcon path={mdiFileImportOutline} />} onClick={onImport}>
            {t('toys.import.open')}
          </Button>
          <Button variant="contained" startIcon={<MdiIcon path={mdiPlus} />} onClick={() => onEdit(null)}>
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
            onClick={() => setDialog({ kind: 'bulk', target: { ids: selectedIds() } })}
          >
            {t('bulkEdit.editSelected')}
          </Button>
          {selectionActions?.(selectedIds())}
          <Button
            size="small"
            color="error"
            startIcon={<MdiIcon path={mdiDeleteOutline} />}
            onClick={() => setDialog({ kind: 'deleteMany', ids: selectedIds() })}
          >
            {t('bulkEdit.deleteSelected')}
          </Button>
        </SelectionBar>
        <EntityTable
          {...table}
          columns={columns}
          onRowsChange={onRowsChange}
          onRowClick={onEdit}
          label={title}
          searchable={false}
          height="calc(100vh - 280px)"
          toolbar={
            <Button
              size="small"
              startIcon={<MdiIcon path={mdiPencilBoxMultipleOutline} />}
              disabled={loaded.total === 0}
              onClick={() => setDialog({ kind: 'bulk', target: { query: table.query } })}
            >
              {t('bulkEdit.editMatching', { formatted: formatNumber(loaded.total, lang) })}
            </Button>
          }
        />
      </Stack>
      {children}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={deleteOne.title}
          text={deleteOne.text(dialog.row)}
          busy={deleteOne.isPending}
          onClose={() => setDialog(null)}
          onConfirm={() =>
            deleteOne.mutate(idOf(dialog.row), {
              onSuccess: () => {
                notify({ text: deleteOne.done, color: 'success' });
                selection.setMany([idOf(dialog.row)], false);
                setDialog(null);
              },
            })
          }
        />
      )}
      {dialog?.kind === 'deleteMany' && (
        <BulkDeleteDialog
          ids={dialog.ids}
          text={deleteMany.text(dialog.ids.length, formatNumber(dialog.ids.length, lang))}
          run={deleteMany.run}
          onDeleted={(ids) => selection.setMany(ids, false)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'bulk' && (
        <BulkEditDialog
          entity={entity}
          fields={bulk.fields}
          choices={bulk.choices}
          validate={bulk.validate}
          title={t('bulkEdit.title')}
          scope={bulkScopeText(t, lang, dialog.target, loaded.total)}
          apply={async (patch) => {
            const updated = await bulk.apply(dialog.target, patch);
            notify({ text: t('bulkEdit.updated', { count: updated }), color: 'success' });
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </Page>
  );
}
