import { sellItemEntity } from '@toydesk/contract';
import { useTranslation } from 'react-i18next';

import { EntityTable } from '@/components/entity-table/entity-table';
import { withItemColumn } from '@/components/item-name-cell';
import { Page } from '@/components/page';

const FIELDS = [
  'market_hash_name',
  'market',
  'market_account',
  'steam_account',
  'price',
  'status',
  'position',
  'listed_at',
  'sold_at',
  'market_item_id',
];

/** /sell-items/list: the items listed for sale on the markets. */
export function SellItemsScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('nav.sellItems')}>
      <EntityTable
        routeId="sell-items.list"
        entity={sellItemEntity}
        label={t('nav.sellItems')}
        fields={FIELDS}
        columns={withItemColumn}
        defaultSort={{ id: 'listed_at', desc: true }}
      />
    </Page>
  );
}
