import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { EntityTable } from '@/components/entity-table/entity-table';
import { withItemColumn } from '@/components/item-name-cell';

const FIELDS = [
  'market_hash_name',
  'market_account',
  'phase',
  'scope',
  'enable_dynamic_order',
  'min_price_buy',
  'max_price_buy',
  'step',
  'max_orders',
  'updated_at',
];

/**
 * The buy-order settings of a market (toy dynamic settings): the price band the dynamic-orders loop keeps
 * each item's order in. Shown under the live orders so the operator sees what drives them.
 */
export function OrderSettingsTable({ market }: { market: string }) {
  const { t } = useTranslation();
  const query = useMemo(() => ({ market }), [market]);
  return (
    <EntityTable
      key={market}
      routeId="toy-dynamic-settings.list"
      label={t('marketOrders.settings')}
      query={query}
      fields={FIELDS}
      columns={withItemColumn}
      height="calc(50vh - 150px)"
    />
  );
}
