import { mdiDelete, mdiFileKey, mdiPencilBoxMultiple, mdiPlus } from '@mdi/js';
import { Button, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { CURRENCIES, STEAM_ACCOUNT_STATUSES, type MarketRates } from '@toydesk/contract';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FilterBar } from '@/components/filter-bar';
import { MdiIcon } from '@/components/mdi-icon';
import { Page } from '@/components/page';
import { RateDateHint } from '@/components/rate-date-hint';
import { RowCountBar } from '@/components/row-count-bar';
import { SelectionBar } from '@/components/selection-bar';
import { ToolbarFilters } from '@/components/toolbar-filters';
import { marketByCode, useCommonData } from '@/lib/common-data';
import { shownRowsExportUrl } from '@/lib/csv-export';

import { notify } from '@/lib/notifications';
import { useCheckedIds, useSelectedRows } from '@/lib/use-checked-ids';
import { useFilterState } from '@/lib/use-filter-state';

import { useDeleteSteamAccounts } from '../api/delete-steam-accounts';
import { useProxyOptions } from '../api/get-proxy-options';
import {
  steamAccountsQueryKey,
  useSteamAccounts,
  useSteamAccountsFirstPage,
  type SteamAccountRow,
} from '../api/get-steam-accounts';
import { EMPTY_FILTERS, filterSteamAccounts, NO_GROUP } from '../utils/filter-steam-accounts';
import type { SteamAction } from '../utils/steam-actions';
import type { ProxyOption } from './steam-account-dialog';
import { SteamAccountsTable } from './steam-accounts-table';

// The dialogs (forms of every Steam call, money previews, job progress, the delete confirmation) load when
// first opened: they are not part of the first screen's scripts (bench:web's 350 KB target).
const ConfirmDialog = lazy(() =>
  import('@/components/confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);
const SteamActionDialog = lazy(() =>
  import('./steam-action-dialog').then((module) => ({ default: module.SteamActionDialog })),
);
const BulkUpdateDialog = lazy(() =>
  import('./bulk-update-dialog').then((module) => ({ default: module.BulkUpdateDialog })),
);
const MaFileImportDialog = lazy(() =>
  import('./mafile-import-dialog').then((module) => ({ default: module.MaFileImportDialog })),
);
const SteamAccountDialog = lazy(() =>
  import('./steam-account-dialog').then((module) => ({ default: module.SteamAccountDialog })),
);

type Editing = { account: SteamAccountRow | null } | null;
type Overlay =
  | { kind: 'action'; account: SteamAccountRow; action: SteamAction }
  | { kind: 'delete'; accounts: SteamAccountRow[] }
  | { kind: 'bulk' }
  | { kind: 'mafile' }
  | null;

/** /steam-account/list: every Steam account, filtered on the client, created and edited in a dialog. */
export function SteamAccountsScreen() {
  const { t } = useTranslation();
  const common = useCommonData();
  const queryClient = useQueryClient();
  const { filters, deferredFilters, patch } = useFilterState(EMPTY_FILTERS);
  const [displayCurrency, setDisplayCurrency] = useState<string>('RUB');
  const [editing, setEditing] = useState<Editing>(null);
  const [overlay, setOverlay] = useState<Overlay>(null);
  const selection = useCheckedIds();
  const botProxies = useProxyOptions();
  const remove = useDeleteSteamAccounts();

  // The first page shows at once; the whole list replaces it when it comes (the same order: the server's).
  // The whole list is asked for once the first page has answered (or failed), or at once when it is cached
  // already (a return to the screen): asked for beside the first page it held the screen's first render on
  // PGlite (get-steam-accounts.ts, STEAM_ACCOUNTS_FIRST_PAGE).
  const [firstPageWanted] = useState(() => queryClient.getQueryData(steamAccountsQueryKey) === undefined);
  const firstPage = useSteamAccountsFirstPage(firstPageWanted);
  const accounts = useSteamAccounts(!firstPageWanted || firstPage.isSuccess || firstPage.isError);
  const rows = useMemo(() => accounts.data ?? firstPage.data?.rows ?? [], [accounts.data, firstPage.data]);
  const complete = accounts.data !== undefined;
  const visible = useMemo(() => filterSteamAccounts(rows, deferredFilters), [rows, deferredFilters]);
  const serverGroupOptions = useMemo(
    () => [
      { value: NO_GROUP, label: t('common.none') },
      ...[
        ...new Set(rows.map((row) => row.server_group_name).filter((name): name is string => name !== null)),
      ]
        .sort()
        .map((name) => ({ value: name, label: name })),
    ],
    [rows, t],
  );
  const proxies = useMemo<ProxyOption[]>(() => {
    const byId = new Map<number, string>();
    for (const proxy of botProxies.data ?? []) byId.set(proxy.id, proxy.label);
    for (const row of rows) if (row.proxy !== null) byId.set(row.proxy, row.proxy_label ?? `#${row.proxy}`);
    return [...byId].map(([id, label]) => ({ id, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [rows, botProxies.data]);
  const selectedRows = useSelectedRows(rows, selection);
  const onAction = useCallback(
    (account: SteamAccountRow, action: SteamAction) => setOverlay({ kind: 'action', account, action }),
    [],
  );
  const onDelete = useCallback(
    (account: SteamAccountRow) => setOverlay({ kind: 'delete', accounts: [account] }),
    [],
  );
  const confirmDelete = async (accounts: SteamAccountRow[]) => {
    const outcome = await remove.mutateAsync(accounts.map((account) => account.id));
    if (outcome.deleted.length > 0)
      notify({ text: t('ops.steamAccounts.deleted', { count: outcome.deleted.length }), color: 'success' });
    selection.setMany(outcome.deleted, false);
    setOverlay(null);
  };
  const ratesFor = useCallback(
    (market: string): MarketRates | undefined => marketByCode(common.markets, market),
    [common.markets],
  );
  const onEdit = useCallback((account: SteamAccountRow) => setEditing({ account }), []);

  return (
    <Page
      title={t('nav.steamAccountList')}
      actions={
        <>
          <Button startIcon={<MdiIcon path={mdiFileKey} />} onClick={() => setOverlay({ kind: 'mafile' })}>
            {t('ops.mafile.open')}
          </Button>
          <Button
            variant="contained"
            startIcon={<MdiIcon path={mdiPlus} />}
            onClick={() => setEditing({ account: null })}
          >
            {t('steamAccounts.add')}
          </Button>
        </>
      }
    >
      <FilterBar>
        <ToolbarFilters
          filters={filters}
          onChange={patch}
          specs={[
            { kind: 'search', key: 'search' },
            { kind: 'enums', key: 'statuses', field: 'status', values: STEAM_ACCOUNT_STATUSES, width: 180 },
            { kind: 'tags', key: 'tagIds', width: 260 },
            { kind: 'select', key: 'serverGroup', options: serverGroupOptions, width: 180 },
          ]}
        />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={displayCurrency}
          onChange={(_event, value: string | null) => value && setDisplayCurrency(value)}
          aria-label={t('steamAccounts.displayCurrency')}
        >
          {CURRENCIES.map((currency) => (
            <ToggleButton key={currency} value={currency}>
              {currency}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <RateDateHint />
        <SelectionBar inline count={selectedRows.length} onClear={selection.clear}>
          <Button
            size="small"
            startIcon={<MdiIcon path={mdiPencilBoxMultiple} />}
            onClick={() => setOverlay({ kind: 'bulk' })}
          >
            {t('ops.bulkEdit')}
          </Button>
          <Button
            size="small"
            color="error"
            startIcon={<MdiIcon path={mdiDelete} />}
            onClick={() => setOverlay({ kind: 'delete', accounts: selectedRows })}
          >
            {t('ops.deleteSelected')}
          </Button>
        </SelectionBar>
        <RowCountBar
          kind={complete ? 'shown' : 'loaded'}
          count={visible.length}
          total={complete ? rows.length : (firstPage.data?.count ?? 0)}
          onRefresh={() => void accounts.refetch()}
          exportHref={shownRowsExportUrl('steam-accounts.extended', visible, rows.length)}
        />
      </FilterBar>
      <SteamAccountsTable
        rows={visible}
        loading={accounts.isFetching}
        displayCurrency={displayCurrency}
        ratesFor={ratesFor}
        onEdit={onEdit}
        selection={selection}
        onAction={onAction}
        onDelete={onDelete}
      />
      <Suspense fallback={null}>
        {overlay?.kind === 'action' && (
          <SteamActionDialog
            key={`${overlay.account.id}-${overlay.action.key}`}
            account={overlay.account}
            action={overlay.action}
            onClose={() => setOverlay(null)}
          />
        )}
        {overlay?.kind === 'delete' && (
          <ConfirmDialog
            title={t('ops.steamAccounts.deleteTitle', { count: overlay.accounts.length })}
            text={t('ops.steamAccounts.deleteText', {
              names: overlay.accounts
                .slice(0, 10)
                .map((account) => account.steam_account_name)
                .join(', '),
              count: overlay.accounts.length,
            })}
            busy={remove.isPending}
            onConfirm={() => void confirmDelete(overlay.accounts)}
            onClose={() => setOverlay(null)}
          />
        )}
        {overlay?.kind === 'bulk' && (
          <BulkUpdateDialog
            accounts={selectedRows}
            proxies={proxies}
            onClose={() => setOverlay(null)}
            onDone={() => setOverlay(null)}
          />
        )}
        {overlay?.kind === 'mafile' && (
          <MaFileImportDialog accounts={rows} onClose={() => setOverlay(null)} />
        )}
        {editing && (
          <SteamAccountDialog
            key={editing.account?.id ?? 'new'}
            account={editing.account}
            proxies={proxies}
            onClose={() => setEditing(null)}
          />
        )}
      </Suspense>
    </Page>
  );
}
