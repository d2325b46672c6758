import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BotJob } from '@toydesk/contract';

import { botApi } from '@/lib/bot-api';
import { botJobQueryKey, botJobsQueryKey } from '@/lib/bot-jobs';
import { unwrap } from '@/lib/query';

/** POST /api-node/jobs/{id}/cancel/: a queued job is cancelled, a running one stops after its current step. */
export async function cancelBotJob(id: string): Promise<BotJob> {
  return unwrap(await botApi.call('bot-jobs.cancel', { params: { id } })) as BotJob;
}

export function useCancelBotJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBotJob,
    onSuccess: async (job) => {
      queryClient.setQueryData(botJobQueryKey(job.id), (current: BotJob | undefined) => ({
        ...current,
        ...job,
      }));
      await queryClient.invalidateQueries({ queryKey: botJobsQueryKey });
    },
  });
}
