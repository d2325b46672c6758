import { ButtonBase } from '@mui/material';
import { useMemo } from 'react';

import { StatusChip } from '@/components/status-chip';
import { VirtualTable, type VirtualColumn } from '@/components/virtual-table/virtual-table';
import { formatAmount, formatDate, formatNumber } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';

import type { DailyPoint } from '../utils/daily-series';

/** The item's collected price points; the status chip opens the same menu as a click on the chart. */
export function PointsTable({
  points,
  currency,
  onStatusClick,
}: {
  points: DailyPoint[];
  currency: string;
  onStatusClick: (point: DailyPoint, position: { top: number; left: number }) => void;
}) {
  const { t, lang } = useUiLang();
  const rows = useMemo(() => [...points].reverse(), [points]);
  const columns = useMemo<VirtualColumn<DailyPoint>[]>(
    () => [
      { id: 'date', header: t('fields.date'), width: 110, render: (p) => formatDate(p.date, lang) },
      ...(['avg', 'min', 'max'] as const).map((id): VirtualColumn<DailyPoint> => ({
        id,
        header: t(`marketStats.${id}`, { currency }),
        width: 130,
        align: 'right',
        render: (p) => formatAmount(p[id], currency, lang),
      })),
      {
        id: 'volume',
        header: t('fields.volume'),
        width: 90,
        align: 'right',
        render: (p) => formatNumber(p.volume, lang),
      },
      {
        id: 'status',
        header: t('fields.point_status'),
        width: 190,
        grow: 1,
        render: (p) => (
          <ButtonBase
            aria-label={t('marketStats.setStatusOf', { date: formatDate(p.date, lang) })}
            onClick={(event) => {
              const box = event.currentTarget.getBoundingClientRect();
              onStatusClick(p, { top: box.bottom, left: box.left });
            }}
          >
            <StatusChip value={p.status} />
          </ButtonBase>
        ),
      },
    ],
    [t, lang, currency, onStatusClick],
  );
  return (
    <VirtualTable
      rows={rows}
      columns={columns}
      getRowId={(p) => p.id ?? p.date}
      label={t('marketStats.points')}
      height={180}
      rowHeight={32}
      emptyText={t('marketStats.noPoints')}
    />
  );
}
