import { marketAccountEntity } from '@toydesk/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import type { EntityRow } from '@/components/entity-table/entity-columns';
import { EntityTable } from '@/components/entity-table/entity-table';
import { MoneyText } from '@/components/money-text';
import { Page } from '@/components/page';
import { TagChips, type TagLike } from '@/components/tag-chips';
import type { VirtualColumn } from '@/components/virtual-table/virtual-table';

const FIELDS = [
  'id',
  'label',
  'market',
  'status',
  'online',
  'balance',
  'tags',
  'api_key',
  'keep_online',
  'auto_deliver',
  'auto_sell',
  'dynamic_orders',
  'dry_run',
  'last_online_at',
];

/** /market-account/list: the marketplace accounts with balances, tags and trading switches (read-only). */
export function MarketAccountsScreen() {
  const { t } = useTranslation();
  const columns = useCallback(
    (generated: VirtualColumn<EntityRow>[]) => {
      const out = generated.map((column) =>
        column.id === 'tags'
          ? {
              ...column,
              render: (row: EntityRow) => <TagChips tags={(row.tag_objects as TagLike[]) ?? []} />,
            }
          : column,
      );
      out.splice(6, 0, {
        id: 'balance_rub',
        header: t('fields.balance_rub'),
        width: 130,
        align: 'right',
        render: (row: EntityRow) => <MoneyText amount={row.balance_rub as string} currency="RUB" />,
      });
      out.push({
        id: 'proxy_label',
        header: t('fields.proxy'),
        width: 180,
        render: (row: EntityRow) => (typeof row.proxy_label === 'string' ? row.proxy_label : '—'),
      });
      return out;
    },
    [t],
  );
  return (
    <Page title={t('nav.marketAccountList')}>
      <EntityTable
        routeId="market-accounts.extended"
        entity={marketAccountEntity}
        label={t('nav.marketAccountList')}
        fields={FIELDS}
        columns={columns}
        pageSize={99999}
      />
    </Page>
  );
}
