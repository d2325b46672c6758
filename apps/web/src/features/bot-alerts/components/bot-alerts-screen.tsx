import { mdiCheck, mdiCheckAll } from '@mdi/js';
import {
  Autocomplete,
  Button,
  Chip,
  MenuItem,
  TextField,
  Tooltip,
  Typography,
  type ChipProps,
} from '@mui/material';
import { BOT_ALERT_SEVERITIES, type BotAlert } from '@toydesk/contract';
import { useMemo, useState } from 'react';

import { BotListTable, loadedRows } from '@/components/bot-list-table';
import { checkboxColumn } from '@/components/checkbox-column';
import { dateTimeColumn } from '@/components/date-time-column';
import { SelectFilter } from '@/components/filter-fields';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { MdiIcon } from '@/components/mdi-icon';
import { Page } from '@/components/page';
import { ResultDetails } from '@/components/result-details';
import { SelectionBar } from '@/components/selection-bar';
import { type VirtualColumn } from '@/components/virtual-table/virtual-table';
import { useCommonData } from '@/lib/common-data';
import { marketAccountChoices } from '@/lib/filter-options';
import { formatDateTime, formatNumber } from '@/lib/format';
import { alertTitle, formatAlert } from '@/lib/job-results/alert-text';
import { useTextContext } from '@/lib/job-results/use-text-context';
import { notify } from '@/lib/notifications';
import { useCheckedIds } from '@/lib/use-checked-ids';
import { useUiLang } from '@/lib/use-ui-lang';

import { useAckAlerts, useAckAllAlerts } from '../api/ack-alerts';
import { alertsListQuery, useBotAlerts, type AlertFilters, type AlertScope } from '../api/get-bot-alerts';

const SCOPES: readonly AlertScope[] = ['open', 'acknowledged', 'all'];
const SEVERITY_COLOR: Record<BotAlert['severity'], ChipProps['color']> = {
  error: 'error',
  warning: 'warning',
  info: 'info',
};

/**
 * Bot alerts (/bot-alerts): bans, repeated 429s, lost Steam sessions, proxies down, failed deliveries;
 * open ones first, filtered by state, severity and market account; acknowledge one, the selected or all.
 */
export function BotAlertsScreen() {
  const { t, lang } = useUiLang();
  const common = useCommonData();
  const ctx = useTextContext();
  const [filters, setFilters] = useState<AlertFilters>({ scope: 'open', marketAccount: null });
  const [severity, setSeverity] = useState<string>('');
  const [confirmAll, setConfirmAll] = useState(false);
  const alerts = useBotAlerts(filters);
  const ack = useAckAlerts();
  const ackAll = useAckAllAlerts();
  const selection = useCheckedIds();

  const marketAccounts = useMemo(() => marketAccountChoices(common.steamAccounts), [common.steamAccounts]);
  const steamLabel = useMemo(
    () => new Map(common.steamAccounts.map((account) => [account.id, account.steam_account_name])),
    [common.steamAccounts],
  );
  const rows = useMemo(() => {
    const loaded = loadedRows(alerts.data).rows;
    return severity ? loaded.filter((alert) => alert.severity === severity) : loaded;
  }, [alerts.data, severity]);
  const selectedOpen = rows.filter((row) => selection.selected.has(row.id) && !row.acknowledged_at);

  const acknowledge = async (ids: number[]) => {
    const count = await ack.mutateAsync(ids);
    if (count > 0) notify({ text: t('ops.alerts.acked', { count }), color: 'success' });
    selection.setMany(ids, false);
  };

  const columns = useMemo<VirtualColumn<BotAlert>[]>(
    () => [
      checkboxColumn<BotAlert>({
        selection,
        rows,
        getId: (row) => row.id,
        allLabel: t('ops.selectAll'),
        rowLabel: (row) => t('ops.selectRow', { name: `#${row.id}` }),
      }),
      {
        id: 'severity',
        header: t('ops.alerts.severity'),
        width: 120,
        render: (row) => (
          <Chip
            size="small"
            color={SEVERITY_COLOR[row.severity]}
            variant={row.acknowledged_at ? 'outlined' : 'filled'}
            label={t(`ops.alerts.level.${row.severity}`)}
            sx={{ height: 20, fontSize: 11 }}
          />
        ),
      },
      { id: 'kind', header: t('ops.alerts.kind'), width: 200, render: (row) => alertTitle(row.kind, ctx) },
      {
        id: 'message',
        header: t('ops.alerts.message'),
        width: 320,
        grow: 2,
        render: (row) => {
          const text = formatAlert(row, ctx);
          // The bots' English message and the details stay behind «Подробнее».
          return (
            <Tooltip title={text}>
              <Typography variant="body2" noWrap sx={{ fontWeight: row.acknowledged_at ? 400 : 500 }}>
                <ResultDetails values={[row.message, row.details]} popover>
                  <span data-testid="alert-text">{text}</span>
                </ResultDetails>
              </Typography>
            </Tooltip>
          );
        },
      },
      {
        id: 'subject',
        header: t('ops.alerts.subject'),
        width: 200,
        grow: 1,
        render: (row) =>
          [
            row.market_account !== null ? ctx.marketAccountLabel(row.market_account) : null,
            row.steam_account !== null
              ? (steamLabel.get(row.steam_account) ?? `#${row.steam_account}`)
              : null,
            row.proxy !== null ? t('ops.alerts.proxyRef', { id: row.proxy }) : null,
          ]
            .filter(Boolean)
            .join(' · ') || '—',
      },
      {
        id: 'count',
        header: t('ops.alerts.count'),
        width: 70,
        align: 'right',
        render: (row) => formatNumber(row.count, lang),
      },
      dateTimeColumn('last_at', t('ops.alerts.lastAt'), lang),
      dateTimeColumn('first_at', t('ops.alerts.firstAt'), lang),
      {
        id: 'acknowledged_at',
        header: t('ops.alerts.ackedAt'),
        width: 150,
        render: (row) =>
          // The bots resolve an alert whose cause went away (a rejected key that works again).
          row.acknowledged_at ? (
            row.details.resolved === true ? (
              t('ops.alerts.resolvedAt', { at: formatDateTime(row.acknowledged_at, lang) })
            ) : (
              formatDateTime(row.acknowledged_at, lang)
            )
          ) : (
            <Button
              size="small"
              startIcon={<MdiIcon path={mdiCheck} />}
              disabled={ack.isPending}
              aria-label={t('ops.alerts.ackNamed', { id: row.id })}
              onClick={(event) => {
                event.stopPropagation();
                void acknowledge([row.id]);
              }}
            >
              {t('ops.alerts.ack')}
            </Button>
          ),
      },
    ],
    // acknowledge only closes over the stable mutation and t.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, lang, ctx, selection, rows, steamLabel, ack.isPending],
  );

  return (
    <Page
      title={t('ops.nav.botAlerts')}
      actions={
        <Button
          variant="contained"
          startIcon={<MdiIcon path={mdiCheckAll} />}
          disabled={ackAll.isPending}
          onClick={() => setConfirmAll(true)}
        >
          {t('ops.alerts.ackAll')}
        </Button>
      }
    >
      <BotListTable
        routeId="bot-alerts.list"
        exportQuery={alertsListQuery(filters)}
        list={alerts}
        rows={rows}
        columns={columns}
        label={t('ops.nav.botAlerts')}
        emptyText={t('ops.alerts.none')}
        filters={
          <>
            <TextField
              select
              margin="none"
              label={t('ops.alerts.show')}
              sx={{ width: 200 }}
              value={filters.scope}
              onChange={(event) =>
                setFilters((current) => ({ ...current, scope: event.target.value as AlertScope }))
              }
            >
              {SCOPES.map((scope) => (
                <MenuItem key={scope} value={scope}>
                  {t(`ops.alerts.scope.${scope}`)}
                </MenuItem>
              ))}
            </TextField>
            <SelectFilter
              label={t('ops.alerts.severity')}
              width={170}
              value={severity}
              onChange={(value) => setSeverity(value)}
              options={BOT_ALERT_SEVERITIES.map((value) => ({
                value: value,
                label: t(`ops.alerts.level.${value}`),
              }))}
            />
            <Autocomplete
              options={marketAccounts}
              value={marketAccounts.find((m) => m.id === filters.marketAccount) ?? null}
              getOptionLabel={(option) => option.label}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              onChange={(_event, value) =>
                setFilters((current) => ({ ...current, marketAccount: value?.id ?? null }))
              }
              renderInput={(params) => (
                <TextField {...params} margin="none" label={t('fields.market_account')} />
              )}
              sx={{ width: 260 }}
            />
            <SelectionBar count={selectedOpen.length} onClear={selection.clear}>
              <Button
                size="small"
                startIcon={<MdiIcon path={mdiCheck} />}
                disabled={ack.isPending}
                onClick={() => void acknowledge(selectedOpen.map((row) => row.id))}
              >
                {t('ops.alerts.ackSelected')}
              </Button>
            </SelectionBar>
          </>
        }
      />
      {confirmAll && (
        <ConfirmDialog
          title={t('ops.alerts.ackAllTitle')}
          text={t('ops.alerts.ackAllText')}
          confirmLabel={t('ops.alerts.ackAll')}
          danger={false}
          busy={ackAll.isPending}
          onConfirm={() =>
            ackAll.mutate(undefined, {
              onSuccess: (count) => {
                notify({ text: t('ops.alerts.acked', { count }), color: 'success' });
                setConfirmAll(false);
              },
            })
          }
          onClose={() => setConfirmAll(false)}
        />
      )}
    </Page>
  );
}
