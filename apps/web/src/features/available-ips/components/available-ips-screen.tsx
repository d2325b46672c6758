import { availableIpEntity } from '@toydesk/contract';
import { useTranslation } from 'react-i18next';

import { EntityTable } from '@/components/entity-table/entity-table';
import { Page } from '@/components/page';

/** /available-ips: the whitelisted addresses (available IP). */
export function AvailableIpsScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('nav.availableIps')}>
      <EntityTable
        routeId="available-ips.list"
        entity={availableIpEntity}
        label={t('nav.availableIps')}
        pageSize={999999}
      />
    </Page>
  );
}
