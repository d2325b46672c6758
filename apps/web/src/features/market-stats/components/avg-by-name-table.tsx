import { useMemo } from 'react';

import { ItemNameCell } from '@/components/item-name-cell';
import { VirtualTable, type TableSort, type VirtualColumn } from '@/components/virtual-table/virtual-table';
import { formatAmount, formatNumber } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';

export interface AvgByNameRow {
  market_hash_name: string;
  buy_count: number;
  buy_avg: string | null;
  buy_min: string | null;
  buy_max: string | null;
  sell_count: number;
  sell_avg: string | null;
  sell_min: string | null;
  sell_max: string | null;
}

export interface AvgByNameTableProps {
  rows: readonly AvgByNameRow[];
  currency: string;
  market?: string;
  loading: boolean;
  selected: string | null;
  sort: TableSort | null;
  onSortChange: (sort: TableSort | null) => void;
  onSelect: (name: string) => void;
  height?: string;
}

const MONEY_COLUMNS = ['buy_avg', 'buy_min', 'buy_max', 'sell_avg', 'sell_min', 'sell_max'] as const;

/** Average, minimum and maximum buy and sell prices per item; a click shows the item's charts. */
export function AvgByNameTable({
  rows,
  currency,
  market,
  loading,
  selected,
  sort,
  onSortChange,
  onSelect,
  height,
}: AvgByNameTableProps) {
  const { t, lang } = useUiLang();
  const columns = useMemo<VirtualColumn<AvgByNameRow>[]>(() => {
    const countColumn = (id: 'buy_count' | 'sell_count', header: string): VirtualColumn<AvgByNameRow> => ({
      id,
      header,
      width: 90,
      align: 'right',
      sortable: true,
      render: (row) => formatNumber(row[id], lang),
    });
    const moneyColumn = (id: (typeof MONEY_COLUMNS)[number]): VirtualColumn<AvgByNameRow> => ({
      id,
      header: t(`marketStats.columns.${id}`),
      width: 110,
      align: 'right',
      sortable: true,
      render: (row) => formatAmount(row[id], currency, lang),
    });
    return [
      {
        id: 'market_hash_name',
        header: t('fields.market_hash_name'),
        width: 320,
        grow: 1,
        sortable: true,
        render: (row) => (
          <span style={{ fontWeight: row.market_hash_name === selected ? 600 : undefined, minWidth: 0 }}>
            <ItemNameCell name={row.market_hash_name} market={market} />
          </span>
        ),
      },
      countColumn('buy_count', t('marketStats.buyCount')),
      ...MONEY_COLUMNS.slice(0, 3).map(moneyColumn),
      countColumn('sell_count', t('marketStats.sellCount')),
      ...MONEY_COLUMNS.slice(3).map(moneyColumn),
    ];
  }, [t, lang, currency, market, selected]);
  return (
    <VirtualTable
      rows={rows}
      columns={columns}
      getRowId={(row) => row.market_hash_name}
      label={t('marketStats.avgByName')}
      sort={sort}
      onSortChange={onSortChange}
      onRowClick={(row) => onSelect(row.market_hash_name)}
      loading={loading}
      emptyText={t('table.empty')}
      height={height}
    />
  );
}
