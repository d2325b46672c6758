import { mdiLinkVariant, mdiPencilBoxMultipleOutline, mdiPlus } from '@mdi/js';
import { Button, Stack } from '@mui/material';
import { toyHistoryEntity, type ToyHistoryPatch } from '@toydesk/contract';
import { useCallback, useMemo, useState } from 'react';

import { checkboxColumn } from '@/components/checkbox-column';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { BulkEditDialog } from '@/components/entity-form/bulk-edit-dialog';
import type { EntityRow } from '@/components/entity-table/entity-columns';
import { EntityTable } from '@/components/entity-table/entity-table';
import { withItemColumn } from '@/components/item-name-cell';
import { MdiIcon } from '@/components/mdi-icon';
import { Page } from '@/components/page';
import { rowActionsColumn } from '@/components/row-actions-column';
import { SelectionBar } from '@/components/selection-bar';
import type { VirtualColumn } from '@/components/virtual-table/virtual-table';
import { overrideColumns } from '@/components/override-columns';
import { formatNumber } from '@/lib/format';
import { notify } from '@/lib/notifications';
import { useCheckedIds } from '@/lib/use-checked-ids';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useUrlFilters } from '@/lib/use-url-filters';
import { useUiLang } from '@/lib/use-ui-lang';

import { useBulkUpdateHistory } from '../api/bulk-update-history';
import { useConnectHistoryItems } from '../api/connect-history-items';
import { useDeleteHistory } from '../api/delete-history';
import { HISTORY_FILTERS_IN_URL, historyFiltersToQuery } from '../utils/history-filters';
import { HistoryDialog } from './history-dialog';
import { HistoryFiltersBar } from './history-filters-bar';
import { HistoryTotalsBar } from './history-totals-bar';

const FIELDS = [
  'date',
  'market_hash_name',
  'side',
  'price',
  'market',
  'market_account',
  'steam_account',
  'record_status',
  'market_item_id',
  'comment',
];

const BULK_FIELDS = [
  'record_status',
  'side',
  'market',
  'steam_account',
  'market_account',
  'currency',
  'comment',
];

type Dialog =
  | { kind: 'edit'; row: EntityRow | null }
  | { kind: 'delete'; row: EntityRow }
  | { kind: 'bulk'; ids: number[] }
  | null;

const text = (value: unknown) => (typeof value === 'string' ? value : '—');
const idOf = (row: EntityRow) => Number(row.id);

/**
 * /history/list: every purchase and sale (toy history), newest first, read page by page; filters on the
 * server, totals of everything the filters match, bulk edit and connect-items on the selected rows.
 */
export function HistoryScreen() {
  const { t, lang } = useUiLang();
  // Every filter lives in the URL: a reload or Back keeps them, a copied link shares them.
  const [filters, changeFilters] = useUrlFilters(HISTORY_FILTERS_IN_URL);
  const debounced = useDebouncedValue(filters);
  const query = useMemo(() => historyFiltersToQuery(debounced), [debounced]);
  const selection = useCheckedIds();
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useDeleteHistory();
  const bulk = useBulkUpdateHistory();
  const connect = useConnectHistoryItems();

  const columns = useCallback(
    (generated: VirtualColumn<EntityRow>[]) => [
      checkboxColumn({
        selection,
        getId: idOf,
        allLabel: t('bulkEdit.selectAll'),
        rowLabel: (row) =>
          t('bulkEdit.selectRow', { name: `#${String(row.id)} ${String(row.market_hash_name)}` }),
      }),
      // The extended list names the accounts itself.
      ...overrideColumns(withItemColumn(generated), {
        market_account: { render: (row) => text(row.market_account_label) },
        steam_account: { render: (row) => text(row.steam_account_name) },
      }),
      rowActionsColumn<EntityRow>({
        editLabel: t('common.edit'),
        deleteLabel: t('common.delete'),
        onEdit: (row) => setDialog({ kind: 'edit', row }),
        onDelete: (row) => setDialog({ kind: 'delete', row }),
      }),
    ],
    [selection, t],
  );

  const runConnect = (ids?: number[]) =>
    connect.mutate(ids, {
      onSuccess: (result) =>
        notify({
          text: t('history.connected', {
            connected: result.connected,
            byClass: result.by_classid_instanceid,
            byName: result.by_market_hash_name,
            unmatched: result.unmatched,
          }),
          color: result.connected > 0 ? 'success' : 'info',
        }),
    });

  const selectedIds = [...selection.selected];
  return (
    <Page
      title={t('nav.historyList')}
      actions={
        <Stack direction="row" spacing={1}>
          <Button
            startIcon={<MdiIcon path={mdiLinkVariant} />}
            disabled={connect.isPending}
            onClick={() => runConnect()}
          >
            {t('history.connectAll')}
          </Button>
          <Button
            variant="contained"
            startIcon={<MdiIcon path={mdiPlus} />}
            onClick={() => setDialog({ kind: 'edit', row: null })}
          >
            {t('history.add')}
          </Button>
        </Stack>
      }
    >
      <Stack spacing={1}>
        <HistoryFiltersBar filters={filters} onChange={changeFilters} />
        <HistoryTotalsBar query={query} />
        <SelectionBar count={selection.selected.size} onClear={selection.clear}>
          <Button
            size="small"
            startIcon={<MdiIcon path={mdiPencilBoxMultipleOutline} />}
            onClick={() => setDialog({ kind: 'bulk', ids: selectedIds })}
          >
            {t('bulkEdit.editSelected')}
          </Button>
          <Button
            size="small"
            startIcon={<MdiIcon path={mdiLinkVariant} />}
            disabled={connect.isPending}
            onClick={() => runConnect(selectedIds)}
          >
            {t('history.connectSelected')}
          </Button>
        </SelectionBar>
        <EntityTable
          routeId="history.extended"
          label={t('nav.historyList')}
          fields={FIELDS}
          query={query}
          searchable={false}
          columns={columns}
          onRowClick={(row) => setDialog({ kind: 'edit', row })}
          defaultSort={{ id: 'date', desc: true }}
          height="calc(100vh - 330px)"
        />
      </Stack>
      {dialog?.kind === 'edit' && (
        <HistoryDialog
          key={String(dialog.row?.id ?? 'new')}
          row={dialog.row}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('history.deleteTitle')}
          text={t('history.deleteText', {
            id: String(dialog.row.id),
            name: String(dialog.row.market_hash_name),
          })}
          busy={remove.isPending}
          onClose={() => setDialog(null)}
          onConfirm={() =>
            remove.mutate(idOf(dialog.row), {
              onSuccess: () => {
                notify({ text: t('history.deleted'), color: 'success' });
                selection.setMany([idOf(dialog.row)], false);
                setDialog(null);
              },
            })
          }
        />
      )}
      {dialog?.kind === 'bulk' && (
        <BulkEditDialog
          entity={toyHistoryEntity}
          fields={BULK_FIELDS}
          title={t('bulkEdit.title')}
          scope={t('bulkEdit.scopeSelected', {
            count: dialog.ids.length,
            formatted: formatNumber(dialog.ids.length, lang),
          })}
          apply={async (fields) => {
            const updated = await bulk.mutateAsync({ ids: dialog.ids, fields: fields as ToyHistoryPatch });
            notify({ text: t('bulkEdit.updated', { count: updated }), color: 'success' });
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </Page>
  );
}
