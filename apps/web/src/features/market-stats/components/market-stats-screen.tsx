import { mdiClose } from '@mdi/js';
import {
  Alert,
  Box,
  Chip,
  LinearProgress,
  Paper,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { MarketCode } from '@toydesk/contract';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';

import { FilterBar } from '@/components/filter-bar';
import { MarketTabs } from '@/components/market-tabs';
import { MdiIcon } from '@/components/mdi-icon';
import { Page } from '@/components/page';
import { SearchField } from '@/components/search-field';
import type { TableSort } from '@/components/virtual-table/virtual-table';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useUrlFilters } from '@/lib/use-url-filters';
import { useUiLang } from '@/lib/use-ui-lang';

import { useAvgStatsByName } from '../api/get-avg-stats-by-name';
import { usePricePoints } from '../api/get-price-points';
import { useStatsByDate } from '../api/get-stats-by-date';
import { filterAndSortAvgRows } from '../utils/avg-rows';
import { pointSeries, sideSeries, type DailyPoint } from '../utils/daily-series';
import { STATS_FILTERS_IN_URL } from '../utils/stats-filters';
import { AvgByNameTable } from './avg-by-name-table';
import { PointStatusMenu, type PointTarget } from './point-status-menu';
import { PointsTable } from './points-table';
import { StatsChart } from './stats-chart';

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 1, flex: 1, minWidth: 320 }}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * /history/market-stats/{tab}: price statistics of a market (the tab). Trades per day from stats-by-date
 * (average, minimum, maximum, volume), averages per item, and for a chosen item its collected price points,
 * whose status is set from the chart or the points list.
 */
export function MarketStatsScreen({ market }: { market?: string }) {
  const { t, lang } = useUiLang();
  // Search, side, chosen item and sort live in the URL: a reload or Back keeps them, a link shares them.
  const [{ search, side, item, sort }, change] = useUrlFilters(STATS_FILTERS_IN_URL);
  const setSearch = useCallback((value: string) => change({ search: value }), [change]);
  const setItem = useCallback((value: string | null) => change({ item: value }), [change]);
  const setSide = useCallback((value: 'sell' | 'buy') => change({ side: value }), [change]);
  const setSort = useCallback((value: TableSort | null) => change({ sort: value }), [change]);
  const deferredSearch = useDeferredValue(search);
  const [menu, setMenu] = useState<PointTarget | null>(null);

  const trades = useStatsByDate({ market, marketHashName: item ?? undefined });
  const averages = useAvgStatsByName(market);
  const points = usePricePoints(market, item);

  const tradeSeries = useMemo(() => sideSeries(trades.data?.results ?? [], side), [trades.data, side]);
  const pointData = useMemo(() => pointSeries(points.data ?? []), [points.data]);
  const avgRows = useMemo(
    () => filterAndSortAvgRows(averages.data?.results ?? [], deferredSearch, sort),
    [averages.data, deferredSearch, sort],
  );
  const currency = trades.data?.currency ?? averages.data?.currency ?? 'RUB';

  const openForPoint = useCallback(
    (point: DailyPoint, position: { top: number; left: number }) => {
      if (!item) return;
      const label = `${formatDate(point.date, lang)} · ${item}`;
      if (point.id !== undefined) setMenu({ point: { id: point.id }, label, status: point.status, position });
      else if (market)
        // A day of trades without a collected point: the server makes the point from that day's history.
        setMenu({
          point: { market: market as MarketCode, market_hash_name: item, date: point.date },
          label,
          position,
        });
    },
    [item, market, lang],
  );

  return (
    <Page title={t('nav.marketStats')}>
      <MarketTabs value={market} hrefFor={(code) => paths.history.marketStats.getHref(code)} />
      <FilterBar>
        <SearchField value={search} onChange={setSearch} width={320} label={t('marketStats.searchName')} />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={side}
          onChange={(_event, value: 'sell' | 'buy' | null) => value && setSide(value)}
          aria-label={t('fields.side')}
        >
          <ToggleButton value="sell">{t('enums.side.sell')}</ToggleButton>
          <ToggleButton value="buy">{t('enums.side.buy')}</ToggleButton>
        </ToggleButtonGroup>
        {item && (
          <Chip
            color="primary"
            label={item}
            onDelete={() => setItem(null)}
            deleteIcon={<MdiIcon path={mdiClose} aria-label={t('marketStats.clearItem')} />}
            data-testid="chosen-item"
          />
        )}
      </FilterBar>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
        <Panel title={item ? t('marketStats.tradesOf', { name: item }) : t('marketStats.trades')}>
          {trades.isPending ? (
            <LinearProgress sx={{ my: 1 }} />
          ) : tradeSeries.length === 0 ? (
            <Alert severity="info">{t('marketStats.noTrades')}</Alert>
          ) : (
            <StatsChart
              data={tradeSeries}
              currency={currency}
              testId="trades-chart"
              onPointClick={item && market ? openForPoint : undefined}
            />
          )}
        </Panel>
        <Panel title={t('marketStats.points')}>
          {!item || !market ? (
            <Alert severity="info">{market ? t('marketStats.pickItem') : t('marketStats.pickMarket')}</Alert>
          ) : points.isPending ? (
            <LinearProgress sx={{ my: 1 }} />
          ) : (
            <Box>
              {pointData.length > 0 && (
                <StatsChart
                  data={pointData}
                  currency={currency}
                  testId="points-chart"
                  onPointClick={openForPoint}
                  height={180}
                />
              )}
              <PointsTable points={pointData} currency={currency} onStatusClick={openForPoint} />
            </Box>
          )}
        </Panel>
      </Stack>
      <AvgByNameTable
        rows={avgRows}
        currency={averages.data?.currency ?? 'RUB'}
        market={market}
        loading={averages.isFetching}
        selected={item}
        sort={sort}
        onSortChange={setSort}
        onSelect={setItem}
        height={item && market ? 'calc(100vh - 640px)' : 'calc(100vh - 470px)'}
      />
      <PointStatusMenu target={menu} onClose={() => setMenu(null)} />
    </Page>
  );
}
