import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketCode, ToyDynamicSetting, ToyDynamicSettingCreate } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { ALL_ROWS, unwrap } from '@/lib/query';

const KEY = ['toy-settings', 'dynamic-settings'] as const;

/** The dynamic-order settings of one toy on one market: the shared row and the per-account ones. */
export function getDynamicSettingsQueryOptions(toy: number, market: MarketCode) {
  return queryOptions({
    queryKey: [...KEY, toy, market] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.call(
          'toy-dynamic-settings.list',
          { query: { toy, market, page_size: ALL_ROWS, ordering: 'id' } },
          { signal },
        ),
      ).results as ToyDynamicSetting[],
  });
}

export function useDynamicSettings(toy: number, market: MarketCode) {
  return useQuery(getDynamicSettingsQueryOptions(toy, market));
}

/** POST /api/market/toy-dynamic-settings/create-or-update/: upsert by (toy, market, market account). */
export async function saveDynamicSetting(body: ToyDynamicSettingCreate) {
  return unwrap(await api.call('toy-dynamic-settings.create_or_update', { body }));
}

/** DELETE /api/market/toy-dynamic-settings/{id}/. */
export async function deleteDynamicSetting(id: number): Promise<void> {
  unwrap(await api.call('toy-dynamic-settings.destroy', { params: { id } }));
}

export function useSaveDynamicSetting() {
  return useRefreshingMutation(saveDynamicSetting, { refresh: [KEY] });
}

export function useDeleteDynamicSetting() {
  return useRefreshingMutation(deleteDynamicSetting, { refresh: [KEY] });
}
