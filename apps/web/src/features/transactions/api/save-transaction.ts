import type { Transaction, TransactionCreate, TransactionPatch } from '@toydesk/contract';

import { createOrPatch, type SaveInput } from '@/lib/create-or-patch';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { unwrap } from '@/lib/query';

export const TRANSACTIONS_KEY = ['api', 'transactions.list'] as const;

export type SaveTransactionInput = SaveInput<TransactionCreate, TransactionPatch>;

/** POST a manual transaction or PATCH the changed fields of one; a 400 comes back as an ApiFailure. */
export async function saveTransaction(input: SaveTransactionInput): Promise<Transaction> {
  return createOrPatch({ create: 'transactions.create', patch: 'transactions.partial_update' }, input);
}

export function useSaveTransaction() {
  return useRefreshingMutation(saveTransaction, { refresh: [TRANSACTIONS_KEY] });
}

export async function deleteTransaction(id: number): Promise<void> {
  unwrap(await api.call('transactions.destroy', { params: { id } }));
}

export function useDeleteTransaction() {
  return useRefreshingMutation(deleteTransaction, { refresh: [TRANSACTIONS_KEY] });
}
