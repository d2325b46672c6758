import { Box, Paper, Skeleton, Tooltip, Typography } from '@mui/material';
import type { ProfitTotals } from '@toydesk/contract';
import type { ReactNode } from 'react';

import { formatAmount, formatNumber } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';

import { addDecimals, percentOf } from '../utils/decimal-sum';
import { holdingTime } from '../utils/holding-time';
import { profitColor } from './profit-color';

interface CardProps {
  label: string;
  value: ReactNode;
  caption?: ReactNode;
  hint?: string;
  testId: string;
  color?: string;
}

function Card({ label, value, caption, hint, testId, color }: CardProps) {
  const body = (
    <Paper variant="outlined" sx={{ px: 1.5, py: 1, minWidth: 150, flex: '1 1 150px' }} data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="div" noWrap>
        {label}
      </Typography>
      <Typography
        variant="h6"
        component="div"
        sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', color }}
        data-testid={`${testId}-value`}
      >
        {value}
      </Typography>
      {caption && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ lineHeight: 1.3 }}>
          {caption}
        </Typography>
      )}
    </Paper>
  );
  return hint ? <Tooltip title={hint}>{body}</Tooltip> : body;
}

export interface ProfitTotalsCardsProps {
  totals: ProfitTotals | undefined;
}

/** The period's figures: sales, purchases, fees, profit, margin, units sold and units held. */
export function ProfitTotalsCards({ totals }: ProfitTotalsCardsProps) {
  const { t, lang } = useUiLang();
  if (!totals) {
    return (
      <Box sx={{ display: 'flex', gap: 1, mb: 1 }}>
        {Array.from({ length: 7 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={72} sx={{ flex: '1 1 150px' }} />
        ))}
      </Box>
    );
  }
  const money = (amount: string) => formatAmount(amount, totals.currency, lang);
  const fees = addDecimals(totals.sale_fees, totals.purchase_fees);
  const margin = percentOf(totals.profit, totals.sales);
  return (
    <Box sx={{ mb: 1 }}>
      <Box
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
        role="group"
        aria-label={t('profit.totals')}
        data-testid="profit-totals"
        data-currency={totals.currency}
      >
        <Card label={t('profit.sales')} value={money(totals.sales)} testId="total-sales" />
        <Card
          label={t('profit.purchases')}
          value={money(totals.purchases)}
          hint={t('profit.purchasesHint')}
          testId="total-purchases"
        />
        <Card
          label={t('profit.fees')}
          value={money(fees)}
          caption={t('profit.feesHint', {
            sale: money(totals.sale_fees),
            buy: money(totals.purchase_fees),
          })}
          testId="total-fees"
        />
        <Card
          label={t('profit.profitCard')}
          value={money(totals.profit)}
          color={profitColor(totals.profit)}
          testId="total-profit"
        />
        <Card
          label={t('profit.margin')}
          value={margin === null ? '—' : `${formatNumber(margin, lang)} %`}
          hint={t('profit.marginHint')}
          color={profitColor(totals.profit)}
          testId="total-margin"
        />
        <Card
          label={t('profit.unitsSold')}
          value={formatNumber(totals.deals, lang)}
          caption={
            totals.avg_holding_seconds === null
              ? undefined
              : t('profit.avgHolding', { time: holdingTime(totals.avg_holding_seconds, t) })
          }
          testId="total-deals"
        />
        <Card
          label={t('profit.held')}
          value={formatNumber(totals.held_units, lang)}
          caption={money(totals.held_cost)}
          hint={t('profit.heldHint', { cost: money(totals.held_cost) })}
          testId="total-held"
        />
      </Box>
      {totals.unbought_sales > 0 && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
          {t('profit.unbought', { count: totals.unbought_sales })}
        </Typography>
      )}
    </Box>
  );
}
