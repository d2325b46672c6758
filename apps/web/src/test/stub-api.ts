import { vi } from 'vitest';

import { jsonResponse } from './fixtures';

/** One request the code under test sent: its method, address and JSON body. */
export interface ApiCall {
  method: string;
  url: string;
  body: unknown;
}

export type ApiReply = Response | Promise<Response>;

/**
 * Stubs fetch for a screen test and returns the requests, in order, for the test to check. `route` answers
 * the reads (and the writes too when there is no `onWrite`); whatever it leaves unanswered gets a 404, so a
 * request the test did not expect shows up as a failed load rather than a hang.
 */
export function stubApi(
  route: (call: ApiCall) => ApiReply | undefined,
  onWrite?: (call: ApiCall) => ApiReply,
): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call: ApiCall = {
      method: init.method ?? 'GET',
      url,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    if (onWrite && call.method !== 'GET') return onWrite(call);
    return (await route(call)) ?? jsonResponse({}, 404);
  });
  return calls;
}
