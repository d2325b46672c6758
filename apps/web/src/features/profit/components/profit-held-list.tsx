import { Box, Paper, Typography } from '@mui/material';
import type { ProfitDeal } from '@toydesk/contract';

import { formatAmount, formatDate } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';

import { holdingTime } from '../utils/holding-time';
import { ItemFilterLink } from './item-filter-link';

export interface ProfitHeldListProps {
  rows: readonly ProfitDeal[] | undefined;
  count: number | undefined;
  onPick: (name: string) => void;
}

/** The units bought and not sold, oldest purchase first, at the price paid in its own currency. */
export function ProfitHeldList({ rows, count, onPick }: ProfitHeldListProps) {
  const { t, lang } = useUiLang();
  return (
    <Paper variant="outlined" sx={{ p: 1, flex: '1 1 300px', minWidth: 0 }}>
      <Typography variant="subtitle2" component="h2">
        {t('profit.heldLongest')}
        {count !== undefined && count > 0 && (
          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            {t('profit.rows', { count })}
          </Typography>
        )}
      </Typography>
      <Box component="ol" aria-label={t('profit.heldTable')} data-testid="profit-held" sx={{ m: 0, pl: 3 }}>
        {rows?.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('profit.heldEmpty')}
          </Typography>
        )}
        {rows?.map((deal) => (
          <Box component="li" key={deal.id} sx={{ py: 0.25 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', minWidth: 0 }}>
              <ItemFilterLink name={deal.market_hash_name} onPick={onPick} />
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatAmount(deal.buy_price, deal.buy_currency ?? 'RUB', lang)}
              </Typography>
            </Box>
            <Typography variant="caption" color="text.secondary" component="div" noWrap>
              {t('profit.heldSince', {
                date: formatDate(deal.buy_date, lang),
                time: holdingTime(deal.holding_seconds, t),
              })}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
