import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { unwrap } from '@/lib/query';

import { chunks, TOYS_LIST_KEY } from './toy-keys';

/** The endpoint takes at most 1000 ids per call. */
const IDS_PER_CALL = 1000;

/** GET /api/toy/toys/set-ignore-price/?id=..&value=true|false: the one-click switch in a row. */
export async function setIgnorePrice(ids: readonly number[], value: boolean): Promise<number> {
  let updated = 0;
  for (const part of chunks(ids, IDS_PER_CALL)) {
    updated += unwrap(
      await api.call('toys.set_ignore_price', { query: { id: part, value: value ? 'true' : 'false' } }),
    ).updated;
  }
  return updated;
}

export function useSetIgnorePrice() {
  return useRefreshingMutation(
    ({ ids, value }: { ids: readonly number[]; value: boolean }) => setIgnorePrice(ids, value),
    { refresh: [TOYS_LIST_KEY] },
  );
}
