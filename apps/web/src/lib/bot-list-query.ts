import { infiniteQueryOptions } from '@tanstack/react-query';
import type { BotRouteId, LiveTopic } from '@toydesk/contract';

import { botApi, type BotCallOptions, type BotQuery, type BotResponse } from './bot-api';
import { livePoll, type LiveMeta } from './live-updates';
import { unwrap, type ListPage } from './query';

/** Bot-service route ids whose reply is a page of rows (jobs, alerts, deliveries). */
export type BotListRouteId = {
  [Id in BotRouteId]: BotResponse<Id> extends ListPage<unknown> ? Id : never;
}[BotRouteId];
export type BotListRow<Id extends BotListRouteId> = BotResponse<Id> extends ListPage<infer Row> ? Row : never;

/** Rows read per page while a table scrolls (the services allow at most 1000). */
export const BOT_LIST_PAGE_SIZE = 200;

/**
 * A bot-service list read page by page as the table scrolls, with the list's filters (`query`, the same the
 * CSV export sends): the bots change these lists on their own, so it is read again when the live stream
 * says `live` changed, and every `refetchInterval` while the stream is down.
 */
export function botListInfiniteOptions<Id extends BotListRouteId>(
  id: Id,
  queryKey: readonly unknown[],
  query: BotQuery<Id>,
  refetchInterval: number | false,
  live: LiveTopic,
) {
  const meta: LiveMeta = { live: [live] };
  const interval: false | (() => number | false) =
    refetchInterval === false ? false : livePoll(refetchInterval);
  return {
    ...infiniteQueryOptions({
      queryKey: [...queryKey, query] as const,
      initialPageParam: 1,
      queryFn: async ({ pageParam, signal }) => {
        const options = {
          query: { ...query, page: pageParam, page_size: BOT_LIST_PAGE_SIZE },
        } as BotCallOptions<Id>;
        return unwrap(await botApi.call(id, options, { signal })) as ListPage<BotListRow<Id>>;
      },
      getNextPageParam: (last: ListPage<BotListRow<Id>>, _all: unknown, lastParam: number) =>
        last.next ? lastParam + 1 : undefined,
    }),
    meta,
    refetchInterval: interval,
  };
}
