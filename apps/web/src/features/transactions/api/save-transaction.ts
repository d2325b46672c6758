import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Transaction, TransactionCreate, TransactionPatch } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';

export const TRANSACTIONS_KEY = ['api', 'transactions.list'] as const;

export type SaveTransactionInput =
  { id: null; body: TransactionCreate } | { id: number; body: TransactionPatch };

/** POST a manual transaction or PATCH the changed fields of one; a 400 comes back as an ApiFailure. */
export async function saveTransaction(input: SaveTransactionInput): Promise<Transaction> {
  const result =
    input.id === null
      ? await api.call('transactions.create', { body: input.body })
      : await api.call('transactions.partial_update', { params: { id: input.id }, body: input.body });
  return unwrap(result);
}

export function useSaveTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTransaction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRANSACTIONS_KEY }),
  });
}

export async function deleteTransaction(id: number): Promise<void> {
  unwrap(await api.call('transactions.destroy', { params: { id } }));
}

export function useDeleteTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTransaction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRANSACTIONS_KEY }),
  });
}
