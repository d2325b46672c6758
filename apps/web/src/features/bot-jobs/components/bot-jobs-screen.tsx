import { mdiCancel } from '@mdi/js';
import {
  Autocomplete,
  FormControlLabel,
  IconButton,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { BOT_JOB_STATES, type BotJob } from '@toydesk/contract';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

import { BotListTable, loadedRows } from '@/components/bot-list-table';
import { dateTimeColumn } from '@/components/date-time-column';
import { JobStateChip } from '@/components/job-progress';
import { MdiIcon } from '@/components/mdi-icon';
import { Page } from '@/components/page';
import { ResultDetails } from '@/components/result-details';
import { ToolbarFilters } from '@/components/toolbar-filters';
import { type VirtualColumn } from '@/components/virtual-table/virtual-table';
import { isJobFinished } from '@/lib/bot-jobs';
import { useCommonData } from '@/lib/common-data';
import { KIND_GROUPS, KNOWN_KINDS, isMarketAccountKind, kindTitle } from '@/lib/job-results/job-kinds';
import { formatJobError, formatJobResult } from '@/lib/job-results/job-result';
import { useTextContext } from '@/lib/job-results/use-text-context';
import { useUiLang } from '@/lib/use-ui-lang';

import { useCancelBotJob } from '../api/cancel-bot-job';
import { useBotJobsList } from '../api/get-bot-jobs';
import {
  accountToken,
  filtersFromSearch,
  filtersToSearch,
  jobsListQuery,
  matchesAccounts,
  type BotJobFilters,
} from '../utils/job-filters';
import { BotJobDialog } from './bot-job-dialog';

const AUTO_REFRESH_MS = 5000;

interface AccountOption {
  id: number;
  label: string;
  /** Market accounts and Steam accounts have ids of their own: the same number is two options. */
  market: boolean;
}

/**
 * Bot jobs (/bot-jobs): newest first, filtered by state, kind group, kind and account (kept in the URL),
 * live; the routine scheduled ticks that ended well are hidden unless asked for; a job's log and cancel.
 */
export function BotJobsScreen() {
  const { t, lang } = useUiLang();
  const common = useCommonData();
  const ctx = useTextContext();
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const [live, setLive] = useState(true);
  const [openId, setOpenId] = useState<string | null>(null);
  const jobs = useBotJobsList(filters, live ? AUTO_REFRESH_MS : false);
  const cancel = useCancelBotJob();

  const rows = useMemo(
    () => loadedRows(jobs.data).rows.filter((row) => matchesAccounts(row, filters, isMarketAccountKind)),
    [jobs.data, filters],
  );
  const accounts = useMemo<AccountOption[]>(
    () => [
      ...common.steamAccounts.flatMap((account) =>
        account.market_accounts.map((market) => ({
          id: market.id,
          label: ctx.marketAccountLabel(market.id),
          market: true,
        })),
      ),
      ...common.steamAccounts.map((account) => ({
        id: account.id,
        label: `${account.steam_account_name} · Steam`,
        market: false,
      })),
    ],
    [common.steamAccounts, ctx],
  );
  // A job's subject by its kind: a market account (label and market) or a Steam account (its name).
  const subject = useCallback(
    (row: BotJob) =>
      row.account === null
        ? '—'
        : isMarketAccountKind(row.kind)
          ? ctx.marketAccountLabel(row.account)
          : ctx.steamAccountName(row.account),
    [ctx],
  );
  const kinds = useMemo(() => [...new Set([...KNOWN_KINDS, ...rows.map((row) => row.kind)])].sort(), [rows]);
  const stateOptions = useMemo(
    () => BOT_JOB_STATES.map((value) => ({ value, label: t(`ops.jobs.state.${value}`) })),
    [t],
  );
  const groupOptions = useMemo(
    () => KIND_GROUPS.map((value) => ({ value, label: t(`jobResults.kindGroup.${value}`) })),
    [t],
  );
  const patch = (change: Partial<BotJobFilters>) =>
    setSearch(filtersToSearch({ ...filters, ...change }), { replace: true });

  const columns = useMemo<VirtualColumn<BotJob>[]>(
    () => [
      dateTimeColumn('created_at', t('ops.botJobs.created'), lang),
      { id: 'kind', header: t('ops.botJobs.kind'), width: 230, render: (row) => kindTitle(row.kind, ctx) },
      {
        id: 'state',
        header: t('fields.status'),
        width: 110,
        render: (row) => <JobStateChip state={row.state} />,
      },
      {
        id: 'account',
        header: t('ops.botJobs.account'),
        width: 220,
        render: (row) => subject(row),
      },
      {
        id: 'attempts',
        header: t('ops.botJobs.attemptsShort'),
        width: 80,
        align: 'right',
        render: (row) => `${row.attempts} / ${row.max_attempts}`,
      },
      dateTimeColumn('finished_at', t('ops.botJobs.finished'), lang),
      {
        id: 'outcome',
        header: t('ops.botJobs.outcome'),
        width: 260,
        grow: 1,
        render: (row) =>
          row.error ? (
            <Typography variant="body2" color="error" noWrap>
              <ResultDetails values={[row.error]} popover>
                {row.state === 'cancelled'
                  ? t('jobResults.generic.cancelled')
                  : formatJobError(row.error, ctx)}
              </ResultDetails>
            </Typography>
          ) : row.state === 'done' ? (
            <Typography variant="body2" noWrap>
              <ResultDetails values={[row.result]} popover>
                <span data-testid="job-outcome">{formatJobResult(row, ctx)}</span>
              </ResultDetails>
            </Typography>
          ) : null,
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
    [t, lang, subject, cancel, ctx],
  );

  return (
    <Page title={t('ops.nav.botJobs')}>
      <BotListTable
        routeId="bot-jobs.list"
        exportQuery={jobsListQuery(filters)}
        list={jobs}
        rows={rows}
        columns={columns}
        label={t('ops.nav.botJobs')}
        emptyText={t('table.empty')}
        onRowClick={(row) => setOpenId(row.id)}
        filters={
          <>
            <ToolbarFilters
              filters={filters}
              onChange={patch}
              specs={[
                {
                  kind: 'multi',
                  key: 'states',
                  label: t('fields.status'),
                  options: stateOptions,
                  width: 200,
                },
                {
                  kind: 'multi',
                  key: 'groups',
                  label: t('jobResults.kindGroup.label'),
                  options: groupOptions,
                  width: 200,
                },
              ]}
            />
            <Autocomplete
              multiple
              limitTags={1}
              options={kinds}
              value={filters.kinds}
              getOptionLabel={(kind) => kindTitle(kind, ctx)}
              onChange={(_event, value) => patch({ kinds: value.map(String).filter(Boolean) })}
              renderInput={(params) => <TextField {...params} margin="none" label={t('ops.botJobs.kind')} />}
              sx={{ width: 260 }}
            />
            <Autocomplete
              multiple
              limitTags={1}
              options={accounts}
              value={accounts.filter((option) =>
                filters.accounts.includes(accountToken(option.market, option.id)),
              )}
              getOptionLabel={(option) => option.label}
              getOptionKey={(option) => accountToken(option.market, option.id)}
              isOptionEqualToValue={(a, b) => a.id === b.id && a.market === b.market}
              onChange={(_event, value) =>
                patch({
                  accounts: [...new Set(value.map((option) => accountToken(option.market, option.id)))],
                })
              }
              renderInput={(params) => (
                <TextField {...params} margin="none" label={t('ops.botJobs.account')} />
              )}
              sx={{ width: 260 }}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={filters.routine}
                  onChange={(event) => patch({ routine: event.target.checked })}
                />
              }
              label={t('jobResults.showRoutine')}
            />
            <FormControlLabel
              control={<Switch checked={live} onChange={(event) => setLive(event.target.checked)} />}
              label={t('ops.botJobs.live')}
            />
          </>
        }
      />
      {openId && <BotJobDialog jobId={openId} onClose={() => setOpenId(null)} />}
    </Page>
  );
}
