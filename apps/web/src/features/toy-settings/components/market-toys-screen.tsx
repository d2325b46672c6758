import { marketToyEntity } from '@toydesk/contract';
import { useTranslation } from 'react-i18next';

import { EntityTable } from '@/components/entity-table/entity-table';
import { withItemColumn } from '@/components/item-name-cell';
import { Page } from '@/components/page';

const FIELDS = [
  'market_hash_name',
  'market',
  'price_buy',
  'price_sell',
  'min_price_buy',
  'max_price_buy',
  'enable_dynamic_order',
  'scope',
  'tags',
  'record_status',
  'updated_at',
];

/** /toy-settings/market: each item's prices and order settings per market. */
export function MarketToysScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('nav.toySettingsMarket')}>
      <EntityTable
        routeId="market-toys.list"
        entity={marketToyEntity}
        label={t('nav.toySettingsMarket')}
        fields={FIELDS}
        columns={withItemColumn}
      />
    </Page>
  );
}
