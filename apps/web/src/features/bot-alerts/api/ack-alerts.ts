import { useMutation, useQueryClient } from '@tanstack/react-query';

import { botApi } from '@/lib/bot-api';
import { refreshAlerts } from '@/lib/bot-alerts';
import { unwrap } from '@/lib/query';

import { alertsQueryKey } from './get-bot-alerts';

/** Acknowledges the given alerts one by one (POST .../{id}/ack/); returns how many were acknowledged. */
export async function ackAlerts(ids: readonly number[]): Promise<number> {
  let acknowledged = 0;
  for (const id of ids) {
    const result = await botApi.call('bot-alerts.ack', { params: { id } });
    if (result.success) acknowledged += 1;
  }
  return acknowledged;
}

/** POST /api-node/alerts/ack-all/. */
export async function ackAllAlerts(): Promise<number> {
  return unwrap(await botApi.call('bot-alerts.ack-all')).acknowledged;
}

function useAfterAck() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: alertsQueryKey }), refreshAlerts()]);
  };
}

export function useAckAlerts() {
  const after = useAfterAck();
  return useMutation({ mutationFn: ackAlerts, onSettled: after });
}

export function useAckAllAlerts() {
  const after = useAfterAck();
  return useMutation({ mutationFn: ackAllAlerts, onSettled: after });
}
