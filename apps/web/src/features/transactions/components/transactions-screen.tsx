import { mdiPlus } from '@mdi/js';
import { Button } from '@mui/material';
import {
  PAYMENT_METHODS,
  TRANSACTION_KINDS,
  transactionEntity,
  type TransactionCreate,
  type TransactionPatch,
} from '@toydesk/contract';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { EntityFormDialog } from '@/components/entity-form/entity-form-dialog';
import type { EntityRow } from '@/components/entity-table/entity-columns';
import { EntityTable } from '@/components/entity-table/entity-table';
import { MdiIcon } from '@/components/mdi-icon';
import { Page } from '@/components/page';
import { rowActionsColumn } from '@/components/row-actions-column';
import { ToolbarFilters } from '@/components/toolbar-filters';
import type { VirtualColumn } from '@/components/virtual-table/virtual-table';
import { notify } from '@/lib/notifications';

import { useDeleteTransaction, useSaveTransaction } from '../api/save-transaction';
import { transactionsQuery, type TransactionFilters } from '../utils/transactions-query';
import { BalancesPanel } from './balances-panel';

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

const FORM_FIELDS = [
  'kind',
  'payment_method',
  'amount',
  'currency',
  'date',
  'from_steam_account',
  'to_steam_account',
  'from_market_account',
  'to_market_account',
  'from_market',
  'to_market',
  'comment',
];

type Editing = { record: EntityRow | null } | null;

/** /transactions: the money ledger with balances per market and account; manual entries created and edited. */
export function TransactionsScreen() {
  const { t } = useTranslation();
  const save = useSaveTransaction();
  const remove = useDeleteTransaction();
  const [filters, setFilters] = useState<TransactionFilters>({
    kind: '',
    paymentMethod: '',
    market: '',
    dateFrom: '',
    dateTo: '',
  });
  const query = useMemo(() => transactionsQuery(filters), [filters]);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<EntityRow | null>(null);
  const patch = (change: Partial<TransactionFilters>) => setFilters((current) => ({ ...current, ...change }));

  const columns = useCallback(
    (generated: VirtualColumn<EntityRow>[]) => [
      ...generated,
      rowActionsColumn<EntityRow>({
        editLabel: t('common.edit'),
        deleteLabel: t('common.delete'),
        onEdit: (row) => setEditing({ record: row }),
        onDelete: (row) => setDeleting(row),
      }),
    ],
    [t],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id as number);
      notify({ text: t('transactions.deleted'), color: 'success' });
      setDeleting(null);
    } catch {
      // The wrapper has notified.
    }
  };

  const toolbar = (
    <ToolbarFilters
      filters={filters}
      onChange={patch}
      specs={[
        { kind: 'enum', key: 'kind', values: TRANSACTION_KINDS, width: 180 },
        { kind: 'enum', key: 'paymentMethod', values: PAYMENT_METHODS, width: 160 },
        { kind: 'market', key: 'market', label: t('fields.to_market'), width: 170 },
        {
          kind: 'dates',
          from: 'dateFrom',
          to: 'dateTo',
          labels: [t('transactions.dateFrom'), t('transactions.dateTo')],
        },
      ]}
    />
  );

  return (
    <Page
      title={t('nav.transactions')}
      actions={
        <Button
          variant="contained"
          startIcon={<MdiIcon path={mdiPlus} />}
          onClick={() => setEditing({ record: null })}
        >
          {t('transactions.add')}
        </Button>
      }
    >
      <BalancesPanel />
      <EntityTable
        routeId="transactions.list"
        label={t('nav.transactions')}
        query={query}
        fields={FIELDS}
        columns={columns}
        defaultSort={{ id: 'date', desc: true }}
        toolbar={toolbar}
        onRowClick={(row) => setEditing({ record: row })}
        height="calc(100vh - 290px)"
      />
      {editing && (
        <EntityFormDialog
          entity={transactionEntity}
          record={editing.record}
          fields={FORM_FIELDS}
          required={['kind', 'amount']}
          defaults={{ payment_method: 'other', currency: 'RUB' }}
          title={
            editing.record
              ? t('transactions.editTitle', { id: editing.record.id })
              : t('transactions.createTitle')
          }
          save={(body, mode) =>
            mode === 'create'
              ? save.mutateAsync({ id: null, body: body as TransactionCreate })
              : save.mutateAsync({ id: editing.record!.id as number, body: body as TransactionPatch })
          }
          onSaved={(mode) =>
            notify({
              text: mode === 'create' ? t('transactions.created') : t('transactions.saved'),
              color: 'success',
            })
          }
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('transactions.deleteTitle', { id: deleting.id })}
          text={t('transactions.deleteText')}
          busy={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onClose={() => setDeleting(null)}
        />
      )}
    </Page>
  );
}
