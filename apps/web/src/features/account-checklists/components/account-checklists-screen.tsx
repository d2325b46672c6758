import { Box, LinearProgress, Typography } from '@mui/material';
import { accountChecklistEntity } from '@toydesk/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import type { EntityRow } from '@/components/entity-table/entity-columns';
import { EntityTable } from '@/components/entity-table/entity-table';
import { Page } from '@/components/page';
import type { VirtualColumn } from '@/components/virtual-table/virtual-table';

const FIELDS = ['id', 'steam_account', 'done_count', 'next_step', 'updated_at'];

/** /steam-account/check-list: each account's sign-up and setup steps (spec section 4), read-only. */
export function AccountChecklistsScreen() {
  const { t } = useTranslation();
  const columns = useCallback(
    (generated: VirtualColumn<EntityRow>[]) =>
      generated.map((column) => {
        if (column.id === 'done_count')
          return {
            ...column,
            header: t('checklists.progress'),
            width: 220,
            render: (row: EntityRow) => {
              const done = Number(row.done_count ?? 0);
              const total = Number(row.total_count ?? 0);
              return (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%' }}>
                  <LinearProgress
                    variant="determinate"
                    value={total ? (done / total) * 100 : 0}
                    color={done === total ? 'success' : 'primary'}
                    sx={{ flex: 1 }}
                  />
                  <Typography variant="caption">
                    {done} / {total}
                  </Typography>
                </Box>
              );
            },
          };
        if (column.id === 'next_step')
          return {
            ...column,
            width: 240,
            render: (row: EntityRow) =>
              typeof row.next_step === 'string'
                ? t(`enums.signup_step.${row.next_step}`)
                : t('checklists.complete'),
          };
        return column;
      }),
    [t],
  );
  return (
    <Page title={t('nav.steamAccountCheckList')}>
      <EntityTable
        routeId="account-checklists.list"
        entity={accountChecklistEntity}
        label={t('nav.steamAccountCheckList')}
        fields={FIELDS}
        columns={columns}
      />
    </Page>
  );
}
