import { Box, useTheme } from '@mui/material';
import type { MouseEvent } from 'react';
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
  type MouseHandlerDataParam,
} from 'recharts';

import { formatDate } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';

import type { DailyPoint } from '../utils/daily-series';

export interface StatsChartProps {
  data: DailyPoint[];
  currency: string;
  /** Called with the day clicked and where, when days can be clicked. */
  onPointClick?: (point: DailyPoint, position: { top: number; left: number }) => void;
  height?: number;
  testId?: string;
}

const STATUS_COLORS: Record<string, 'success' | 'warning' | 'error'> = {
  normal: 'success',
  outdated: 'warning',
  very_outdated: 'error',
  totally_outdated: 'error',
  locked: 'error',
};

/** Average, minimum and maximum price (lines) and volume (bars) per day; points coloured by their status. */
export function StatsChart({ data, currency, onPointClick, height = 220, testId }: StatsChartProps) {
  const { t, lang } = useUiLang();
  const theme = useTheme();
  const onClick = (state: MouseHandlerDataParam, event: MouseEvent) => {
    const index = Number(state.activeIndex);
    const point = Number.isInteger(index) ? data[index] : undefined;
    if (point && onPointClick) onPointClick(point, { top: event.clientY, left: event.clientX });
  };
  const statusDot = (props: { cx?: number; cy?: number; payload?: DailyPoint; index?: number }) => {
    const { cx, cy, payload, index } = props;
    if (cx === undefined || cy === undefined || !payload?.status) return <g key={index} />;
    const color = theme.palette[STATUS_COLORS[payload.status] ?? 'success'].main;
    return <circle key={index} cx={cx} cy={cy} r={4} fill={color} stroke="#fff" strokeWidth={1} />;
  };
  // The day's highest and lowest price: dashed, around the average.
  const bandLine = (key: 'max' | 'min', color: string) => (
    <Line
      yAxisId="price"
      dataKey={key}
      name={t(`marketStats.${key}`, { currency })}
      stroke={color}
      dot={false}
      strokeDasharray="4 2"
    />
  );
  return (
    <Box
      sx={{ height, mb: 1, cursor: onPointClick ? 'pointer' : undefined }}
      data-testid={testId}
      data-points={data.length}
    >
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart
          data={data}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          onClick={onPointClick ? onClick : undefined}
        >
          <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
          <XAxis dataKey="date" tickFormatter={(date: string) => formatDate(date, lang)} fontSize={11} />
          <YAxis yAxisId="volume" fontSize={11} width={40} />
          <YAxis yAxisId="price" orientation="right" fontSize={11} width={70} />
          <Tooltip labelFormatter={(date) => formatDate(String(date), lang)} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar
            yAxisId="volume"
            dataKey="volume"
            name={t('marketStats.volume')}
            fill={theme.palette.grey[300]}
          />
          {bandLine('max', theme.palette.error.main)}
          <Line
            yAxisId="price"
            dataKey="avg"
            name={t('marketStats.avg', { currency })}
            stroke={theme.palette.primary.main}
            strokeWidth={2}
            dot={data.some((p) => p.status) ? statusDot : false}
          />
          {bandLine('min', theme.palette.info.main)}
        </ComposedChart>
      </ResponsiveContainer>
    </Box>
  );
}
