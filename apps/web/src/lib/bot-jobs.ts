import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BotJob, BotJobState, BotRouteId } from '@toydesk/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

import { botApi, type BotCallOptions } from './bot-api';
import { livePoll, type LiveMeta } from './live-updates';
import { unwrap } from './query';

/**
 * Bot jobs (spec section 7, "Bot services"): every step that talks to Steam or a marketplace runs as a
 * durable job; its endpoint answers 202 with the job, and the job is read at /api-node/jobs/{id}/ until it
 * ends. `useBotJob(id)` follows one job; `useBotAction()` starts one and follows it.
 */

export const FINISHED_JOB_STATES: ReadonlySet<BotJobState> = new Set(['done', 'failed', 'cancelled']);

/** How often a job that has not ended is read again while the live stream is down. */
export const BOT_JOB_POLL_MS = 1000;

export function isJobFinished(job: Pick<BotJob, 'state'> | null | undefined): boolean {
  return !!job && FINISHED_JOB_STATES.has(job.state);
}

export const botJobQueryKey = (jobId: string) => ['bot-jobs', 'one', jobId] as const;
export const botJobsQueryKey = ['bot-jobs'] as const;

export async function getBotJob(jobId: string, signal?: AbortSignal): Promise<BotJob> {
  // A poll that fails once (a restart of the bot service) is read again at the next tick, without a toast.
  return unwrap(
    await botApi.call('bot-jobs.retrieve', { params: { id: jobId } }, { signal, hideNotification: true }),
  );
}

/**
 * Every step of a job writes a log line (bot_job_log), and so do its start and its end, after the job's
 * state (apps/bots' job queue): the live stream's `jobs` topic says when to read the job again. A finished
 * job follows nothing; one that has not ended polls only while the stream is down. (The topic moves for any
 * job, at most once a second per tab: no more often than the poll it replaces.)
 */
export const botJobMeta: LiveMeta = {
  live: ['jobs'],
  settled: (data) => isJobFinished(data as BotJob | undefined),
};

/** Polls every `pollMs` while the job has not ended and the live stream is down. */
export function botJobRefetchInterval(pollMs = BOT_JOB_POLL_MS) {
  const poll = livePoll(pollMs);
  return (query: { state: { data?: BotJob } }) => (isJobFinished(query.state.data) ? false : poll());
}

export function botJobQueryOptions(jobId: string, pollMs = BOT_JOB_POLL_MS) {
  return queryOptions({
    queryKey: botJobQueryKey(jobId),
    queryFn: ({ signal }) => getBotJob(jobId, signal),
    staleTime: 0,
    meta: botJobMeta,
    refetchInterval: botJobRefetchInterval(pollMs),
  });
}

export interface UseBotJobOptions {
  /** Called once when the job reaches done, failed or cancelled (also when it already had on first read). */
  onFinish?: (job: BotJob) => void;
  pollMs?: number;
  /** The job as its start answered (202), shown until the first read arrives. */
  initial?: BotJob | null;
}

export interface BotJobView {
  job: BotJob | null;
  logs: NonNullable<BotJob['logs']>;
  finished: boolean;
  /** Queued or running. */
  active: boolean;
  /** The read failed (the bot service does not answer); it is tried again at the next tick. */
  readError: boolean;
}

/**
 * Follows a job until done, failed or cancelled: GET /api-node/jobs/{id}/ again when the live stream says
 * `jobs` changed, every second while the stream is down.
 */
export function useBotJob(jobId: string | null | undefined, options: UseBotJobOptions = {}): BotJobView {
  const pollMs = options.pollMs ?? BOT_JOB_POLL_MS;
  const query = useQuery({
    // A failed read is not the job failing: the next change (or poll) reads it again.
    ...botJobQueryOptions(jobId ?? '', pollMs),
    enabled: !!jobId,
  });
  const initial = options.initial && options.initial.id === jobId ? options.initial : null;
  const job = jobId ? (query.data ?? initial) : null;
  const finished = isJobFinished(job);

  const onFinish = useRef(options.onFinish);
  useEffect(() => {
    onFinish.current = options.onFinish;
  });
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!job || !finished || !query.data || reported.current === job.id) return;
    reported.current = job.id;
    onFinish.current?.(job);
  }, [job, finished, query.data]);

  return {
    job,
    logs: job?.logs ?? [],
    finished,
    active: !!job && !finished,
    readError: query.isError,
  };
}

export interface BotActionState extends BotJobView {
  /** Starts a job through a bot route that answers with a job (202) and follows it. */
  run: <Id extends BotRouteId>(id: Id, options?: BotCallOptions<Id>) => Promise<BotJob | null>;
  /** Starting (the POST is under way). */
  starting: boolean;
  /** The start was refused (400, 409, ...); the wrapper has already notified the operator. */
  startError: string | null;
  reset: () => void;
}

/**
 * Starts a bot job and follows it. `onFinish` runs when the job ends (refresh what the job changed there).
 * A start refused by the service gives null and `startError`.
 */
export function useBotAction(options: Omit<UseBotJobOptions, 'initial'> = {}): BotActionState {
  const queryClient = useQueryClient();
  const [started, setStarted] = useState<BotJob | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const view = useBotJob(started?.id, { ...options, initial: started });

  const run = useCallback(
    async <Id extends BotRouteId>(id: Id, callOptions: BotCallOptions<Id> = {}) => {
      setStarting(true);
      setStartError(null);
      const result = await botApi.call(id, callOptions);
      setStarting(false);
      const job = result.success ? (result.data as unknown as BotJob | null) : null;
      if (!job || typeof job !== 'object' || typeof job.id !== 'string') {
        setStarted(null);
        setStartError(result.error ?? `HTTP ${result.status}`);
        return null;
      }
      queryClient.setQueryData(botJobQueryKey(job.id), job);
      setStarted(job);
      return job;
    },
    [queryClient],
  );

  const reset = useCallback(() => {
    setStarted(null);
    setStartError(null);
  }, []);

  return { ...view, run, starting, startError, reset };
}
