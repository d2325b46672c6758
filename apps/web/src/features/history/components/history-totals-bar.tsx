import { Box, LinearProgress, Paper, Stack, Typography } from '@mui/material';

import { formatAmount, formatNumber } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';

import { useHistoryTotals } from '../api/get-history-totals';
import type { HistoryQuery } from '../utils/history-filters';

function Figure({
  label,
  value,
  color,
  testId,
}: {
  label: string;
  value: string;
  color?: string;
  testId: string;
}) {
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 500, color }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** Count, bought, sold and profit of every row the filters match (server aggregate, one currency). */
export function HistoryTotalsBar({ query }: { query: HistoryQuery }) {
  const { t, lang } = useUiLang();
  const totals = useHistoryTotals(query);
  const data = totals.data;
  const currency = data?.currency ?? 'RUB';
  const money = (value: string | undefined) =>
    value === undefined ? '—' : formatAmount(value, currency, lang);
  const profitColor = data && data.profit.startsWith('-') ? 'error.main' : 'success.main';
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 0.5, position: 'relative' }} aria-label={t('history.totals')}>
      {totals.isFetching && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
      <Stack direction="row" spacing={3} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Figure
          label={t('history.totalCount')}
          value={data ? formatNumber(data.count, lang) : '—'}
          testId="totals-count"
        />
        <Figure
          label={t('history.totalBought', { count: data?.buyCount ?? 0 })}
          value={money(data?.bought)}
          testId="totals-bought"
        />
        <Figure
          label={t('history.totalSold', { count: data?.sellCount ?? 0 })}
          value={money(data?.sold)}
          testId="totals-sold"
        />
        <Figure
          label={t('history.profit')}
          value={money(data?.profit)}
          color={profitColor}
          testId="totals-profit"
        />
        <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
          {totals.isError ? t('table.failed') : t('history.totalsHint', { currency })}
        </Typography>
      </Stack>
    </Paper>
  );
}
