import type { BotJob } from '@toydesk/contract';

import { getBotJob, isJobFinished } from '@/lib/bot-jobs';

const POLL_MS = 1000;

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/**
 * The job a waited route answered, read again until it ends: the route waits 25 s and answers 202 when the
 * job still runs (a slow Steam), so the screen keeps its spinner instead of showing nothing.
 */
export async function finishedJob(job: BotJob, signal?: AbortSignal): Promise<BotJob> {
  let current = job;
  while (!isJobFinished(current)) {
    await pause(POLL_MS, signal);
    current = await getBotJob(current.id, signal);
  }
  return current;
}
