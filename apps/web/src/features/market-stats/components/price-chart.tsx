import { Alert, Box, LinearProgress, useTheme } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

import { formatDate } from '@/lib/format';

import { useStatsByDate } from '../api/get-stats-by-date';
import { dailySeries } from '../utils/daily-series';

/** Trades per day (bars) and average prices (lines) of a market, from the toy history. */
export function PriceChart({ market }: { market?: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'ru';
  const theme = useTheme();
  const stats = useStatsByDate(market);
  const data = useMemo(() => dailySeries(stats.data?.results ?? []), [stats.data]);
  const currency = stats.data?.currency ?? 'RUB';
  if (stats.isPending) return <LinearProgress sx={{ my: 1 }} />;
  if (data.length === 0) return <Alert severity="info">{t('marketStats.noTrades')}</Alert>;
  return (
    <Box sx={{ height: 220, mb: 1 }} data-testid="price-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
          <XAxis dataKey="date" tickFormatter={(date: string) => formatDate(date, lang)} fontSize={11} />
          <YAxis yAxisId="count" fontSize={11} width={40} />
          <YAxis yAxisId="price" orientation="right" fontSize={11} width={60} />
          <Tooltip labelFormatter={(date) => formatDate(String(date), lang)} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar
            yAxisId="count"
            dataKey="buyCount"
            name={t('marketStats.buyCount')}
            fill={theme.palette.primary.light}
          />
          <Bar
            yAxisId="count"
            dataKey="sellCount"
            name={t('marketStats.sellCount')}
            fill={theme.palette.warning.light}
          />
          <Line
            yAxisId="price"
            dataKey="buyAvg"
            name={t('marketStats.buyAvg', { currency })}
            stroke={theme.palette.primary.dark}
            dot={false}
          />
          <Line
            yAxisId="price"
            dataKey="sellAvg"
            name={t('marketStats.sellAvg', { currency })}
            stroke={theme.palette.error.main}
            dot={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </Box>
  );
}
