import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

export interface RefreshOptions {
  /** The queries the mutation changes: they are marked stale (and read again while shown) afterwards. */
  refresh: readonly QueryKey[];
  /**
   * 'success' (the default) refreshes only after a success; 'settled' also after a failure, for calls that
   * can have changed part of the rows before failing (a bulk delete).
   */
  when?: 'success' | 'settled';
}

/**
 * A mutation whose only follow-up is refreshing the lists it changed: most of the console's save, delete and
 * bulk calls. The mutation resolves once the refreshed queries are invalidated, as a hand-written
 * `onSuccess: () => queryClient.invalidateQueries(...)` did.
 */
export function useRefreshingMutation<Data, Variables>(
  mutationFn: (variables: Variables) => Promise<Data>,
  { refresh, when = 'success' }: RefreshOptions,
) {
  const queryClient = useQueryClient();
  const invalidate = async () => {
    await Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
  return useMutation({
    mutationFn,
    ...(when === 'success' ? { onSuccess: invalidate } : { onSettled: invalidate }),
  });
}
