import { BOT_ROUTES_BY_ID, fillPath, type BotRouteId, type BotRouteOf } from '@toydesk/contract';
import type { z } from 'zod';

import type { QueryParams } from './query-string';
import { clientFailure, request, type RequestOptions, type RequestResult } from './request';

/**
 * The typed layer over the request wrapper for the bot services (`/api-node/...`, spec section 7): route ids,
 * path parameters, queries, bodies and replies come from the contract's BOT_ROUTES. The wrapper adds the app
 * token header on every /api-node/ call.
 */

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : null;

export type BotBody<Id extends BotRouteId> = InputOf<NonNullable<BotRouteOf<Id>['body']>>;
export type BotQuery<Id extends BotRouteId> = Partial<InputOf<NonNullable<BotRouteOf<Id>['query']>>> &
  Record<string, string | number | boolean | (string | number)[] | undefined>;
export type BotResponse<Id extends BotRouteId> = OutputOf<BotRouteOf<Id>['response']>;

export interface BotCallOptions<Id extends BotRouteId> {
  params?: Record<string, string | number>;
  query?: BotQuery<Id>;
  body?: BotBody<Id>;
}

export type BotResult<Id extends BotRouteId> = RequestResult<BotResponse<Id>>;

/** Route ids known to the console build; a route another engineer adds later is still callable by id. */
export function isBotRouteId(id: string): id is BotRouteId {
  return id in BOT_ROUTES_BY_ID;
}

export const botApi = {
  async call<Id extends BotRouteId>(
    id: Id,
    options: BotCallOptions<Id> = {},
    requestOptions: RequestOptions = {},
  ): Promise<BotResult<Id>> {
    const route = BOT_ROUTES_BY_ID[id] as { method: string; path: string } | undefined;
    if (!route) return clientFailure<BotResponse<Id>>('GET', String(id), `Unknown bot route ${id}`);
    let path: string;
    try {
      path = fillPath(route.path, options.params);
    } catch (error) {
      // A missing path parameter is a bug of the caller; it still comes back as a failed result.
      const text = error instanceof Error ? error.message : String(error);
      return clientFailure<BotResponse<Id>>(route.method, route.path, text, requestOptions);
    }
    return request<BotResponse<Id>>(path, route.method as 'GET', options.body, {
      ...requestOptions,
      query: { ...(options.query as QueryParams | undefined), ...requestOptions.query },
    });
  },
};
