import { historyStatEntity } from '@toydesk/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { EntityTable } from '@/components/entity-table/entity-table';
import { withItemColumn } from '@/components/item-name-cell';
import { MarketTabs } from '@/components/market-tabs';
import { Page } from '@/components/page';
import { paths } from '@/config/paths';

import { PriceChart } from './price-chart';

const FIELDS = [
  'date',
  'market_hash_name',
  'market',
  'avg_price',
  'min_price',
  'max_price',
  'volume',
  'point_status',
];

/** /history/market-stats/{tab}: daily price points per item and market; the tab is a market code. */
export function MarketStatsScreen({ market }: { market?: string }) {
  const { t } = useTranslation();
  const query = useMemo(() => (market ? { market } : {}), [market]);
  return (
    <Page title={t('nav.marketStats')}>
      <MarketTabs value={market} hrefFor={(code) => paths.history.marketStats.getHref(code)} />
      <PriceChart market={market} />
      <EntityTable
        key={market ?? 'all'}
        routeId="history-stats.list"
        entity={historyStatEntity}
        label={t('nav.marketStats')}
        query={query}
        fields={FIELDS}
        columns={withItemColumn}
        defaultSort={{ id: 'date', desc: true }}
        height="calc(100vh - 452px)"
      />
    </Page>
  );
}
