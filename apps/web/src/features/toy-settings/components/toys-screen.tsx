import { toyEntity } from '@toydesk/contract';
import { useTranslation } from 'react-i18next';

import { EntityTable } from '@/components/entity-table/entity-table';
import { withItemColumn } from '@/components/item-name-cell';
import { Page } from '@/components/page';

const FIELDS = [
  'id',
  'market_hash_name',
  'ru_name',
  'label',
  'rarity',
  'weapon',
  'tags',
  'ignore_price',
  'record_status',
  'updated_at',
];

/** /toy-settings/common: the item catalogue (toys) with their labels and price flags. */
export function ToysScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('nav.toySettingsCommon')}>
      <EntityTable
        routeId="toys.list"
        entity={toyEntity}
        label={t('nav.toySettingsCommon')}
        fields={FIELDS}
        columns={withItemColumn}
      />
    </Page>
  );
}
