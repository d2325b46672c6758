import { auditEntryEntity } from '@toydesk/contract';

import { auditNameSql } from '@toydesk/db';
import type { ResourceConfig } from '../../resources/resource.ts';

/** The `audit_entry` table behind the list of `/api/audit/`. */
export const auditResource = {
  entity: auditEntryEntity,
  search: ['t.entity', 't.operator', 't.label'],
  defaultOrdering: '-id',
  // Entries written before labels were stored name their object from the rows they keep.
  computed: {
    object_name: `coalesce(t.label, ${auditNameSql('t.after')}, ${auditNameSql('t.before')})`,
  },
} satisfies ResourceConfig;
