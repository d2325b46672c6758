import { Box, Paper, Typography } from '@mui/material';

import { formatAmount } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';

import type { MarketBar } from '../utils/profit-chart-data';
import { profitColor } from './profit-color';

export interface ProfitMarketBarsProps {
  bars: MarketBar[];
  currency: string;
  marketName: (code: string | null) => string;
}

/** Profit per market of sale: a row per market, its bar as long as its share of the largest profit. */
export function ProfitMarketBars({ bars, currency, marketName }: ProfitMarketBarsProps) {
  const { t, lang } = useUiLang();
  return (
    <Paper variant="outlined" sx={{ p: 1, flex: '1 1 320px', minWidth: 0 }}>
      <Typography variant="subtitle2" component="h2">
        {t('profit.byMarket')}
      </Typography>
      <Box
        role="table"
        aria-label={t('profit.byMarketTable')}
        data-testid="profit-by-market"
        sx={{ mt: 0.5 }}
      >
        {bars.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ pt: 4, textAlign: 'center' }}>
            {t('profit.byDayEmpty')}
          </Typography>
        )}
        {bars.map((bar) => {
          const negative = Number(bar.profit) < 0;
          return (
            <Box
              key={bar.market ?? ''}
              role="row"
              sx={{
                display: 'grid',
                gridTemplateColumns: '130px 1fr 160px',
                gap: 1,
                alignItems: 'center',
                py: 0.25,
              }}
            >
              <Typography role="cell" variant="body2" noWrap title={marketName(bar.market)}>
                {bar.market === null ? t('profit.noMarket') : marketName(bar.market)}
              </Typography>
              <Box role="cell" sx={{ height: 14, bgcolor: 'action.hover', borderRadius: 0.5 }}>
                <Box
                  sx={{
                    height: '100%',
                    width: `${Math.max(1, Math.round(bar.share * 100))}%`,
                    bgcolor: negative ? 'error.main' : 'success.main',
                    borderRadius: 0.5,
                  }}
                />
              </Box>
              <Box role="cell" sx={{ textAlign: 'right', lineHeight: 1.2 }}>
                <Typography
                  variant="body2"
                  sx={{ fontVariantNumeric: 'tabular-nums', color: profitColor(bar.profit) }}
                  noWrap
                >
                  {formatAmount(bar.profit, currency, lang)}
                </Typography>
                <Typography variant="caption" color="text.secondary" noWrap component="div">
                  {t('profit.dealsCount', { count: bar.deals })} · {formatAmount(bar.sales, currency, lang)}
                </Typography>
              </Box>
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}
