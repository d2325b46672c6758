import { toyHistoryEntity } from '@toydesk/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import type { EntityRow } from '@/components/entity-table/entity-columns';
import { EntityTable } from '@/components/entity-table/entity-table';
import { withItemColumn } from '@/components/item-name-cell';
import { Page } from '@/components/page';
import type { VirtualColumn } from '@/components/virtual-table/virtual-table';

const FIELDS = [
  'date',
  'market_hash_name',
  'side',
  'price',
  'market',
  'market_account',
  'steam_account',
  'record_status',
  'market_item_id',
  'comment',
];

const text = (value: unknown) => (typeof value === 'string' ? value : '—');

/** /history/list: every purchase and sale (toy history), newest first, read page by page. */
export function HistoryScreen() {
  const { t } = useTranslation();
  const columns = useCallback(
    (generated: VirtualColumn<EntityRow>[]) =>
      withItemColumn(generated).map((column) => {
        // The extended list names the accounts itself.
        if (column.id === 'market_account')
          return { ...column, render: (row: EntityRow) => text(row.market_account_label) };
        if (column.id === 'steam_account')
          return { ...column, render: (row: EntityRow) => text(row.steam_account_name) };
        return column;
      }),
    [],
  );
  return (
    <Page title={t('nav.historyList')}>
      <EntityTable
        routeId="history.extended"
        entity={toyHistoryEntity}
        label={t('nav.historyList')}
        fields={FIELDS}
        columns={columns}
        defaultSort={{ id: 'date', desc: true }}
      />
    </Page>
  );
}
