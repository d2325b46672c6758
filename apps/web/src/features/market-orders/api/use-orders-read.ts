import { useQuery } from '@tanstack/react-query';
import {
  botActiveOrdersResultSchema,
  botActiveOrdersStatsSchema,
  type BotJob,
  type BotServiceMarket,
} from '@toydesk/contract';
import type { z } from 'zod';

import { botApi } from '@/lib/bot-api';
import { isJobFinished, useBotJob } from '@/lib/bot-jobs';
import { unwrap } from '@/lib/query';

/** Seconds the service waits for the job before answering 202 (then the job is followed). */
export const ORDERS_WAIT_SECONDS = 25;

const READS = {
  orders: { route: 'bot-orders.active_orders', schema: botActiveOrdersResultSchema },
  stats: { route: 'bot-orders.active_orders_stats', schema: botActiveOrdersStatsSchema },
} as const;

export type OrdersRead = keyof typeof READS;
export type OrdersReadResult<R extends OrdersRead> = z.infer<(typeof READS)[R]['schema']>;

export const ordersReadKey = (read: OrdersRead, market: BotServiceMarket) =>
  ['market-orders', read, market] as const;

async function startRead(read: OrdersRead, market: BotServiceMarket, signal?: AbortSignal): Promise<BotJob> {
  const result = await botApi.call(
    READS[read].route,
    { params: { market }, query: { wait: ORDERS_WAIT_SECONDS } },
    { signal },
  );
  return unwrap(result);
}

export interface OrdersReadView<R extends OrdersRead> {
  job: BotJob | null;
  /** The job's result when it is done and matches the contract. */
  data: OrdersReadResult<R> | null;
  /** Asking or waiting: the read or its job is under way. */
  loading: boolean;
  /** The read was refused, the job failed, or its result does not match the contract. */
  error: string | null;
  refetch: () => void;
}

/**
 * A bot read that runs as a job (get-active-orders, get-active-orders-stats): the service waits up to
 * `wait` seconds and answers with the finished job, or with the job still running, which is then followed
 * at /api-node/jobs/{id}/ until it ends.
 */
export function useOrdersRead<R extends OrdersRead>(read: R, market: BotServiceMarket): OrdersReadView<R> {
  const started = useQuery({
    queryKey: ordersReadKey(read, market),
    queryFn: ({ signal }) => startRead(read, market, signal),
    staleTime: 60_000,
  });
  const pending = started.data && !isJobFinished(started.data) ? started.data : null;
  const followed = useBotJob(pending?.id, { initial: pending });
  const job = pending ? followed.job : (started.data ?? null);

  let data: OrdersReadResult<R> | null = null;
  let error: string | null = started.error ? started.error.message : null;
  if (job?.state === 'done') {
    const parsed = READS[read].schema.safeParse(job.result);
    if (parsed.success) data = parsed.data as OrdersReadResult<R>;
    else error = 'unexpected result';
  } else if (job && isJobFinished(job)) {
    error = job.error?.message ?? job.state;
  }
  return {
    job,
    data,
    loading: started.isFetching || (!!job && !isJobFinished(job)),
    error,
    refetch: () => void started.refetch(),
  };
}
