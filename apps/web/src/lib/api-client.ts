import {
  createApiClient,
  type ApiCallOptions,
  type ApiResponse,
  type ApiRouteId,
  type ApiTransportRequest,
} from '@toydesk/contract';

import type { QueryParams } from './query-string';
import { clientFailure, request, type RequestOptions, type RequestResult } from './request';
import { TIMEOUTS } from './timeouts';

/** The wrapper's result with the route's reply type. */
export type ApiResult<Id extends ApiRouteId> = RequestResult<ApiResponse<Id>>;

/** Per-route time limits of spec section 9; every other call has none. */
export const ROUTE_TIMEOUTS: Partial<Record<ApiRouteId, number>> = {
  'toys.list': TIMEOUTS.toyList,
};

type Send = Parameters<typeof createApiClient<RequestResult<unknown>>>[0];

function transport(requestOptions: RequestOptions): Send {
  const send = (call: ApiTransportRequest) =>
    request(call.path, call.method, call.body, {
      ...requestOptions,
      query: { ...(call.query as QueryParams | undefined), ...requestOptions.query },
      timeout: requestOptions.timeout ?? ROUTE_TIMEOUTS[call.route.id as ApiRouteId],
    });
  // The contract's client types each call's data by route id; the wrapper gives it as unknown.
  return send as Send;
}

/**
 * The typed layer over the request wrapper: `api.call('tags.list', { query: { page_size: 999999 } })`.
 * Route ids, path parameters, queries, bodies and replies come from the contract's route table.
 */
export const api = {
  async call<Id extends ApiRouteId>(
    id: Id,
    options: ApiCallOptions<Id> = {},
    requestOptions: RequestOptions = {},
  ): Promise<ApiResult<Id>> {
    try {
      return (await createApiClient<RequestResult<unknown>>(transport(requestOptions)).call(
        id,
        options,
      )) as ApiResult<Id>;
    } catch (error) {
      // A missing path parameter is a bug of the caller; it still comes back as a failed result.
      const text = error instanceof Error ? error.message : String(error);
      return clientFailure<ApiResponse<Id>>('GET', String(id), text, requestOptions);
    }
  },
};
