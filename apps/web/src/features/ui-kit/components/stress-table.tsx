import { Button, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';

import { VirtualTable, type VirtualColumn } from '@/components/virtual-table/virtual-table';
import { formatAmount, formatNumber } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';

interface StressRow {
  id: number;
  name: string;
  price: string;
  side: 'buy' | 'sell';
}

const STRESS_ROWS = 50_000;

/** 50,000 generated rows: shows (and the browser test checks) that the table scrolls them smoothly. */
export function StressTable() {
  const { t, lang } = useUiLang();
  const [shown, setShown] = useState(false);
  const rows = useMemo<StressRow[]>(
    () =>
      shown
        ? Array.from({ length: STRESS_ROWS }, (_, index) => ({
            id: index + 1,
            name: `Item #${index + 1}`,
            price: (((index * 7919) % 100000) / 100).toFixed(2),
            side: index % 3 === 0 ? 'buy' : 'sell',
          }))
        : [],
    [shown],
  );
  const columns = useMemo<VirtualColumn<StressRow>[]>(
    () => [
      { id: 'id', header: t('fields.id'), width: 90, render: (row) => formatNumber(row.id, lang) },
      { id: 'name', header: t('fields.name'), width: 240, grow: 1, render: (row) => row.name },
      { id: 'side', header: t('fields.side'), width: 100, render: (row) => t(`enums.side.${row.side}`) },
      {
        id: 'price',
        header: t('fields.price'),
        width: 140,
        align: 'right',
        render: (row) => formatAmount(row.price, 'RUB', lang),
      },
    ],
    [t, lang],
  );
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button variant="outlined" onClick={() => setShown((value) => !value)} data-testid="stress-toggle">
          {shown ? t('uiKit.hideRows') : t('uiKit.showRows', { count: formatNumber(STRESS_ROWS, lang) })}
        </Button>
        {shown && (
          <Typography variant="body2" color="text.secondary">
            {t('table.rows', { count: rows.length, formatted: formatNumber(rows.length, lang) })}
          </Typography>
        )}
      </Stack>
      {shown && (
        <VirtualTable
          rows={rows}
          columns={columns}
          getRowId={(row) => row.id}
          label={t('uiKit.stressTable')}
          height={360}
        />
      )}
    </Stack>
  );
}
