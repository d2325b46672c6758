import { mdiDownload } from '@mdi/js';
import { Button, Stack, Typography } from '@mui/material';
import type { ApiQuery, ProfitDeal } from '@toydesk/contract';
import { useMemo, type CSSProperties } from 'react';

import { ItemNameCell } from '@/components/item-name-cell';
import { MdiIcon } from '@/components/mdi-icon';
import { VirtualTable, type VirtualColumn } from '@/components/virtual-table/virtual-table';
import { csvExportUrl } from '@/lib/csv-export';
import { formatAmount, formatDateTime } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';

import { useProfitDeals } from '../api/get-profit-deals';
import { addDecimals } from '../utils/decimal-sum';
import type { ReportCurrency } from '../utils/profit-range';
import { holdingTime } from '../utils/holding-time';

const TWO_LINES: CSSProperties = { lineHeight: 1.2, minWidth: 0 };
const CAPTION: CSSProperties = { fontSize: 11, opacity: 0.65, whiteSpace: 'nowrap' };
const RIGHT: CSSProperties = { ...TWO_LINES, textAlign: 'right' };

export interface ProfitDealsTableProps {
  query: ApiQuery<'profit-deals.list'>;
  currency: ReportCurrency;
  marketName: (code: string | null) => string;
}

/**
 * The deals of the period, a unit per row: each side at its recorded price in its own currency with its
 * market, the fees and the profit in the reporting currency; the CSV link takes the same filters.
 */
export function ProfitDealsTable({ query, currency, marketName }: ProfitDealsTableProps) {
  const { t, lang } = useUiLang();
  const deals = useProfitDeals(query);
  const suffix = currency === 'USD' ? 'usd' : 'rub';

  const columns = useMemo<VirtualColumn<ProfitDeal>[]>(() => {
    const report = (amount: string | null) => formatAmount(amount, currency, lang);
    const side = (
      price: string | null,
      priceCurrency: string | null,
      market: string | null,
      date: string | null,
    ) =>
      price === null ? (
        '—'
      ) : (
        <div style={RIGHT}>
          <div>{formatAmount(price, priceCurrency ?? currency, lang)}</div>
          <div style={CAPTION}>
            {marketName(market)} · {formatDateTime(date, lang)}
          </div>
        </div>
      );
    return [
      {
        id: 'market_hash_name',
        header: t('fields.market_hash_name'),
        width: 280,
        grow: 1,
        render: (deal) => (
          <ItemNameCell name={deal.market_hash_name} market={deal.sell_market ?? deal.buy_market} />
        ),
      },
      {
        id: 'status',
        header: t('fields.status'),
        width: 100,
        render: (deal) => t(`profit.status.${deal.status}`),
      },
      {
        id: 'buy',
        header: t('fields.buy_price'),
        width: 200,
        align: 'right',
        render: (deal) => side(deal.buy_price, deal.buy_currency, deal.buy_market, deal.buy_date),
      },
      {
        id: 'sell',
        header: t('fields.sell_price'),
        width: 200,
        align: 'right',
        render: (deal) => side(deal.sell_price, deal.sell_currency, deal.sell_market, deal.sell_date),
      },
      {
        id: 'fees',
        header: t('profit.fees'),
        width: 110,
        align: 'right',
        render: (deal) => {
          const sale = deal[`sell_fee_${suffix}`];
          const buy = deal[`buy_fee_${suffix}`];
          if (sale === null && buy === null) return '—';
          return report(addDecimals(sale ?? '0', buy ?? '0'));
        },
      },
      {
        id: 'profit',
        header: t('profit.profitCard'),
        width: 120,
        align: 'right',
        render: (deal) => {
          const profit = deal[`profit_${suffix}`];
          if (profit === null) return '—';
          const negative = profit.startsWith('-');
          return (
            <span style={{ color: negative ? '#c62828' : '#2e7d32', fontWeight: 500 }}>{report(profit)}</span>
          );
        },
      },
      {
        id: 'holding_seconds',
        header: t('profit.holding'),
        width: 90,
        align: 'right',
        render: (deal) => holdingTime(deal.holding_seconds, t),
      },
    ];
  }, [t, lang, currency, suffix, marketName]);

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ mt: 2, mb: 0.5, alignItems: 'center' }}>
        <Typography variant="subtitle2" component="h2" sx={{ mr: 'auto' }}>
          {t('profit.deals')}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="profit-deals-count">
          {t('profit.rows', { count: deals.total })}
        </Typography>
        <Button
          size="small"
          href={csvExportUrl('profit-deals.list', query)}
          download
          title={t('profit.csvHint')}
          startIcon={<MdiIcon path={mdiDownload} />}
          data-testid="profit-csv"
        >
          {t('profit.csv')}
        </Button>
      </Stack>
      <VirtualTable
        rows={deals.rows}
        columns={columns}
        getRowId={(deal) => deal.id}
        label={t('profit.dealsTable')}
        rowHeight={44}
        height={480}
        onEndReached={deals.loadMore}
        loading={deals.isFetching}
        emptyText={t('profit.dealsEmpty')}
        totalCount={deals.total}
      />
    </>
  );
}
