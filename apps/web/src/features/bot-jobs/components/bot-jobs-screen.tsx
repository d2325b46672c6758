import { mdiCancel } from '@mdi/js';
import {
  Autocomplete,
  FormControlLabel,
  IconButton,
  MenuItem,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { BOT_JOB_STATES, type BotJob, type BotJobState } from '@toydesk/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FilterBar } from '@/components/filter-bar';
import { JobStateChip, summariseResult } from '@/components/job-progress';
import { MdiIcon } from '@/components/mdi-icon';
import { Page } from '@/components/page';
import { RowCountBar } from '@/components/row-count-bar';
import { VirtualTable, type VirtualColumn } from '@/components/virtual-table/virtual-table';
import { isJobFinished } from '@/lib/bot-jobs';
import { useCommonData } from '@/lib/common-data';
import { formatDateTime } from '@/lib/format';

import { useCancelBotJob } from '../api/cancel-bot-job';
import { EMPTY_JOB_FILTERS, useBotJobsList, type BotJobFilters } from '../api/get-bot-jobs';
import { BotJobDialog } from './bot-job-dialog';

/** Kinds offered in the filter before any job of them has been seen (free text works too). */
const KNOWN_KINDS = [
  'proxy.check',
  'proxy.check-all',
  'signup.relogin',
  'signup.import-mafile',
  'steam.relogin',
  'steam.balance',
  'steam.set-api-key',
  'orders.active',
  'orders.active-stats',
  'prices.import',
  'prices.import-all',
  'market.account-items',
  'trading.keep-online',
  'trading.list-reprice',
  'trading.dynamic-orders',
];

const AUTO_REFRESH_MS = 5000;

interface AccountOption {
  id: number;
  label: string;
}

/** Bot jobs (/bot-jobs): newest first, filtered by state, kind and account, live; a job's log and cancel. */
export function BotJobsScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'ru';
  const common = useCommonData();
  const [filters, setFilters] = useState<BotJobFilters>(EMPTY_JOB_FILTERS);
  const [live, setLive] = useState(true);
  const [openId, setOpenId] = useState<string | null>(null);
  const jobs = useBotJobsList(filters, live ? AUTO_REFRESH_MS : false);
  const cancel = useCancelBotJob();

  const rows = useMemo(() => jobs.data?.pages.flatMap((page) => page.results) ?? [], [jobs.data]);
  const total = jobs.data?.pages[0]?.count ?? 0;
  const accounts = useMemo<AccountOption[]>(
    () => [
      ...common.steamAccounts.map((account) => ({ id: account.id, label: account.steam_account_name })),
      ...common.steamAccounts.flatMap((account) =>
        account.market_accounts.map((market) => ({ id: market.id, label: market.label })),
      ),
    ],
    [common.steamAccounts],
  );
  const accountName = useMemo(() => {
    const names = new Map(common.steamAccounts.map((account) => [account.id, account.steam_account_name]));
    return (id: number | null) => (id === null ? '—' : `${names.get(id) ?? ''} #${id}`.trim());
  }, [common.steamAccounts]);
  const kinds = useMemo(() => [...new Set([...KNOWN_KINDS, ...rows.map((row) => row.kind)])].sort(), [rows]);
  const patch = (change: Partial<BotJobFilters>) => setFilters((current) => ({ ...current, ...change }));

  const columns = useMemo<VirtualColumn<BotJob>[]>(
    () => [
      {
        id: 'created_at',
        header: t('ops.botJobs.created'),
        width: 150,
        render: (row) => formatDateTime(row.created_at, lang),
      },
      { id: 'kind', header: t('ops.botJobs.kind'), width: 190, render: (row) => row.kind },
      {
        id: 'state',
        header: t('fields.status'),
        width: 110,
        render: (row) => <JobStateChip state={row.state} />,
      },
      {
        id: 'account',
        header: t('ops.botJobs.account'),
        width: 170,
        render: (row) => accountName(row.account),
      },
      {
        id: 'attempts',
        header: t('ops.botJobs.attemptsShort'),
        width: 80,
        align: 'right',
        render: (row) => `${row.attempts} / ${row.max_attempts}`,
      },
      {
        id: 'finished_at',
        header: t('ops.botJobs.finished'),
        width: 150,
        render: (row) => formatDateTime(row.finished_at, lang),
      },
      {
        id: 'outcome',
        header: t('ops.botJobs.outcome'),
        width: 260,
        grow: 1,
        render: (row) =>
          row.error ? (
            <Typography variant="body2" color="error" noWrap>
              {row.error.message}
            </Typography>
          ) : (
            <Typography variant="caption" sx={{ fontFamily: 'monospace' }} noWrap>
              {summariseResult(row.result, 200)}
            </Typography>
          ),
      },
      {
        id: 'actions',
        header: '',
        width: 50,
        align: 'center',
        render: (row) =>
          isJobFinished(row) ? null : (
            <Tooltip title={t('ops.botJobs.cancel')}>
              <IconButton
                size="small"
                color="error"
                aria-label={t('ops.botJobs.cancelNamed', { id: row.id })}
                disabled={cancel.isPending}
                onClick={(event) => {
                  event.stopPropagation();
                  cancel.mutate(row.id);
                }}
              >
                <MdiIcon path={mdiCancel} sx={{ fontSize: 18 }} />
              </IconButton>
            </Tooltip>
          ),
      },
    ],
    [t, lang, accountName, cancel],
  );

  return (
    <Page title={t('ops.nav.botJobs')}>
      <FilterBar>
        <TextField
          select
          margin="none"
          label={t('fields.status')}
          sx={{ width: 200 }}
          value={filters.states}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (selected) =>
                (selected as BotJobState[]).map((state) => t(`ops.jobs.state.${state}`)).join(', '),
            },
          }}
          onChange={(event) => {
            const value = event.target.value as unknown as BotJobState[] | string;
            patch({ states: typeof value === 'string' ? (value.split(',') as BotJobState[]) : value });
          }}
        >
          {BOT_JOB_STATES.map((state) => (
            <MenuItem key={state} value={state}>
              {t(`ops.jobs.state.${state}`)}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          multiple
          freeSolo
          limitTags={2}
          options={kinds}
          value={filters.kinds}
          onChange={(_event, value) => patch({ kinds: value.map(String).filter(Boolean) })}
          renderInput={(params) => <TextField {...params} margin="none" label={t('ops.botJobs.kind')} />}
          sx={{ width: 280 }}
        />
        <Autocomplete
          multiple
          limitTags={2}
          options={accounts}
          value={accounts.filter((option) => filters.accounts.includes(option.id))}
          getOptionLabel={(option) => `${option.label} #${option.id}`}
          isOptionEqualToValue={(a, b) => a.id === b.id && a.label === b.label}
          onChange={(_event, value) => patch({ accounts: [...new Set(value.map((option) => option.id))] })}
          renderInput={(params) => <TextField {...params} margin="none" label={t('ops.botJobs.account')} />}
          sx={{ width: 280 }}
        />
        <FormControlLabel
          control={<Switch checked={live} onChange={(event) => setLive(event.target.checked)} />}
          label={t('ops.botJobs.live')}
        />
        <RowCountBar kind="loaded" count={rows.length} total={total} onRefresh={() => void jobs.refetch()} />
      </FilterBar>
      <VirtualTable
        rows={rows}
        columns={columns}
        getRowId={(row) => row.id}
        label={t('ops.nav.botJobs')}
        loading={jobs.isFetching}
        totalCount={total}
        onRowClick={(row) => setOpenId(row.id)}
        onEndReached={() => {
          if (jobs.hasNextPage && !jobs.isFetchingNextPage) void jobs.fetchNextPage();
        }}
        emptyText={jobs.isError ? t('table.failed') : t('table.empty')}
        height="calc(100vh - 220px)"
      />
      {openId && <BotJobDialog jobId={openId} onClose={() => setOpenId(null)} />}
    </Page>
  );
}
