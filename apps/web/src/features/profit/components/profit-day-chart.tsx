import { Box, Paper, Typography, useTheme } from '@mui/material';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

import { formatAmount, formatDate } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';

import type { DayBar } from '../utils/profit-chart-data';

export interface ProfitDayChartProps {
  bars: DayBar[];
  currency: string;
}

/** Profit per day of sale as bars, green above zero and red below; a day without sales is an empty slot. */
export function ProfitDayChart({ bars, currency }: ProfitDayChartProps) {
  const { t, lang } = useUiLang();
  const theme = useTheme();
  const anySale = bars.some((bar) => bar.deals > 0);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1, flex: '2 1 480px', minWidth: 0, display: 'flex', flexDirection: 'column' }}
    >
      <Typography variant="subtitle2" component="h2">
        {t('profit.byDay')}
      </Typography>
      <Box sx={{ flex: 1, minHeight: 220 }} data-testid="profit-by-day" data-days={bars.length}>
        {anySale ? (
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={bars} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} vertical={false} />
              <XAxis dataKey="day" tickFormatter={(day: string) => formatDate(day, lang)} fontSize={11} />
              <YAxis fontSize={11} width={70} tickFormatter={(value: number) => String(Math.round(value))} />
              <ReferenceLine y={0} stroke={theme.palette.text.secondary} />
              <Tooltip
                cursor={{ fill: theme.palette.action.hover }}
                content={({ active, payload }) => {
                  const bar = active ? (payload?.[0]?.payload as DayBar | undefined) : undefined;
                  if (!bar) return null;
                  return (
                    <Paper sx={{ px: 1, py: 0.5 }} elevation={3}>
                      <Typography variant="body2">
                        {t('profit.dayTooltip', {
                          day: formatDate(bar.day, lang),
                          profit: formatAmount(bar.profit, currency, lang),
                          sales: formatAmount(bar.sales, currency, lang),
                          deals: bar.deals,
                        })}
                      </Typography>
                    </Paper>
                  );
                }}
              />
              <Bar dataKey="profit" isAnimationActive={false}>
                {bars.map((bar) => (
                  <Cell
                    key={bar.day}
                    fill={bar.profit < 0 ? theme.palette.error.main : theme.palette.success.main}
                  />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ pt: 4, textAlign: 'center' }}>
            {t('profit.byDayEmpty')}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
