import type { MarketCode, RecordStatus } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { unwrap } from '@/lib/query';

export type PointRef = { id: number } | { market: MarketCode; market_hash_name: string; date: string };

/**
 * GET /api/history/toy-stats/set-point-status/: the point's status, which its item's history rows of that
 * market and day follow (so averages leave out an outdated day).
 */
export async function setPointStatus(point: PointRef, status: RecordStatus) {
  const query = 'id' in point ? { id: point.id, status } : { ...point, status };
  return unwrap(await api.call('history.set_point_status', { query }));
}

export function useSetPointStatus() {
  // Points, charts, averages and the history list all read the changed rows.
  return useRefreshingMutation(
    ({ point, status }: { point: PointRef; status: RecordStatus }) => setPointStatus(point, status),
    { refresh: [['market-stats'], ['api', 'history.extended'], ['history', 'totals']] },
  );
}
