import { serverGroupEntity } from '@toydesk/contract';
import { useTranslation } from 'react-i18next';

import { ReferenceScreen } from '@/components/reference-screen';

const FORM_FIELDS = ['name', 'hosts', 'description'] as const;

/** /server-groups: the groups of servers the accounts run on; create, edit, delete. */
export function ServerGroupsScreen() {
  const { t } = useTranslation();
  return (
    <ReferenceScreen
      title={t('nav.serverGroups')}
      entity={serverGroupEntity}
      resource="server-groups"
      formFields={FORM_FIELDS}
      required={['name']}
      nameOf={(row) => String(row.name)}
      defaultSort={{ id: 'name', desc: false }}
    />
  );
}
