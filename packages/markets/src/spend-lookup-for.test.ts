import { HttpClient, MemoryRateLimiter } from '@toydesk/http';
import { afterAll, describe, expect, it } from 'vitest';

import { loadMarketEndpoints } from './market-endpoints.ts';
import { spendLookupFor, type SpendToLookUp } from './spend-lookup-for.ts';
import type { TmClient } from './tm/tm-client.ts';

const http = new HttpClient({ rateLimiter: new MemoryRateLimiter({ limit: 100, windowMs: 1000 }) });
afterAll(() => http.close());
const endpoints = loadMarketEndpoints({}, { simulatorBaseUrl: 'http://127.0.0.1:9' });
const noTm = (): TmClient => {
  throw new Error('no tm client here');
};
const access = { http, credential: 'key', tm: noTm };
const buy: SpendToLookUp = { call: 'buy', customId: 'c-1', listingIds: ['77'], order: null };

describe('spendLookupFor', () => {
  it.each(['tm', 'tm_usd', 'cs7', 'cs7_proxy', 'lis_skins', 'waxpeer', 'csfloat', 'bitskins'] as const)(
    'has a lookup for a buy at %s, which can tell whether it happened',
    (code) => expect(spendLookupFor(endpoints[code], access, buy)).toBeTypeOf('function'),
  );

  it('has none where an operator must check by hand', () => {
    // A call of another kind, no key, a market without a lookup, a listing buy without its listing ids.
    expect(spendLookupFor(endpoints.tm, access, { ...buy, call: 'list' })).toBeNull();
    expect(spendLookupFor(endpoints.tm, { ...access, credential: '' }, buy)).toBeNull();
    expect(spendLookupFor(endpoints.dmarket, access, buy)).toBeNull();
    expect(spendLookupFor(endpoints.waxpeer, access, { ...buy, call: 'money-send' })).toBeNull();
    expect(spendLookupFor(endpoints.csfloat, access, { ...buy, listingIds: [] })).toBeNull();
    expect(spendLookupFor(endpoints.bitskins, access, { ...buy, listingIds: [] })).toBeNull();
  });

  it('makes the tm client only when the lookup runs', async () => {
    const lookup = spendLookupFor(endpoints.tm, access, { ...buy, call: 'money-send' });
    await expect(lookup?.()).rejects.toThrow('no tm client here');
  });
});
