import { Box, Tooltip, Typography } from '@mui/material';
import type { SpendGuardView } from '@toydesk/contract';
import { useTranslation } from 'react-i18next';

import { currencySymbol } from '../utils/format-spend-amount';

/**
 * Today's spending of an account against its daily cap in the accounts list ("250 / 1000 ₽"); red at or
 * over the cap, and marked while a spending call's outcome is unknown. An account without a guard and
 * without spending today shows a dash.
 */
export function SpentTodayCell({ view }: { view: SpendGuardView | undefined }) {
  const { t } = useTranslation();
  if (!view) return <>—</>;
  const spent = Number(view.spent_today);
  const over = view.daily_cap !== null && spent >= Number(view.daily_cap);
  const symbol = currencySymbol(view.currency);
  const text =
    view.daily_cap === null
      ? `${trim(view.spent_today)}\u00a0${symbol}`
      : `${trim(view.spent_today)} / ${trim(view.daily_cap)}\u00a0${symbol}`;
  return (
    <Box data-testid={`spent-today-${view.market_account}`} sx={{ display: 'flex', gap: 0.5 }}>
      <Typography variant="body2" color={over ? 'error' : 'inherit'} noWrap>
        {text}
      </Typography>
      {view.unknown_today > 0 && (
        <Tooltip title={t('spendGuards.unknownToday', { count: view.unknown_today })}>
          <Typography variant="body2" color="error" aria-label={t('spendGuards.state.unknown')}>
            ⚠ {view.unknown_today}
          </Typography>
        </Tooltip>
      )}
    </Box>
  );
}

/** "250.000" → "250", "12.500" → "12.5": the column is narrow. */
function trim(amount: string): string {
  return amount.includes('.') ? amount.replace(/\.?0+$/, '') : amount;
}
