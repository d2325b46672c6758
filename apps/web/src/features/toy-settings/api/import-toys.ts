import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ToyCreate } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';

import { TOYS_LIST_KEY } from './toy-keys';

/** POST /api/toy/toys/toys-create-and-update/: upsert by market_hash_name, all or nothing. */
export async function importToys(rows: ToyCreate[]) {
  // A 400 names the failing rows by index; the dialog shows them itself.
  return unwrap(await api.call('toys.create_and_update', { body: rows }, { hideNotification: true }));
}

export function useImportToys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importToys,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TOYS_LIST_KEY }),
  });
}
