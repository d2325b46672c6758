import type { ToyCreate } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { unwrap } from '@/lib/query';

import { TOYS_LIST_KEY } from './toy-keys';

/** POST /api/toy/toys/toys-create-and-update/: upsert by market_hash_name, all or nothing. */
export async function importToys(rows: ToyCreate[]) {
  // A 400 names the failing rows by index; the dialog shows them itself.
  return unwrap(await api.call('toys.create_and_update', { body: rows }, { hideNotification: true }));
}

export function useImportToys() {
  return useRefreshingMutation(importToys, { refresh: [TOYS_LIST_KEY] });
}
