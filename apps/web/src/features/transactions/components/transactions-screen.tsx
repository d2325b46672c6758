import { transactionEntity } from '@toydesk/contract';
import { useTranslation } from 'react-i18next';

import { EntityTable } from '@/components/entity-table/entity-table';
import { Page } from '@/components/page';

const FIELDS = [
  'date',
  'kind',
  'payment_method',
  'amount',
  'currency',
  'from_steam_account',
  'to_steam_account',
  'from_market_account',
  'to_market_account',
  'from_market',
  'to_market',
  'created_by',
  'comment',
];

/** /transactions: money moved in, out and between accounts and markets. */
export function TransactionsScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('nav.transactions')}>
      <EntityTable
        routeId="transactions.list"
        entity={transactionEntity}
        label={t('nav.transactions')}
        fields={FIELDS}
        defaultSort={{ id: 'date', desc: true }}
      />
    </Page>
  );
}
