import { steamInventoryEntity } from '@toydesk/contract';
import { useTranslation } from 'react-i18next';

import { EntityTable } from '@/components/entity-table/entity-table';
import { withItemColumn } from '@/components/item-name-cell';
import { Page } from '@/components/page';

const FIELDS = [
  'market_hash_name',
  'steam_account',
  'status',
  'tradable',
  'marketable',
  'trade_hold_until',
  'float_value',
  'asset_id',
  'classid_instanceid',
  'updated_at',
];

/** /inventory/list: the items in the Steam accounts' inventories. */
export function InventoryScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('nav.inventoryList')}>
      <EntityTable
        routeId="steam-inventory.list"
        entity={steamInventoryEntity}
        label={t('nav.inventoryList')}
        fields={FIELDS}
        columns={withItemColumn}
      />
    </Page>
  );
}
