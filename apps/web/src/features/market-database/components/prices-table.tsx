import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';

import { MoneyText } from '@/components/money-text';
import { formatDateTime } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';

import type { DatabasePrices } from '../api/market-database';

export interface PricesTableProps {
  prices: DatabasePrices | undefined;
  loading: boolean;
}

/** Imported prices per name, each in its own row's currency, and the names the list does not hold. */
export function PricesTable({ prices, loading }: PricesTableProps) {
  const { t, lang } = useUiLang();
  const rows = prices?.results ?? [];
  const label = t('botCalls.db.pricesTable');
  return (
    <>
      <TableContainer sx={{ maxHeight: 'calc(100vh - 420px)', minHeight: 160 }}>
        <Table size="small" stickyHeader role="table" aria-label={label} aria-rowcount={rows.length + 1}>
          <TableHead>
            <TableRow role="row" aria-rowindex={1}>
              <TableCell>{t('botCalls.db.item')}</TableCell>
              <TableCell align="right">{t('botCalls.db.price')}</TableCell>
              <TableCell align="right">{t('botCalls.db.buyOrder')}</TableCell>
              <TableCell align="right">{t('botCalls.db.volume')}</TableCell>
              <TableCell>{t('botCalls.db.updated')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => (
              <TableRow key={`${row.market}-${row.market_hash_name}`} role="row" aria-rowindex={index + 2}>
                <TableCell>{row.market_hash_name}</TableCell>
                <TableCell align="right">
                  {row.price === null ? '—' : <MoneyText amount={row.price} currency={row.currency} />}
                </TableCell>
                <TableCell align="right">
                  {row.buy_order === null ? (
                    '—'
                  ) : (
                    <MoneyText amount={row.buy_order} currency={row.currency} />
                  )}
                </TableCell>
                <TableCell align="right">{row.volume ?? '—'}</TableCell>
                <TableCell>{formatDateTime(row.updated_at, lang)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {!loading && rows.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            {t('botCalls.db.noPrices')}
          </Typography>
        )}
      </TableContainer>
      {prices && prices.missing.length > 0 && (
        <Typography variant="caption" color="text.secondary" component="div" data-testid="missing-names">
          {t('botCalls.db.missing', { count: prices.missing.length })}:{' '}
          {prices.missing.slice(0, 20).join('; ')}
          {prices.missing.length > 20 ? ' …' : ''}
        </Typography>
      )}
    </>
  );
}
