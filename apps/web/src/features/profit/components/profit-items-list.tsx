import { Box, Paper, Typography } from '@mui/material';
import type { ApiResponse } from '@toydesk/contract';

import { formatAmount } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';

import { holdingTime } from '../utils/holding-time';
import { ItemFilterLink } from './item-filter-link';
import { profitColor } from './profit-color';

type ItemRow = ApiResponse<'profit.by_item'>['results'][number];

export interface ProfitItemsListProps {
  title: string;
  label: string;
  rows: readonly ItemRow[] | undefined;
  currency: string;
  onPick: (name: string) => void;
  testId: string;
}

/** Ten items of the period with their profit, units and average holding; a name narrows the screen to it. */
export function ProfitItemsList({ title, label, rows, currency, onPick, testId }: ProfitItemsListProps) {
  const { t, lang } = useUiLang();
  return (
    <Paper variant="outlined" sx={{ p: 1, flex: '1 1 300px', minWidth: 0 }}>
      <Typography variant="subtitle2" component="h2">
        {title}
      </Typography>
      <Box component="ol" aria-label={label} data-testid={testId} sx={{ m: 0, pl: 3 }}>
        {rows?.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('profit.byDayEmpty')}
          </Typography>
        )}
        {rows?.map((row) => (
          <Box component="li" key={row.market_hash_name} sx={{ py: 0.25 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', minWidth: 0 }}>
              <ItemFilterLink name={row.market_hash_name} onPick={onPick} />
              <Typography
                variant="body2"
                sx={{
                  fontVariantNumeric: 'tabular-nums',
                  color: profitColor(row.profit),
                  whiteSpace: 'nowrap',
                }}
              >
                {formatAmount(row.profit, currency, lang)}
              </Typography>
            </Box>
            <Typography variant="caption" color="text.secondary" component="div" noWrap>
              {t('profit.dealsCount', { count: row.deals })} · {formatAmount(row.sales, currency, lang)}
              {row.avg_holding_seconds !== null && ` · ${holdingTime(row.avg_holding_seconds, t)}`}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
