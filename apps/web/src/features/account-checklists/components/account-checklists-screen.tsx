import { mdiPlayCircle } from '@mdi/js';
import { Box, Button, LinearProgress, MenuItem, TextField, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';

import { checkboxColumn } from '@/components/checkbox-column';
import { FilterBar } from '@/components/filter-bar';
import { MdiIcon } from '@/components/mdi-icon';
import { Page } from '@/components/page';
import { RowCountBar } from '@/components/row-count-bar';
import { RowIconButton } from '@/components/row-icon-button';
import { SearchField } from '@/components/search-field';
import { useSearchText } from '@/lib/use-search-text';
import { SelectionBar } from '@/components/selection-bar';
import { sortRowsBy } from '@/components/sort-rows';
import { VirtualTable, type TableSort, type VirtualColumn } from '@/components/virtual-table/virtual-table';
import { botApi } from '@/lib/bot-api';
import { useUiLang } from '@/lib/use-ui-lang';
import { useCommonData } from '@/lib/common-data';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notifications';
import { useCheckedIds } from '@/lib/use-checked-ids';

import { checklistsQueryKey, useChecklists } from '../api/get-checklists';
import { CHAIN_ROUTE, checklistRows, type ChecklistRow } from '../utils/signup-steps';
import { ChecklistDialog } from './checklist-dialog';
import { StepDots } from './step-dots';

type Show = 'all' | 'incomplete' | 'complete' | 'failed' | 'running';
const SHOWS: readonly Show[] = ['all', 'incomplete', 'complete', 'failed', 'running'];

function matches(row: ChecklistRow, show: Show, search: string): boolean {
  if (search && !row.name.toLowerCase().includes(search)) return false;
  switch (show) {
    case 'incomplete':
      return row.next !== null;
    case 'complete':
      return row.next === null;
    case 'failed':
      return row.failed;
    case 'running':
      return row.runningJob !== null;
    default:
      return true;
  }
}

function sortRows(rows: ChecklistRow[], sort: TableSort | null): ChecklistRow[] {
  if (!sort) return rows;
  const key = (row: ChecklistRow): string | number =>
    sort.id === 'progress'
      ? row.done
      : sort.id === 'updated'
        ? (row.updatedAt ?? '')
        : row.name.toLowerCase();
  return sortRowsBy(rows, sort.desc, key);
}

/**
 * /steam-account/check-list: every account's sign-up checklist (spec section 4): the steps as dots, the next
 * step, the whole chain for one or many accounts, and a dialog to run the steps one by one.
 */
export function AccountChecklistsScreen() {
  const { t, lang } = useUiLang();
  const common = useCommonData();
  const queryClient = useQueryClient();
  const checklists = useChecklists();
  const search = useSearchText();
  const [show, setShow] = useState<Show>('all');
  const [sort, setSort] = useState<TableSort | null>(null);
  const selection = useCheckedIds();
  const [openId, setOpenId] = useState<number | null>(null);
  const [starting, setStarting] = useState(false);

  const rows = useMemo(
    () => checklistRows(common.steamAccounts, checklists.data ?? []),
    [common.steamAccounts, checklists.data],
  );
  const visible = useMemo(
    () =>
      sortRows(
        rows.filter((row) => matches(row, show, search.needle)),
        sort,
      ),
    [rows, show, search.needle, sort],
  );
  const open = rows.find((row) => row.id === openId) ?? null;

  const runChains = async (ids: number[]) => {
    setStarting(true);
    let started = 0;
    for (const id of ids) {
      const result = await botApi.call(CHAIN_ROUTE, { params: { id } } as never);
      if (result.success) started += 1;
    }
    setStarting(false);
    if (started > 0) notify({ text: t('ops.checklist.chainsStarted', { count: started }), color: 'success' });
    await queryClient.invalidateQueries({ queryKey: checklistsQueryKey });
  };

  const columns = useMemo<VirtualColumn<ChecklistRow>[]>(
    () => [
      checkboxColumn({
        selection,
        getId: (row) => row.id,
        allLabel: t('ops.selectAll'),
        rowLabel: (row) => t('ops.selectRow', { name: row.name }),
      }),
      {
        id: 'name',
        header: t('fields.steam_account'),
        width: 180,
        sortable: true,
        render: (row) => row.name,
      },
      {
        id: 'progress',
        header: t('checklists.progress'),
        width: 170,
        sortable: true,
        render: (row) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%' }}>
            <LinearProgress
              variant="determinate"
              value={row.total ? (row.done / row.total) * 100 : 0}
              color={row.next === null ? 'success' : row.failed ? 'error' : 'primary'}
              sx={{ flex: 1 }}
            />
            <Typography variant="caption" data-testid="checklist-count">
              {row.done} / {row.total}
            </Typography>
          </Box>
        ),
      },
      {
        id: 'steps',
        header: t('ops.checklist.steps'),
        width: 200,
        render: (row) => <StepDots steps={row.steps} />,
      },
      {
        id: 'next',
        header: t('fields.next_step'),
        width: 220,
        grow: 1,
        render: (row) =>
          row.next ? (
            t(`enums.signup_step.${row.next}`)
          ) : (
            <Typography variant="body2" color="success.main">
              {t('checklists.complete')}
            </Typography>
          ),
      },
      {
        id: 'updated',
        header: t('fields.updated_at'),
        width: 140,
        sortable: true,
        render: (row) => formatDateTime(row.updatedAt, lang),
      },
      {
        id: 'actions',
        header: '',
        width: 60,
        align: 'center',
        render: (row) => (
          <Tooltip title={t('ops.checklist.runChainFor', { name: row.name })}>
            <span>
              <RowIconButton
                label={t('ops.checklist.runChainFor', { name: row.name })}
                icon={mdiPlayCircle}
                disabled={row.next === null || row.runningJob !== null || starting}
                onClick={() => void runChains([row.id])}
              />
            </span>
          </Tooltip>
        ),
      },
    ],
    // runChains only closes over stable setters and t.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, lang, selection, starting],
  );

  const selectedIds = visible.filter((row) => selection.selected.has(row.id)).map((row) => row.id);
  return (
    <Page title={t('nav.steamAccountCheckList')}>
      <FilterBar>
        <SearchField value={search.text} onChange={search.setText} width={240} />
        <TextField
          select
          margin="none"
          label={t('ops.checklist.show')}
          sx={{ width: 200 }}
          value={show}
          onChange={(event) => setShow(event.target.value as Show)}
        >
          {SHOWS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`ops.checklist.filter.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <SelectionBar inline count={selectedIds.length} onClear={selection.clear}>
          <Button
            size="small"
            variant="contained"
            startIcon={<MdiIcon path={mdiPlayCircle} />}
            disabled={starting}
            onClick={() => void runChains(selectedIds)}
          >
            {t('ops.checklist.runChainSelected')}
          </Button>
        </SelectionBar>
        <RowCountBar
          kind="shown"
          count={visible.length}
          total={rows.length}
          onRefresh={() => void checklists.refetch()}
        />
      </FilterBar>
      {starting && <LinearProgress sx={{ mb: 0.5 }} />}
      <VirtualTable
        rows={visible}
        columns={columns}
        getRowId={(row) => row.id}
        label={t('nav.steamAccountCheckList')}
        rowHeight={40}
        loading={checklists.isFetching}
        sort={sort}
        onSortChange={setSort}
        onRowClick={(row) => setOpenId(row.id)}
        emptyText={checklists.isError ? t('table.failed') : t('table.empty')}
        height="calc(100vh - 220px)"
      />
      {open && <ChecklistDialog key={open.id} row={open} onClose={() => setOpenId(null)} />}
    </Page>
  );
}
