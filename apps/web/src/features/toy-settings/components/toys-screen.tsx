import { Button, MenuItem, Switch, TextField } from '@mui/material';
import { RECORD_STATUSES, toyEntity, type ToyPatch } from '@toydesk/contract';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useEnumLabel } from '@/lib/enum-label';
import type { EntityRow } from '@/components/entity-table/entity-columns';
import type { VirtualColumn } from '@/components/virtual-table/virtual-table';
import { overrideColumns } from '@/components/override-columns';
import { notify } from '@/lib/notifications';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import { useBulkUpdateToys } from '../api/bulk-update-toys';
import { useDeleteToys } from '../api/delete-many';
import { useDeleteToy } from '../api/delete-toy';
import { useToyGroups } from '../api/get-toy-groups';
import { useSaveToy } from '../api/save-toy';
import { useSetIgnorePrice } from '../api/set-ignore-price';
import { EMPTY_TOY_FILTERS, toyFiltersToQuery, type ToyFilters } from '../utils/toy-filters';
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

type Dialog = { kind: 'edit'; toy: EntityRow | null } | { kind: 'import' } | null;

/**
 * /toy-settings/common: the item catalogue. Filters and search on the server; ignore-price and the record
 * status are changed right in the row; create, edit and delete in dialogs; bulk changes to the selected rows
 * or to everything the filters match; deleting the selected rows; import of JSON or CSV.
 */
export function ToysScreen() {
  const { t } = useTranslation();
  const enumLabel = useEnumLabel();
  const [filters, setFilters] = useState<ToyFilters>(EMPTY_TOY_FILTERS);
  const debounced = useDebouncedValue(filters);
  const query = useMemo(() => toyFiltersToQuery(debounced), [debounced]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const groups = useToyGroups();
  // mutate is stable across renders, so the columns only change with the group names.
  const { mutate: saveToy } = useSaveToy();
  const remove = useDeleteToy();
  const removeMany = useDeleteToys();
  const ignore = useSetIgnorePrice();
  const { mutate: setIgnore } = ignore;
  const bulk = useBulkUpdateToys();
  const edit = useCallback((toy: EntityRow | null) => setDialog({ kind: 'edit', toy }), []);

  const groupName = useMemo(() => new Map((groups.data ?? []).map((g) => [g.id, g.name])), [groups.data]);
  const groupChoices = useMemo(
    () => ({ group: (groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name })) }),
    [groups.data],
  );

  const columns = useCallback(
    (generated: VirtualColumn<EntityRow>[]) =>
      overrideColumns(generated, {
        group: {
          render: (row) =>
            typeof row.group === 'number' ? (groupName.get(row.group) ?? `#${row.group}`) : '—',
        },
        ignore_price: {
          width: 90,
          render: (row) => (
            <Switch
              size="small"
              checked={row.ignore_price === true}
              onClick={(event) => event.stopPropagation()}
              onChange={(event) => setIgnore({ ids: [Number(row.id)], value: event.target.checked })}
              slotProps={{
                input: { 'aria-label': t('toys.ignorePriceOf', { name: String(row.market_hash_name) }) },
              }}
            />
          ),
        },
        record_status: {
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
                  id: Number(row.id),
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
        },
      }),
    [t, groupName, setIgnore, saveToy, enumLabel],
  );

  const setIgnoreOf = (ids: number[], value: boolean) =>
    ignore.mutate(
      { ids, value },
      { onSuccess: (n) => notify({ text: t('bulkEdit.updated', { count: n }), color: 'success' }) },
    );

  return (
    <CatalogueScreen
      title={t('nav.toySettingsCommon')}
      addLabel={t('toys.add')}
      onEdit={edit}
      onImport={() => setDialog({ kind: 'import' })}
      filters={
        <ToyFiltersBar
          filters={filters}
          onChange={(change) => setFilters((current) => ({ ...current, ...change }))}
        />
      }
      selectionActions={(ids) => (
        <>
          <Button size="small" disabled={ignore.isPending} onClick={() => setIgnoreOf(ids, true)}>
            {t('toys.ignorePriceOn')}
          </Button>
          <Button size="small" disabled={ignore.isPending} onClick={() => setIgnoreOf(ids, false)}>
            {t('toys.ignorePriceOff')}
          </Button>
        </>
      )}
      entity={toyEntity}
      table={{ routeId: 'toys.list', fields: FIELDS, query, columns }}
      deleteOne={{
        title: t('toys.deleteTitle'),
        text: (toy) => t('toys.deleteText', { name: String(toy.market_hash_name) }),
        done: t('toys.deleted'),
        isPending: remove.isPending,
        mutate: remove.mutate,
      }}
      deleteMany={{
        text: (count, formatted) => t('toys.deleteManyText', { count, formatted }),
        run: removeMany.mutateAsync,
      }}
      bulk={{
        fields: BULK_FIELDS,
        choices: groupChoices,
        apply: (target, patch) => bulk.mutateAsync({ target, patch: patch as ToyPatch }),
      }}
    >
      {dialog?.kind === 'edit' && (
        <ToyDialog key={String(dialog.toy?.id ?? 'new')} toy={dialog.toy} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'import' && <ImportToysDialog onClose={() => setDialog(null)} />}
    </CatalogueScreen>
  );
}
