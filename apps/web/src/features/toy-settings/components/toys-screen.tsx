import { Button, MenuItem, Switch, TextField } from '@mui/material';
import { RECORD_STATUSES, toyEntity, type ToyPatch } from '@toydesk/contract';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { BulkEditDialog } from '@/components/entity-form/bulk-edit-dialog';
import { useEnumLabel } from '@/components/entity-form/entity-field';
import type { EntityRow } from '@/components/entity-table/entity-columns';
import { withItemColumn } from '@/components/item-name-cell';
import { rowActionsColumn } from '@/components/row-actions-column';
import { checkboxColumn } from '@/components/checkbox-column';
import type { VirtualColumn } from '@/components/virtual-table/virtual-table';
import { formatNumber } from '@/lib/format';
import { notify } from '@/lib/notifications';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useCheckedIds } from '@/lib/use-checked-ids';

import { useBulkUpdateToys, type BulkTarget } from '../api/bulk-update-toys';
import { useDeleteToys } from '../api/delete-many';
import { useDeleteToy } from '../api/delete-toy';
import { useToyGroups } from '../api/get-toy-groups';
import { useSaveToy } from '../api/save-toy';
import { useSetIgnorePrice } from '../api/set-ignore-price';
import { bulkScopeText } from '../utils/bulk-scope';
import { EMPTY_TOY_FILTERS, toyFiltersToQuery, type ToyFilters } from '../utils/toy-filters';
import { BulkDeleteDialog } from './bulk-delete-dialog';
import { CatalogueScreen } from './catalogue-screen';
import { ImportToysDialog } from './import-toys-dialog';
import { ToyDialog } from './toy-dialog';
import { ToyFiltersBar } from './toy-filters-bar';

const FIELDS = [
  'id',
  'market_hash_name',
  'ru_name',
  'label',
  'rarity',
  'tags',
  'group',
  'record_status',
  'ignore_price',
  'updated_at',
];

const BULK_FIELDS = ['label', 'record_status', 'group', 'tags', 'ignore_price', 'rarity', 'weapon'];

type Dialog =
  | { kind: 'edit'; toy: EntityRow | null }
  | { kind: 'delete'; toy: EntityRow }
  | { kind: 'bulk'; target: BulkTarget }
  | { kind: 'deleteMany'; ids: number[] }
  | { kind: 'import' }
  | null;

const idOf = (row: EntityRow) => Number(row.id);

/**
 * /toy-settings/common: the item catalogue. Filters and search on the server; ignore-price and the record
 * status are changed right in the row; create, edit and delete in dialogs; bulk changes to the selected rows
 * or to everything the filters match; deleting the selected rows; import of JSON or CSV.
 */
export function ToysScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'ru';
  const enumLabel = useEnumLabel();
  const [filters, setFilters] = useState<ToyFilters>(EMPTY_TOY_FILTERS);
  const debounced = useDebouncedValue(filters);
  const query = useMemo(() => toyFiltersToQuery(debounced), [debounced]);
  const [loaded, setLoaded] = useState<{ rows: EntityRow[]; total: number }>({ rows: [], total: 0 });
  const onRowsChange = useCallback((rows: EntityRow[], total: number) => setLoaded({ rows, total }), []);
  const selection = useCheckedIds();
  const [dialog, setDialog] = useState<Dialog>(null);
  const groups = useToyGroups();
  // mutate is stable across renders, so the columns only change with the rows and the selection.
  const { mutate: saveToy } = useSaveToy();
  const remove = useDeleteToy();
  const removeMany = useDeleteToys();
  const ignore = useSetIgnorePrice();
  const { mutate: setIgnore } = ignore;
  const bulk = useBulkUpdateToys();

  const groupName = useMemo(() => new Map((groups.data ?? []).map((g) => [g.id, g.name])), [groups.data]);
  const groupChoices = useMemo(
    () => ({ group: (groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name })) }),
    [groups.data],
  );

  const columns = useCallback(
    (generated: VirtualColumn<EntityRow>[]) => [
      checkboxColumn({
        selection,
        rows: loaded.rows,
        getId: idOf,
        allLabel: t('bulkEdit.selectAll'),
        rowLabel: (row) => t('bulkEdit.selectRow', { name: String(row.market_hash_name) }),
      }),
      ...withItemColumn(generated).map((column): VirtualColumn<EntityRow> => {
        if (column.id === 'group')
          return {
            ...column,
            render: (row) =>
              typeof row.group === 'number' ? (groupName.get(row.group) ?? `#${row.group}`) : '—',
          };
        if (column.id === 'ignore_price')
          return {
            ...column,
            width: 90,
            render: (row) => (
              <Switch
                size="small"
                checked={row.ignore_price === true}
                onClick={(event) => event.stopPropagation()}
                onChange={(event) => setIgnore({ ids: [idOf(row)], value: event.target.checked })}
                slotProps={{
                  input: { 'aria-label': t('toys.ignorePriceOf', { name: String(row.market_hash_name) }) },
                }}
              />
            ),
          };
        if (column.id === 'record_status')
          return {
            ...column,
            width: 170,
            render: (row) => (
              <TextField
                select
                variant="standard"
                margin="none"
                value={String(row.record_status)}
                onClick={(event) => event.stopPropagation()}
                onChange={(event) =>
                  saveToy({
                    id: idOf(row),
                    body: { record_status: event.target.value as ToyPatch['record_status'] },
                  })
                }
                slotProps={{
                  htmlInput: { 'aria-label': t('toys.statusOf', { name: String(row.market_hash_name) }) },
                }}
                sx={{ width: '100%', '& .MuiInputBase-root': { fontSize: 13 } }}
              >
                {RECORD_STATUSES.map((status) => (
                  <MenuItem key={status} value={status}>
                    {enumLabel('record_status', status)}
                  </MenuItem>
                ))}
              </TextField>
            ),
          };
        return column;
      }),
      rowActionsColumn<EntityRow>({
        editLabel: t('common.edit'),
        deleteLabel: t('common.delete'),
        onEdit: (toy) => setDialog({ kind: 'edit', toy }),
        onDelete: (toy) => setDialog({ kind: 'delete', toy }),
      }),
    ],
    [selection, loaded.rows, t, groupName, setIgnore, saveToy, enumLabel],
  );

  const selectedIds = [...selection.selected];
  const setIgnoreSelected = (value: boolean) =>
    ignore.mutate(
      { ids: selectedIds, value },
      { onSuccess: (n) => notify({ text: t('bulkEdit.updated', { count: n }), color: 'success' }) },
    );

  return (
    <CatalogueScreen
      title={t('nav.toySettingsCommon')}
      addLabel={t('toys.add')}
      onAdd={() => setDialog({ kind: 'edit', toy: null })}
      onImport={() => setDialog({ kind: 'import' })}
      filters={
        <ToyFiltersBar
          filters={filters}
          onChange={(change) => setFilters((current) => ({ ...current, ...change }))}
        />
      }
      selection={selection}
      selectionActions={
        <>
          <Button size="small" disabled={ignore.isPending} onClick={() => setIgnoreSelected(true)}>
            {t('toys.ignorePriceOn')}
          </Button>
          <Button size="small" disabled={ignore.isPending} onClick={() => setIgnoreSelected(false)}>
            {t('toys.ignorePriceOff')}
          </Button>
        </>
      }
      onEditSelected={(ids) => setDialog({ kind: 'bulk', target: { ids } })}
      onDeleteSelected={(ids) => setDialog({ kind: 'deleteMany', ids })}
      matching={loaded.total}
      onEditMatching={() => setDialog({ kind: 'bulk', target: { query } })}
      table={{
        routeId: 'toys.list',
        entity: toyEntity,
        fields: FIELDS,
        query,
        columns,
        onRowsChange,
        onRowClick: (toy) => setDialog({ kind: 'edit', toy }),
      }}
    >
      {dialog?.kind === 'edit' && (
        <ToyDialog key={String(dialog.toy?.id ?? 'new')} toy={dialog.toy} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'import' && <ImportToysDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('toys.deleteTitle')}
          text={t('toys.deleteText', { name: String(dialog.toy.market_hash_name) })}
          busy={remove.isPending}
          onClose={() => setDialog(null)}
          onConfirm={() =>
            remove.mutate(idOf(dialog.toy), {
              onSuccess: () => {
                notify({ text: t('toys.deleted'), color: 'success' });
                selection.setMany([idOf(dialog.toy)], false);
                setDialog(null);
              },
            })
          }
        />
      )}
      {dialog?.kind === 'deleteMany' && (
        <BulkDeleteDialog
          ids={dialog.ids}
          text={t('toys.deleteManyText', {
            count: dialog.ids.length,
            formatted: formatNumber(dialog.ids.length, lang),
          })}
          run={removeMany.mutateAsync}
          onDeleted={(ids) => selection.setMany(ids, false)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'bulk' && (
        <BulkEditDialog
          entity={toyEntity}
          fields={BULK_FIELDS}
          choices={groupChoices}
          title={t('bulkEdit.title')}
          scope={bulkScopeText(t, lang, dialog.target, loaded.total)}
          apply={async (patch) => {
            const updated = await bulk.mutateAsync({ target: dialog.target, patch: patch as ToyPatch });
            notify({ text: t('bulkEdit.updated', { count: updated }), color: 'success' });
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </CatalogueScreen>
  );
}
