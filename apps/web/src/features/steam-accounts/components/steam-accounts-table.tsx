import { mdiPencil } from '@mdi/js';
import type { MarketRates } from '@toydesk/contract';
import { useCallback, useMemo } from 'react';

import { OnlineDot, proxyColumn, statusColumn, tagsColumn } from '@/components/account-columns';
import { checkboxColumn } from '@/components/checkbox-column';
import { MoneyText } from '@/components/money-text';
import { RowIconButton } from '@/components/row-icon-button';
import { TwoLineCell } from '@/components/two-line-cell';
import { CELL } from '@/components/virtual-table/cell-styles';
import { VirtualTable, type VirtualColumn } from '@/components/virtual-table/virtual-table';
import { marketByCode, useCommonData } from '@/lib/common-data';
import { useUiLang } from '@/lib/use-ui-lang';
import { formatNumber } from '@/lib/format';
import type { CheckedIds } from '@/lib/use-checked-ids';

import type { SteamAccountRow } from '../api/get-steam-accounts';
import type { SteamAction } from '../utils/steam-actions';
import { SteamAccountRowMenu } from './steam-account-row-menu';

export interface SteamAccountsTableProps {
  rows: readonly SteamAccountRow[];
  loading: boolean;
  /** RUB or USD: balances are shown converted with the market records' rates. */
  displayCurrency: string;
  ratesFor: (market: string) => MarketRates | undefined;
  onEdit: (row: SteamAccountRow) => void;
  /** Ids ticked for bulk actions; the header box ticks or clears every shown row. */
  selection: CheckedIds;
  onAction: (row: SteamAccountRow, action: SteamAction) => void;
  onDelete: (row: SteamAccountRow) => void;
}

function MarketAccounts({
  row,
  displayCurrency,
  ratesFor,
  statusLabel,
  marketName,
}: {
  row: SteamAccountRow;
  displayCurrency: string;
  ratesFor: (market: string) => MarketRates | undefined;
  /** The table's translation of a status (a cell has no hook of its own: rows are recycled while scrolling). */
  statusLabel: (status: string) => string;
  /** The market's name from the common data (the row holds its code). */
  marketName: (code: string) => string;
}) {
  // Plain spans with the browser's own tooltip: this cell is drawn per visible row with one piece per market
  // account, and MUI's Stack, Tooltip and Typography there were most of the screen's first render (issue 15).
  return (
    <span className={CELL.chips} style={{ gap: 8 }}>
      {row.market_accounts_extended.map((account) => (
        <span
          key={account.id}
          className={CELL.inline}
          title={`${account.label} · ${statusLabel(account.status)}`}
        >
          <OnlineDot online={account.online} />
          <span style={{ fontSize: 12, fontWeight: 500 }}>{marketName(account.market)}</span>
          <span className={CELL.caption}>
            <MoneyText
              amount={account.balance}
              currency={account.currency}
              displayCurrency={displayCurrency}
              rates={ratesFor(account.market)}
            />
          </span>
        </span>
      ))}
    </span>
  );
}

/** The Steam accounts as a virtualised table: any number of rows, only the visible ones in the DOM. */
export function SteamAccountsTable({
  rows,
  loading,
  displayCurrency,
  ratesFor,
  onEdit,
  selection,
  onAction,
  onDelete,
}: SteamAccountsTableProps) {
  const { t, lang } = useUiLang();
  const { markets } = useCommonData();
  const marketName = useCallback((code: string) => marketByCode(markets, code)?.name ?? code, [markets]);
  const columns = useMemo<VirtualColumn<SteamAccountRow>[]>(
    () => [
      checkboxColumn({
        selection,
        rows,
        getId: (row) => row.id,
        allLabel: t('ops.selectAll'),
        rowLabel: (row) => t('ops.selectRow', { name: row.steam_account_name }),
      }),
      {
        id: 'steam_account_name',
        header: t('fields.steam_account_name'),
        width: 170,
        render: (row) => (
          <TwoLineCell title={row.steam_account_name} caption={row.login ?? row.steam_id ?? '—'} />
        ),
      },
      statusColumn(t, { width: 100 }),
      tagsColumn(t, { width: 130 }),
      {
        id: 'server_group',
        header: t('fields.server_group'),
        width: 110,
        render: (row) => row.server_group_name ?? '—',
      },
      proxyColumn(t, { width: 150 }),
      {
        id: 'balance',
        header: t('fields.balance'),
        width: 110,
        align: 'right',
        render: (row) => (
          <MoneyText
            amount={row.balance}
            currency={row.balance_currency}
            displayCurrency={displayCurrency}
            rates={ratesFor('steam')}
          />
        ),
      },
      {
        id: 'market_accounts',
        header: t('fields.market_accounts'),
        width: 240,
        grow: 1,
        render: (row) => (
          <MarketAccounts
            row={row}
            displayCurrency={displayCurrency}
            ratesFor={ratesFor}
            statusLabel={(status) => t(`enums.status.${status}`, { defaultValue: status })}
            marketName={marketName}
          />
        ),
      },
      {
        id: 'total_balance_rub',
        header: t('steamAccounts.totalBalance'),
        width: 120,
        align: 'right',
        render: (row) => (
          <MoneyText
            amount={row.total_balance_rub}
            currency="RUB"
            displayCurrency={displayCurrency}
            rates={ratesFor('steam')}
          />
        ),
      },
      {
        id: 'checklist',
        header: t('steamAccounts.checklist'),
        width: 90,
        render: (row) => (
          <div className={CELL.bar} title={`${row.checklist_done} / ${row.checklist_total}`}>
            <div
              className={
                row.checklist_done === row.checklist_total ? `${CELL.barFill} ${CELL.barDone}` : CELL.barFill
              }
              style={{
                width: `${row.checklist_total ? (row.checklist_done / row.checklist_total) * 100 : 0}%`,
              }}
            />
          </div>
        ),
      },
      {
        id: 'counts',
        header: t('steamAccounts.inventoryOnSale'),
        width: 100,
        align: 'right',
        render: (row) =>
          `${formatNumber(row.inventory_count, lang)} / ${formatNumber(row.on_sale_count, lang)}`,
      },
      {
        id: 'actions',
        header: '',
        width: 80,
        align: 'center',
        render: (row) => (
          <>
            <RowIconButton
              label={t('steamAccounts.editNamed', { name: row.steam_account_name })}
              icon={mdiPencil}
              onClick={() => onEdit(row)}
            />
            <SteamAccountRowMenu row={row} onEdit={onEdit} onAction={onAction} onDelete={onDelete} />
          </>
        ),
      },
    ],
    [t, lang, displayCurrency, ratesFor, marketName, onEdit, rows, selection, onAction, onDelete],
  );
  return (
    <VirtualTable
      rows={rows}
      columns={columns}
      getRowId={(row) => row.id}
      label={t('nav.steamAccountList')}
      rowHeight={44}
      loading={loading}
      onRowClick={onEdit}
      emptyText={t('table.empty')}
    />
  );
}
