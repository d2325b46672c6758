import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { mapWithLimit } from '@/lib/concurrency';

import { MARKET_TOYS_LIST_KEY, TOYS_LIST_KEY } from './toy-keys';

/** Requests in flight at once while deleting many rows one by one. */
export const DELETE_CONCURRENCY = 4;

export interface DeleteFailure {
  id: number;
  /** The request wrapper's message (the catalogue's words for the status, or the body's error). */
  error: string;
}

export interface DeleteManyResult {
  deleted: number[];
  failed: DeleteFailure[];
}

export interface DeleteManyInput {
  ids: readonly number[];
  /** Called after each row with how many rows are done, deleted or not. */
  onProgress?: (done: number) => void;
}

type DestroyRoute = 'toys.destroy' | 'market-toys.destroy';

/**
 * Deletes each id through its own DELETE: the route table has no bulk delete for toys or market toys, so
 * this is the only way that needs no new server route. Failures are collected, not notified one by one
 * (the caller reports them in one notification). A 404 counts as deleted: the row is gone, which is what the
 * operator asked for (another operator, or the toy's own delete, removed it first).
 */
export async function deleteMany(
  route: DestroyRoute,
  { ids, onProgress }: DeleteManyInput,
): Promise<DeleteManyResult> {
  let done = 0;
  const outcomes = await mapWithLimit(ids, DELETE_CONCURRENCY, async (id) => {
    const result = await api.call(route, { params: { id } }, { hideNotification: true });
    done += 1;
    onProgress?.(done);
    return result.success || result.status === 404
      ? { id, ok: true as const }
      : { id, ok: false as const, error: result.error ?? `HTTP ${result.status}` };
  });
  return {
    deleted: outcomes.filter((o) => o.ok).map((o) => o.id),
    failed: outcomes.flatMap((o) => (o.ok ? [] : [{ id: o.id, error: o.error }])),
  };
}

/** Deletes toys one by one; their market rows go with them, so both lists are read again. */
export function useDeleteToys() {
  return useRefreshingMutation((input: DeleteManyInput) => deleteMany('toys.destroy', input), {
    refresh: [TOYS_LIST_KEY, MARKET_TOYS_LIST_KEY],
    when: 'settled',
  });
}

/** Deletes market toys one by one; the catalogue keeps the toys themselves. */
export function useDeleteMarketToys() {
  return useRefreshingMutation((input: DeleteManyInput) => deleteMany('market-toys.destroy', input), {
    refresh: [MARKET_TOYS_LIST_KEY],
    when: 'settled',
  });
}
