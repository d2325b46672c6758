import { mdiPlus } from '@mdi/js';
import { Alert, Button, Tab, Tabs } from '@mui/material';
import { MARKET_ACCOUNT_STATUSES, type MarketAccountPatch } from '@toydesk/contract';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { FilterBar } from '@/components/filter-bar';
import { SelectionBar } from '@/components/selection-bar';
import { MdiIcon } from '@/components/mdi-icon';
import { Page } from '@/components/page';
import { RowCountBar } from '@/components/row-count-bar';
import { ToolbarFilters } from '@/components/toolbar-filters';
import type { TableSort } from '@/components/virtual-table/virtual-table';
import { useCommonData } from '@/lib/common-data';
import { shownRowsExportUrl } from '@/lib/csv-export';

import { notify } from '@/lib/notifications';
import { useCheckedIds, useSelectedRows } from '@/lib/use-checked-ids';
import { useFilterState } from '@/lib/use-filter-state';

import { useBulkUpdateMarketAccounts } from '../api/bulk-update-market-accounts';
import { useDeleteMarketAccount } from '../api/delete-market-account';
import { useMarketAccounts, type MarketAccountRow } from '../api/get-market-accounts';
import { useProxyOptions, type ProxyOption } from '../api/get-proxy-options';
import { loopsByAccount, useTradingStatus } from '../api/get-trading-status';
import { useSpendSummary } from '../api/spend-guard';
import { EMPTY_FILTERS, filterMarketAccounts, sortMarketAccounts } from '../utils/filter-market-accounts';
import { goLiveAccounts, type GoLiveAccount } from '../utils/go-live';
import { GoLiveDialog } from './go-live-dialog';
import { MarketAccountDialog, type LoopSwitch } from './market-account-dialog';
import { MarketAccountsBulkDialog } from './market-accounts-bulk-dialog';
import { MarketAccountsTable } from './market-accounts-table';
import { TradingDrawer } from './trading-drawer';

type Editing = { account: MarketAccountRow | null } | null;

/**
 * /market-account/list: the marketplace accounts per market with balances, online state, proxies and the
 * trading-loop switches; create, edit, delete, bulk update, and each account's loops and alerts.
 */
export function MarketAccountsScreen() {
  const { t } = useTranslation();
  const common = useCommonData();
  const accounts = useMarketAccounts();
  const trading = useTradingStatus();
  const proxyOptions = useProxyOptions();
  const bulk = useBulkUpdateMarketAccounts();
  const remove = useDeleteMarketAccount();
  const selection = useCheckedIds();

  const { filters, deferredFilters, patch } = useFilterState(EMPTY_FILTERS);
  const [sort, setSort] = useState<TableSort | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [deleting, setDeleting] = useState<MarketAccountRow[] | null>(null);
  const [tradingFor, setTradingFor] = useState<number | null>(null);
  const [pendingSwitches, setPendingSwitches] = useState<ReadonlySet<string>>(new Set());
  /** A switch that takes an account live, waiting for the operator's confirmation (nothing sent yet). */
  const [goLive, setGoLive] = useState<{
    row: MarketAccountRow;
    fields: MarketAccountPatch;
    accounts: GoLiveAccount[];
  } | null>(null);

  const rows = useMemo(() => accounts.data ?? [], [accounts.data]);
  const visible = useMemo(
    () => sortMarketAccounts(filterMarketAccounts(rows, deferredFilters), sort),
    [rows, deferredFilters, sort],
  );
  const marketTabs = useMemo(() => {
    const present = new Set(rows.map((row) => row.market));
    return common.markets.filter((market) => present.has(market.code));
  }, [rows, common.markets]);
  const loops = useMemo(() => loopsByAccount(trading.data ?? []), [trading.data]);
  const spendSummary = useSpendSummary();
  const spending = useMemo(
    () => new Map((spendSummary.data ?? []).map((view) => [view.market_account, view])),
    [spendSummary.data],
  );
  const proxies = useMemo<ProxyOption[]>(() => {
    if (proxyOptions.data) return proxyOptions.data;
    const byId = new Map<number, string>();
    for (const row of rows) if (row.proxy !== null) byId.set(row.proxy, row.proxy_label ?? `#${row.proxy}`);
    return [...byId].map(([id, label]) => ({ id, label }));
  }, [proxyOptions.data, rows]);

  const { mutate: bulkMutate } = bulk;
  const sendToggle = useCallback(
    (row: MarketAccountRow, field: LoopSwitch, value: boolean) => {
      const key = `${row.id}:${field}`;
      setPendingSwitches((current) => new Set(current).add(key));
      bulkMutate(
        { ids: [row.id], fields: { [field]: value } },
        {
          onSettled: () =>
            setPendingSwitches((current) => {
              const next = new Set(current);
              next.delete(key);
              return next;
            }),
        },
      );
    },
    [bulkMutate],
  );
  const onToggle = useCallback(
    (row: MarketAccountRow, field: LoopSwitch, value: boolean) => {
      const fields = { [field]: value } as MarketAccountPatch;
      // Dry run off, or a loop on outside dry run, spends money: the operator confirms first.
      const accounts = goLiveAccounts([row], fields);
      if (accounts.length > 0) setGoLive({ row, fields, accounts });
      else sendToggle(row, field, value);
    },
    [sendToggle],
  );
  const onEdit = useCallback((account: MarketAccountRow) => setEditing({ account }), []);
  const onDelete = useCallback((account: MarketAccountRow) => setDeleting([account]), []);
  const onTrading = useCallback((account: MarketAccountRow) => setTradingFor(account.id), []);

  const selectedRows = useSelectedRows(rows, selection);
  const onlineOptions = [
    { value: 'on', label: t('marketAccounts.online') },
    { value: 'off', label: t('marketAccounts.offline') },
  ];

  const confirmDelete = async () => {
    if (!deleting) return;
    let done = 0;
    for (const account of deleting) {
      try {
        await remove.mutateAsync(account.id);
        done += 1;
      } catch {
        // The wrapper has notified; the rest are still tried.
      }
    }
    if (done > 0) notify({ text: t('marketAccounts.deleted', { count: done }), color: 'success' });
    selection.clear();
    setDeleting(null);
  };

  const tradingAccount = tradingFor === null ? null : (rows.find((row) => row.id === tradingFor) ?? null);

  return (
    <Page
      title={t('nav.marketAccountList')}
      actions={
        <Button
          variant="contained"
          startIcon={<MdiIcon path={mdiPlus} />}
          onClick={() => setEditing({ account: null })}
        >
          {t('marketAccounts.add')}
        </Button>
      }
    >
      <Tabs
        value={filters.market || 'all'}
        onChange={(_event, value: string) => patch({ market: value === 'all' ? '' : value })}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ mb: 1, minHeight: 36 }}
      >
        <Tab value="all" label={t('common.allMarkets')} sx={{ minHeight: 36 }} />
        {marketTabs.map((market) => (
          <Tab key={market.code} value={market.code} label={market.name} sx={{ minHeight: 36 }} />
        ))}
      </Tabs>
      <FilterBar>
        <ToolbarFilters
          filters={filters}
          onChange={patch}
          specs={[
            { kind: 'search', key: 'search', width: 240 },
            { kind: 'enums', key: 'statuses', field: 'status', values: MARKET_ACCOUNT_STATUSES, width: 160 },
            { kind: 'select', key: 'online', options: onlineOptions, width: 130 },
            { kind: 'tags', key: 'tagIds', width: 220 },
          ]}
        />
        <RowCountBar
          kind="shown"
          count={visible.length}
          total={rows.length}
          onRefresh={() => {
            void accounts.refetch();
            void trading.refetch();
          }}
          exportHref={shownRowsExportUrl('market-accounts.extended', visible, rows.length)}
        />
      </FilterBar>
      <SelectionBar count={selection.selected.size} onClear={selection.clear}>
        <Button size="small" variant="outlined" onClick={() => setBulkOpen(true)}>
          {t('marketAccounts.bulkEdit')}
        </Button>
        <Button size="small" variant="outlined" color="error" onClick={() => setDeleting(selectedRows)}>
          {t('common.delete')}
        </Button>
      </SelectionBar>
      {trading.isError && (
        <Alert severity="warning" sx={{ mb: 1, py: 0 }} data-testid="loops-unavailable">
          {t('marketAccounts.loopsUnavailable')}
        </Alert>
      )}
      <MarketAccountsTable
        rows={visible}
        loading={accounts.isFetching}
        selection={selection}
        sort={sort}
        onSortChange={setSort}
        loops={loops}
        spending={spending}
        pendingSwitches={pendingSwitches}
        onToggle={onToggle}
        onEdit={onEdit}
        onDelete={onDelete}
        onTrading={onTrading}
      />
      {editing && (
        <MarketAccountDialog
          key={editing.account?.id ?? 'new'}
          account={editing.account}
          defaultMarket={filters.market || undefined}
          proxies={proxies}
          onClose={() => setEditing(null)}
        />
      )}
      {bulkOpen && (
        <MarketAccountsBulkDialog
          ids={[...selection.selected]}
          accounts={selectedRows}
          spending={spendSummary.isSuccess ? spending : undefined}
          spendingFailed={spendSummary.isError}
          proxies={proxies}
          onClose={() => setBulkOpen(false)}
          onDone={() => setBulkOpen(false)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('marketAccounts.deleteTitle', { count: deleting.length })}
          text={deleting.map((row) => row.label).join(', ')}
          busy={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onClose={() => setDeleting(null)}
        />
      )}
      {goLive && (
        <GoLiveDialog
          accounts={goLive.accounts}
          spending={spendSummary.isSuccess ? spending : undefined}
          spendingFailed={spendSummary.isError}
          onConfirm={() => {
            const [field, value] = Object.entries(goLive.fields)[0] as [LoopSwitch, boolean];
            sendToggle(goLive.row, field, value);
            setGoLive(null);
          }}
          onClose={() => setGoLive(null)}
        />
      )}
      {tradingAccount && (
        <TradingDrawer
          account={tradingAccount}
          loops={loops.get(tradingAccount.id) ?? []}
          loopsUnavailable={trading.isError}
          onClose={() => setTradingFor(null)}
        />
      )}
    </Page>
  );
}
