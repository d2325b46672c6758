import { mdiDelete, mdiPencil, mdiRobotOutline } from '@mdi/js';
import { Box, Chip, Stack, Switch, Tooltip, Typography } from '@mui/material';
import type { BotTradingStatus, SpendGuardView } from '@toydesk/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { RowIconButton } from '@/components/row-icon-button';
import { MoneyText } from '@/components/money-text';
import { OnlineDot, proxyColumn, statusColumn, tagsColumn } from '@/components/account-columns';
import { checkboxColumn } from '@/components/checkbox-column';
import { TwoLineCell } from '@/components/two-line-cell';
import { VirtualTable, type TableSort, type VirtualColumn } from '@/components/virtual-table/virtual-table';
import { formatDateTime } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';
import type { CheckedIds } from '@/lib/use-checked-ids';

import type { MarketAccountRow } from '../api/get-market-accounts';
import { pinDryRun } from '../utils/pin-dry-run';
import { LOOP_SWITCHES, type LoopSwitch } from './market-account-dialog';
import { SpentTodayCell } from './spent-today-cell';
import { LOOP_STATE_COLORS } from './trading-loop-card';

export interface MarketAccountsTableProps {
  rows: readonly MarketAccountRow[];
  loading: boolean;
  selection: CheckedIds;
  sort: TableSort | null;
  onSortChange: (sort: TableSort | null) => void;
  loops: ReadonlyMap<number, BotTradingStatus[]>;
  /** Today's spending against the daily cap, by account (the bot service's spend guards). */
  spending?: ReadonlyMap<number, SpendGuardView>;
  /** Switches whose PATCH is under way, as "id:field". */
  pendingSwitches: ReadonlySet<string>;
  onToggle: (row: MarketAccountRow, field: LoopSwitch, value: boolean) => void;
  onEdit: (row: MarketAccountRow) => void;
  onDelete: (row: MarketAccountRow) => void;
  onTrading: (row: MarketAccountRow) => void;
}

const DOT_COLORS: Record<BotTradingStatus['state'], string> = {
  off: 'grey.400',
  scheduled: 'info.main',
  running: 'primary.main',
  stopped: 'warning.main',
  failed: 'error.main',
  paused: 'error.main',
};

function LoopDots({ loops }: { loops: readonly BotTradingStatus[] }) {
  const { t } = useTranslation();
  if (loops.length === 0) return <>—</>;
  // A rejected key pauses every loop of the account: one clear mark instead of four red dots.
  const rejected = loops.find((loop) => loop.key_rejected)?.key_rejected;
  if (rejected)
    return (
      <Tooltip title={t('marketAccounts.keyRejectedHint', { reason: rejected })}>
        <Chip
          size="small"
          color="error"
          data-testid="key-rejected"
          label={t('marketAccounts.keyRejected')}
          sx={{ height: 20, fontSize: 11 }}
        />
      </Tooltip>
    );
  return (
    <Stack direction="row" spacing={0.5} data-testid="loop-dots">
      {loops.map((loop) => (
        <Tooltip
          key={loop.loop}
          title={`${t(`marketAccounts.loop.${loop.loop}`)}: ${t(`marketAccounts.loopState.${loop.state}`)}${
            loop.last_error ? ` — ${loop.last_error}` : ''
          }`}
        >
          <Box
            component="span"
            data-state={loop.state}
            data-color={LOOP_STATE_COLORS[loop.state]}
            sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: DOT_COLORS[loop.state] }}
          />
        </Tooltip>
      ))}
    </Stack>
  );
}

/** The market accounts as a virtualised table with selection, loop switches and row actions. */
export function MarketAccountsTable({
  rows,
  loading,
  selection,
  sort,
  onSortChange,
  loops,
  spending,
  pendingSwitches,
  onToggle,
  onEdit,
  onDelete,
  onTrading,
}: MarketAccountsTableProps) {
  const { t, lang } = useUiLang();
  const columns = useMemo<VirtualColumn<MarketAccountRow>[]>(
    () => [
      checkboxColumn({
        selection,
        rows,
        getId: (row) => row.id,
        allLabel: t('marketAccounts.selectAll'),
        rowLabel: (row) => t('marketAccounts.selectNamed', { name: row.label }),
      }),
      {
        id: 'label',
        header: t('fields.label'),
        width: 200,
        grow: 1,
        sortable: true,
        render: (row) => <TwoLineCell title={row.market_name} caption={row.steam_account_name} />,
      },
      statusColumn(t, { width: 100, sortable: true }),
      {
        id: 'online',
        // «В сети», not «Онлайн»: the keep-online switch column is about staying online.
        header: t('layoutFit.marketAccounts.onlineNow'),
        headerTitle: t('layoutFit.marketAccounts.onlineNowHint'),
        width: 120,
        sortable: true,
        render: (row) => (
          <Tooltip title={`${t('fields.last_online_at')}: ${formatDateTime(row.last_online_at, lang)}`}>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <OnlineDot online={row.online} />
              <Typography variant="caption">
                {row.online ? t('marketAccounts.online') : t('marketAccounts.offline')}
              </Typography>
            </Stack>
          </Tooltip>
        ),
      },
      {
        id: 'balance',
        header: t('fields.balance'),
        width: 120,
        align: 'right',
        sortable: true,
        render: (row) => <MoneyText amount={row.balance} currency={row.currency} />,
      },
      {
        id: 'api_key',
        header: t('fields.api_key'),
        width: 100,
        render: (row) => (
          <Typography variant="caption" sx={{ fontFamily: 'monospace' }}>
            {row.api_key ?? t('marketAccounts.secretNotSet')}
          </Typography>
        ),
      },
      proxyColumn(t, { width: 150, sortable: true }),
      tagsColumn(t, { width: 120 }),
      ...LOOP_SWITCHES.map<VirtualColumn<MarketAccountRow>>((field) => ({
        id: field,
        // A short name the column widens to show whole; the full one is its tooltip.
        header: t(`layoutFit.marketAccounts.switchShort.${field}`),
        headerTitle: t(`fields.${field}`),
        width: 64,
        align: 'center',
        render: (row) => (
          <Switch
            size="small"
            color={field === 'dry_run' ? 'warning' : 'primary'}
            checked={row[field]}
            disabled={pendingSwitches.has(`${row.id}:${field}`)}
            onClick={(event) => event.stopPropagation()}
            onChange={(event) => onToggle(row, field, event.target.checked)}
            slotProps={{
              input: {
                'aria-label': t('marketAccounts.switchNamed', {
                  field: t(`fields.${field}`),
                  name: row.label,
                }),
              },
            }}
          />
        ),
      })),
      {
        id: 'loops',
        header: t('marketAccounts.loops'),
        width: 120,
        render: (row) => <LoopDots loops={loops.get(row.id) ?? []} />,
      },
      {
        id: 'spent_today',
        header: t('spendGuards.column'),
        width: 150,
        render: (row) => <SpentTodayCell view={spending?.get(row.id)} />,
      },
      {
        id: 'actions',
        header: '',
        width: 116,
        align: 'center',
        render: (row) => (
          <Stack direction="row">
            <RowIconButton
              label={t('marketAccounts.tradingNamed', { name: row.label })}
              icon={mdiRobotOutline}
              onClick={() => onTrading(row)}
            />
            <RowIconButton
              label={t('marketAccounts.editNamed', { name: row.label })}
              icon={mdiPencil}
              onClick={() => onEdit(row)}
            />
            <RowIconButton
              label={t('marketAccounts.deleteNamed', { name: row.label })}
              icon={mdiDelete}
              color="error"
              onClick={() => onDelete(row)}
            />
          </Stack>
        ),
      },
    ],
    [t, lang, rows, selection, loops, spending, pendingSwitches, onToggle, onEdit, onDelete, onTrading],
  );
  const shown = useMemo(() => pinDryRun(columns), [columns]);
  return (
    <VirtualTable
      rows={rows}
      columns={shown}
      getRowId={(row) => row.id}
      label={t('nav.marketAccountList')}
      rowHeight={44}
      loading={loading}
      sort={sort}
      onSortChange={onSortChange}
      onRowClick={onTrading}
      emptyText={t('table.empty')}
      height="calc(100vh - 240px)"
    />
  );
}
