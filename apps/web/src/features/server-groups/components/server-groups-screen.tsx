import { serverGroupEntity } from '@toydesk/contract';
import { useTranslation } from 'react-i18next';

import { EntityTable } from '@/components/entity-table/entity-table';
import { Page } from '@/components/page';

/** /server-groups: the groups of servers the accounts run on. */
export function ServerGroupsScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('nav.serverGroups')}>
      <EntityTable
        routeId="server-groups.list"
        entity={serverGroupEntity}
        label={t('nav.serverGroups')}
        pageSize={999999}
        defaultSort={{ id: 'name', desc: false }}
      />
    </Page>
  );
}
