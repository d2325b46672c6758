import { toyDynamicSettingEntity } from '@toydesk/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { EntityTable } from '@/components/entity-table/entity-table';
import { withItemColumn } from '@/components/item-name-cell';
import { MarketTabs } from '@/components/market-tabs';
import { Page } from '@/components/page';
import { paths } from '@/config/paths';

const FIELDS = [
  'market_hash_name',
  'market',
  'market_account',
  'scope',
  'enable_dynamic_order',
  'min_price_buy',
  'max_price_buy',
  'step',
  'max_orders',
  'updated_at',
];

/**
 * /market-account/orders/{tab}: the buy-order settings per market (dynamic orders). The live orders come
 * from the bot services (/api-node/order-processing/...), which are not part of this server yet.
 */
export function MarketOrdersScreen({ market }: { market?: string }) {
  const { t } = useTranslation();
  const query = useMemo(() => (market ? { market } : {}), [market]);
  return (
    <Page title={t('nav.marketAccountOrders')}>
      <MarketTabs value={market} hrefFor={(code) => paths.marketAccount.orders.getHref(code)} />
      <EntityTable
        key={market ?? 'all'}
        routeId="toy-dynamic-settings.list"
        entity={toyDynamicSettingEntity}
        label={t('nav.marketAccountOrders')}
        query={query}
        fields={FIELDS}
        columns={withItemColumn}
        height="calc(100vh - 224px)"
      />
    </Page>
  );
}
