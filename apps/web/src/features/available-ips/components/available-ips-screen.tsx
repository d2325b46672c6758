import { availableIpEntity } from '@toydesk/contract';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import type { EntityRow } from '@/components/entity-table/entity-columns';
import { ReferenceScreen } from '@/components/reference-screen';
import type { VirtualColumn } from '@/components/virtual-table/virtual-table';
import { overrideColumns } from '@/components/override-columns';

import { useServerGroupChoices } from '@/lib/server-group-choices';

const FORM_FIELDS = ['address', 'server_group', 'comment'] as const;

/** /available-ips: the whitelisted addresses (available IP) by server group; create, edit, delete. */
export function AvailableIpsScreen() {
  const { t } = useTranslation();
  const groups = useServerGroupChoices();
  const choices = useMemo(() => ({ server_group: groups.data ?? [] }), [groups.data]);
  const groupName = useMemo(() => new Map((groups.data ?? []).map((g) => [g.value, g.label])), [groups.data]);
  const columns = useCallback(
    (generated: VirtualColumn<EntityRow>[]) =>
      overrideColumns(generated, {
        server_group: {
          render: (row) =>
            row.server_group === null || row.server_group === undefined
              ? '—'
              : (groupName.get(String(row.server_group)) ?? `#${String(row.server_group)}`),
        },
      }),
    [groupName],
  );
  return (
    <ReferenceScreen
      title={t('nav.availableIps')}
      entity={availableIpEntity}
      resource="available-ips"
      formFields={FORM_FIELDS}
      required={['address']}
      choices={choices}
      nameOf={(row) => String(row.address)}
      columns={columns}
    />
  );
}
