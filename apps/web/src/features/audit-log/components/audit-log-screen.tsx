import { auditEntryEntity } from '@toydesk/contract';
import { useTranslation } from 'react-i18next';

import { EntityTable } from '@/components/entity-table/entity-table';
import { Page } from '@/components/page';

/** /audit-log: who changed what and when, with the row before and after. */
export function AuditLogScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('nav.auditLog')}>
      <EntityTable
        routeId="audit.list"
        entity={auditEntryEntity}
        label={t('nav.auditLog')}
        defaultSort={{ id: 'id', desc: true }}
      />
    </Page>
  );
}
