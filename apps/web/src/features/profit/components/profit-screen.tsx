import { Box, Stack, Typography } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';

import { Page } from '@/components/page';
import { useCommonData } from '@/lib/common-data';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useUrlFilters } from '@/lib/use-url-filters';
import { useUiLang } from '@/lib/use-ui-lang';

import { useProfitByDay } from '../api/get-profit-by-day';
import { useProfitByItem } from '../api/get-profit-by-item';
import { useProfitByMarket } from '../api/get-profit-by-market';
import { useProfitDealsPage } from '../api/get-profit-deals';
import { useProfitTotals } from '../api/get-profit-totals';
import { dayBars, marketBars } from '../utils/profit-chart-data';
import { profitUrlCodec } from '../utils/profit-url';
import {
  dealsQuery,
  heldQuery,
  summaryQuery,
  type ProfitFilters,
  type ReportCurrency,
} from '../utils/profit-range';
import { ProfitDayChart } from './profit-day-chart';
import { ProfitDealsTable } from './profit-deals-table';
import { ProfitFeesTable } from './profit-fees-table';
import { ProfitHeldList } from './profit-held-list';
import { ProfitItemsList } from './profit-items-list';
import { ProfitMarketBars } from './profit-market-bars';
import { ProfitPeriodBar } from './profit-period-bar';
import { ProfitTotalsCards } from './profit-totals-cards';

/**
 * «Прибыль» (issue 16, item 1): the realised profit of a period from the matched deals (profit_deal): the
 * totals, profit per day and per market, the best and worst items, the units held longest, the deals with
 * their CSV, and the fee table every figure is computed with. Read again when the history changes (live
 * topic `history`).
 */
export function ProfitScreen({ now: fixedNow }: { now?: Date } = {}) {
  const { t } = useUiLang();
  const common = useCommonData();
  // The day the screen opened: the quick choices and the default month stay those of that day.
  const [now] = useState(() => fixedNow ?? new Date());
  // The period, filters and currency live in the URL (a reload, Back or a shared link keep them).
  const codec = useMemo(() => profitUrlCodec(now), [now]);
  const [state, change] = useUrlFilters(codec);
  const { currency } = state;
  // One object per URL (the debounce below compares by reference).
  const filters = useMemo((): ProfitFilters => {
    const { currency: _currency, ...rest } = state;
    return rest;
  }, [state]);
  const onChange = useCallback((next: Partial<ProfitFilters>) => change(next), [change]);
  const setCurrency = useCallback((next: ReportCurrency) => change({ currency: next }), [change]);

  const typed = useDebouncedValue(filters);
  const summary = useMemo(() => summaryQuery(typed, currency), [typed, currency]);
  const deals = useMemo(() => dealsQuery(typed), [typed]);
  const held = useMemo(() => heldQuery(typed), [typed]);

  const totals = useProfitTotals(summary);
  const byDay = useProfitByDay(summary);
  const byMarket = useProfitByMarket(summary);
  const best = useProfitByItem({ ...summary, ordering: '-profit', limit: 10 });
  const worst = useProfitByItem({ ...summary, ordering: 'profit', limit: 10 });
  const heldDeals = useProfitDealsPage(held);

  const marketName = useMemo(() => {
    const names = new Map<string, string>(common.markets.map((m) => [m.code, m.name]));
    return (code: string | null) => (code === null ? '—' : (names.get(code) ?? code));
  }, [common.markets]);

  const days = useMemo(
    () => dayBars(byDay.data?.results ?? [], summary.date_from, summary.date_to),
    [byDay.data, summary.date_from, summary.date_to],
  );
  const markets = useMemo(() => marketBars(byMarket.data?.results ?? []), [byMarket.data]);
  const shownCurrency = totals.data?.currency ?? currency;
  const pick = useCallback((name: string) => onChange({ item: name }), [onChange]);

  return (
    <Page title={t('profit.title')}>
      <ProfitPeriodBar
        filters={filters}
        onChange={onChange}
        currency={currency}
        onCurrencyChange={setCurrency}
        now={now}
      />
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
        {t('profit.daysNote')}
      </Typography>
      <ProfitTotalsCards totals={totals.data} />
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <ProfitDayChart bars={days} currency={byDay.data?.currency ?? currency} />
        <ProfitMarketBars
          bars={markets}
          currency={byMarket.data?.currency ?? currency}
          marketName={marketName}
        />
      </Stack>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <ProfitItemsList
          title={t('profit.best')}
          label={t('profit.bestTable')}
          rows={best.data?.results}
          currency={best.data?.currency ?? shownCurrency}
          onPick={pick}
          testId="profit-best"
        />
        <ProfitItemsList
          title={t('profit.worst')}
          label={t('profit.worstTable')}
          rows={worst.data?.results}
          currency={worst.data?.currency ?? shownCurrency}
          onPick={pick}
          testId="profit-worst"
        />
        <ProfitHeldList rows={heldDeals.data?.results} count={heldDeals.data?.count} onPick={pick} />
      </Box>
      <ProfitDealsTable query={deals} currency={currency} marketName={marketName} />
      <ProfitFeesTable marketName={marketName} />
    </Page>
  );
}
