import { mdiDeleteOutline, mdiHeartPulse, mdiPencilOutline, mdiPlus } from '@mdi/js';
import { Alert, Button, IconButton, Stack, Tooltip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { PROXY_STATUSES, type BotJob, type Proxy } from '@toydesk/contract';
import { useCallback, useMemo, useState } from 'react';

import { statusColumn } from '@/components/account-columns';
import { checkboxColumn } from '@/components/checkbox-column';
import { SelectFilter } from '@/components/filter-fields';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FilterBar } from '@/components/filter-bar';
import { MdiIcon } from '@/components/mdi-icon';
import { Page } from '@/components/page';
import { RowCountBar } from '@/components/row-count-bar';
import { SearchField } from '@/components/search-field';
import { useSearchText } from '@/lib/use-search-text';
import { SelectionBar } from '@/components/selection-bar';
import { sortRowsBy } from '@/components/sort-rows';
import { VirtualTable, type TableSort, type VirtualColumn } from '@/components/virtual-table/virtual-table';
import { botApi } from '@/lib/bot-api';
import { useUiLang } from '@/lib/use-ui-lang';
import { formatDateTime, formatNumber } from '@/lib/format';
import { notify } from '@/lib/notifications';
import { useCheckedIds, useSelectedRows } from '@/lib/use-checked-ids';

import { proxiesQueryKey, useProxies, type ProxyRow } from '../api/get-proxies';
import { useDeleteProxies } from '../api/save-proxy';
import { ProxyCheck } from './proxy-check';
import { ProxyCheckAll } from './proxy-check-all';
import { ProxyDialog } from './proxy-dialog';

function sortRows(rows: ProxyRow[], sort: TableSort | null): ProxyRow[] {
  if (!sort) return rows;
  const key = (row: ProxyRow): string | number => {
    switch (sort.id) {
      case 'latency_ms':
        return row.latency_ms ?? Number.MAX_SAFE_INTEGER;
      case 'last_checked_at':
        return row.last_checked_at ?? '';
      case 'status':
        return row.status ?? '';
      case 'label':
        return row.label;
      default:
        return row.id;
    }
  };
  return sortRowsBy(rows, sort.desc, key);
}

/**
 * /proxy: the bot service's proxies with their health (status, latency, last check) and who uses them; add
 * and edit (password write-only: left empty on an edit, it stays), delete, and a health check now for one,
 * the selected or all of them.
 */
export function ProxiesScreen() {
  const { t, lang } = useUiLang();
  const queryClient = useQueryClient();
  const proxies = useProxies();
  const remove = useDeleteProxies();
  const selection = useCheckedIds();
  const search = useSearchText();
  const [status, setStatus] = useState('');
  const [sort, setSort] = useState<TableSort | null>({ id: 'id', desc: false });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Proxy | null>(null);
  const [deleting, setDeleting] = useState<ProxyRow[] | null>(null);
  const [checks, setChecks] = useState<ReadonlyMap<number, BotJob>>(new Map());
  const [checkingAll, setCheckingAll] = useState<BotJob | null>(null);
  const fromBots = proxies.data?.source === 'bots';

  const rows = useMemo(() => proxies.data?.rows ?? [], [proxies.data]);
  const visible = useMemo(
    () =>
      sortRows(
        rows.filter(
          (row) =>
            (!status || row.status === status) &&
            (!search.needle ||
              `${row.label} ${row.username ?? ''} ${row.comment ?? ''} ${row.steam_accounts.join(' ')} ${row.market_accounts.join(' ')}`
                .toLowerCase()
                .includes(search.needle)),
        ),
        sort,
      ),
    [rows, status, search.needle, sort],
  );
  const selectedRows = useSelectedRows(rows, selection);

  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: proxiesQueryKey }),
    [queryClient],
  );
  const checkNow = useCallback(async (ids: readonly number[]) => {
    for (const id of ids) {
      const result = await botApi.call('bot-proxy.check', { params: { id } });
      if (result.success && result.data) {
        const job = result.data;
        setChecks((current) => new Map(current).set(id, job));
      }
    }
  }, []);
  const checkAll = async () => {
    const result = await botApi.call('bot-proxy.check_all');
    if (result.success && result.data) {
      setCheckingAll(result.data);
      notify({ text: t('ops.proxies.checkAllStarted'), color: 'info' });
    }
  };

  const confirmDelete = async (targets: ProxyRow[]) => {
    const deleted = await remove.mutateAsync(targets.map((row) => row.id));
    if (deleted.length > 0)
      notify({ text: t('ops.proxies.deleted', { count: deleted.length }), color: 'success' });
    selection.setMany(deleted, false);
    setDeleting(null);
  };

  const columns = useMemo<VirtualColumn<ProxyRow>[]>(
    () => [
      ...(fromBots
        ? [
            checkboxColumn<ProxyRow>({
              selection,
              rows: visible,
              getId: (row) => row.id,
              allLabel: t('ops.selectAll'),
              rowLabel: (row) => t('ops.selectRow', { name: row.label }),
            }),
          ]
        : []),
      { id: 'id', header: t('fields.id'), width: 70, sortable: true, render: (row) => row.id },
      { id: 'label', header: t('fields.proxy'), width: 220, sortable: true, render: (row) => row.label },
      { id: 'username', header: t('fields.username'), width: 120, render: (row) => row.username ?? '—' },
      statusColumn(t, { width: 110, sortable: true }),
      {
        id: 'latency_ms',
        header: t('fields.latency_ms'),
        width: 100,
        align: 'right',
        sortable: true,
        render: (row) => (row.latency_ms === null ? '—' : formatNumber(row.latency_ms, lang)),
      },
      {
        id: 'last_checked_at',
        header: t('fields.last_checked_at'),
        width: 150,
        sortable: true,
        render: (row) => formatDateTime(row.last_checked_at, lang),
      },
      {
        id: 'check',
        header: t('ops.proxies.check'),
        // Room for why a check failed («Неверный логин или пароль (407)»).
        width: 200,
        render: (row) => {
          const job = checks.get(row.id);
          return job ? <ProxyCheck key={job.id} job={job} onFinish={refresh} /> : null;
        },
      },
      { id: 'comment', header: t('fields.comment'), width: 160, render: (row) => row.comment ?? '—' },
      {
        id: 'steam_accounts',
        header: t('proxies.steamAccounts'),
        width: 200,
        grow: 1,
        render: (row) => row.steam_accounts.join(', ') || '—',
      },
      {
        id: 'market_accounts',
        header: t('proxies.marketAccounts'),
        width: 200,
        grow: 1,
        render: (row) => row.market_accounts.join(', ') || '—',
      },
      ...(fromBots
        ? [
            {
              id: 'actions',
              header: '',
              width: 112,
              align: 'center' as const,
              render: (row: ProxyRow) => (
                <Stack direction="row" spacing={0.5} onClick={(event) => event.stopPropagation()}>
                  {row.record && (
                    <Tooltip title={t('ops.proxies.editNamed', { name: row.label })}>
                      <IconButton
                        size="small"
                        aria-label={t('ops.proxies.editNamed', { name: row.label })}
                        onClick={() => setEditing(row.record)}
                      >
                        <MdiIcon path={mdiPencilOutline} sx={{ fontSize: 18 }} />
                      </IconButton>
                    </Tooltip>
                  )}
                  <Tooltip title={t('ops.proxies.checkNamed', { name: row.label })}>
                    <IconButton
                      size="small"
                      aria-label={t('ops.proxies.checkNamed', { name: row.label })}
                      onClick={() => void checkNow([row.id])}
                    >
                      <MdiIcon path={mdiHeartPulse} sx={{ fontSize: 18 }} />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('ops.proxies.deleteNamed', { name: row.label })}>
                    <IconButton
                      size="small"
                      color="error"
                      aria-label={t('ops.proxies.deleteNamed', { name: row.label })}
                      onClick={() => setDeleting([row])}
                    >
                      <MdiIcon path={mdiDeleteOutline} sx={{ fontSize: 18 }} />
                    </IconButton>
                  </Tooltip>
                </Stack>
              ),
            },
          ]
        : []),
    ],
    [t, lang, fromBots, selection, visible, checks, refresh, checkNow],
  );

  return (
    <Page
      title={t('nav.proxy')}
      actions={
        fromBots && (
          <>
            <Button startIcon={<MdiIcon path={mdiHeartPulse} />} onClick={() => void checkAll()}>
              {t('ops.proxies.checkAll')}
            </Button>
            <Button
              variant="contained"
              startIcon={<MdiIcon path={mdiPlus} />}
              onClick={() => setAdding(true)}
            >
              {t('ops.proxies.add')}
            </Button>
          </>
        )
      }
    >
      {proxies.data?.source === 'accounts' && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('proxies.fromAccounts')}
        </Alert>
      )}
      {checkingAll && (
        <ProxyCheckAll job={checkingAll} onFinish={refresh} onClose={() => setCheckingAll(null)} />
      )}
      <FilterBar>
        <SearchField value={search.text} onChange={search.setText} width={240} />
        <SelectFilter
          label={t('fields.status')}
          width={160}
          value={status}
          onChange={(value) => setStatus(value)}
          options={PROXY_STATUSES.map((value) => ({ value: value, label: t(`enums.status.${value}`) }))}
        />
        <SelectionBar count={selectedRows.length} onClear={selection.clear}>
          <Button
            size="small"
            startIcon={<MdiIcon path={mdiHeartPulse} />}
            onClick={() => void checkNow(selectedRows.map((row) => row.id))}
          >
            {t('ops.proxies.checkSelected')}
          </Button>
          <Button
            size="small"
            color="error"
            startIcon={<MdiIcon path={mdiDeleteOutline} />}
            onClick={() => setDeleting(selectedRows)}
          >
            {t('ops.deleteSelected')}
          </Button>
        </SelectionBar>
        <RowCountBar
          kind="shown"
          count={visible.length}
          total={rows.length}
          onRefresh={() => void proxies.refetch()}
        />
      </FilterBar>
      <VirtualTable
        rows={visible}
        columns={columns}
        getRowId={(row) => row.id}
        label={t('nav.proxy')}
        loading={proxies.isFetching}
        sort={sort}
        onSortChange={setSort}
        // A row opens its edit dialog; only the bot service's proxies can be edited.
        onRowClick={
          fromBots
            ? (row) => {
                if (row.record) setEditing(row.record);
              }
            : undefined
        }
        emptyText={proxies.isError ? t('table.failed') : t('table.empty')}
        height="calc(100vh - 232px)"
      />
      {adding && <ProxyDialog onClose={() => setAdding(false)} />}
      {editing && <ProxyDialog key={editing.id} proxy={editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('ops.proxies.deleteTitle', { count: deleting.length })}
          text={t('ops.proxies.deleteText', {
            names: deleting
              .slice(0, 10)
              .map((row) => row.label)
              .join(', '),
          })}
          busy={remove.isPending}
          onConfirm={() => void confirmDelete(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Page>
  );
}
