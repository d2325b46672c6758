import { accountChecklistEntity, SIGNUP_STEPS } from '@toydesk/contract';

import type { ResourceConfig } from '../../resources/resource.ts';

/** In which order checklist steps count; the SQL literal is built from the contract's list. */
const stepsArraySql = `ARRAY[${SIGNUP_STEPS.map((s) => `'${s}'`).join(',')}]`;

/** The `account_checklist` table behind the generic CRUD of `/api/steam/accounts-checklists/`. */
export const accountChecklistsResource = {
  entity: accountChecklistEntity,
  defaultOrdering: 'id',
  search: ['(SELECT s.steam_account_name FROM steam_account s WHERE s.id = t.steam_account)'],
  computed: {
    done_count: `(SELECT count(*)::int FROM jsonb_each(t.steps) e WHERE e.value->>'state' = 'done')`,
    total_count: `${SIGNUP_STEPS.length}`,
    next_step: `(SELECT s FROM unnest(${stepsArraySql}) WITH ORDINALITY AS u(s, n) WHERE coalesce(t.steps->s->>'state', 'pending') <> 'done' ORDER BY n LIMIT 1)`,
  },
} satisfies ResourceConfig;
