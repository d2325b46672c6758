import { useMutation, useQueryClient } from '@tanstack/react-query';
import { botConfirmationAnswerSchema, type BotConfirmationAnswer } from '@toydesk/contract';

import { botApi } from '@/lib/bot-api';
import { unwrap } from '@/lib/query';

import { finishedJob } from './finished-job';
import { confirmationsQueryKey } from './get-confirmations';

export interface AnswerInput {
  account: number;
  accept: boolean;
  ids: string[];
}

/** Accepts or declines the given confirmations in one bot job; the answer has a line per id. */
export async function answerConfirmations(input: AnswerInput): Promise<BotConfirmationAnswer> {
  const started = unwrap(
    await botApi.call(input.accept ? 'bot-steam-guard.accept' : 'bot-steam-guard.decline', {
      params: { id: input.account },
      query: { wait: 25 },
      body: { confirmation_ids: input.ids },
    }),
  );
  const job = await finishedJob(started);
  if (job.state !== 'done') throw new Error(job.error?.message ?? job.state);
  return botConfirmationAnswerSchema.parse(job.result);
}

export function useAnswerConfirmations(onAnswered: (answer: BotConfirmationAnswer) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: answerConfirmations,
    onSuccess: (answer) => onAnswered(answer),
    // Answered ones leave the phone's list, whatever the outcome of each.
    onSettled: (_answer, _error, input) =>
      client.invalidateQueries({ queryKey: confirmationsQueryKey(input.account) }),
  });
}
