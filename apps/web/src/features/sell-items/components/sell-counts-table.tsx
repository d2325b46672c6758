import { Alert } from '@mui/material';
import type { z } from 'zod';
import type { countByMhnRowSchema } from '@toydesk/contract';
import { useMemo } from 'react';

import { ItemNameCell } from '@/components/item-name-cell';
import { MoneyText } from '@/components/money-text';
import { VirtualTable, type VirtualColumn } from '@/components/virtual-table/virtual-table';
import { formatNumber } from '@/lib/format';
import type { QueryParams } from '@/lib/query-string';
import { useUiLang } from '@/lib/use-ui-lang';

import { useSellCounts } from '../api/get-sell-counts';

type CountRow = z.infer<typeof countByMhnRowSchema>;

/** How many items are on sale per market hash name, with their price range (the list's filters apply). */
export function SellCountsTable({ filters }: { filters: QueryParams }) {
  const { t, lang } = useUiLang();
  const counts = useSellCounts(filters);
  const market = typeof filters.market === 'string' ? filters.market : null;
  const columns = useMemo<VirtualColumn<CountRow>[]>(
    () => [
      {
        id: 'market_hash_name',
        header: t('fields.market_hash_name'),
        width: 320,
        grow: 1,
        render: (row) => <ItemNameCell name={row.market_hash_name} market={market} />,
      },
      {
        id: 'count',
        header: t('sellItems.count'),
        width: 100,
        align: 'right',
        render: (row) => formatNumber(row.count, lang),
      },
      {
        id: 'min_price',
        header: t('sellItems.minPrice'),
        width: 130,
        align: 'right',
        render: (row) => <MoneyText amount={row.min_price} currency="RUB" />,
      },
      {
        id: 'max_price',
        header: t('sellItems.maxPrice'),
        width: 130,
        align: 'right',
        render: (row) => <MoneyText amount={row.max_price} currency="RUB" />,
      },
      {
        id: 'total',
        header: t('sellItems.total'),
        width: 140,
        align: 'right',
        render: (row) => <MoneyText amount={row.total} currency="RUB" />,
      },
    ],
    [t, lang, market],
  );
  return (
    <>
      {counts.isError && <Alert severity="error">{t('table.failed')}</Alert>}
      <VirtualTable
        rows={counts.data ?? []}
        columns={columns}
        getRowId={(row) => row.market_hash_name}
        label={t('sellItems.countsTab')}
        loading={counts.isFetching}
        emptyText={t('table.empty')}
        height="calc(100vh - 280px)"
      />
    </>
  );
}
