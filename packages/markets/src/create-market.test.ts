import { MARKET_CODES, type MarketCode } from '@toydesk/contract';
import { HttpClient, MemoryRateLimiter } from '@toydesk/http';
import { generateDmarketKeyPair } from '@toydesk/simulators';
import { afterAll, describe, expect, it } from 'vitest';

import { createMarket } from './create-market.ts';
import { loadMarketEndpoints } from './market-endpoints.ts';

const http = new HttpClient({ rateLimiter: new MemoryRateLimiter({ limit: 100, windowMs: 1000 }) });
afterAll(() => http.close());
const endpoints = loadMarketEndpoints({}, { simulatorBaseUrl: 'http://127.0.0.1:9' });
const pair = generateDmarketKeyPair();

const CREDENTIALS: Partial<Record<MarketCode, string>> = {
  dmarket: `${pair.publicHex}:${pair.secretHex}`,
  steam: 'sessionid=abc; steamLoginSecure=76561198000000000%7C%7Ctoken',
  skinport: 'id:secret',
};

/** The capability matrix the README documents, a market's row as the names of its ticked columns. */
const EVERY = 'prices inventory listings list_for_sale set_price buy_orders buy balance history';
const MATRIX: Record<string, string> = {
  waxpeer: EVERY,
  csfloat: EVERY,
  dmarket: 'prices inventory listings list_for_sale set_price buy_orders balance history',
  bitskins: 'prices inventory listings list_for_sale set_price buy balance history',
  lis_skins: 'prices buy balance',
  skinport: 'prices history',
  steam: 'prices listings list_for_sale buy_orders balance',
};

describe('createMarket', () => {
  it.each(Object.entries(MATRIX))('%s: code, currency and capabilities', (code, capabilities) => {
    const market = createMarket(code as MarketCode, {
      endpoint: endpoints[code as MarketCode],
      credentials: CREDENTIALS[code as MarketCode] ?? 'key-123456',
      http,
    });
    expect(market.code).toBe(code);
    expect(market.currency).toBe(code === 'skinport' ? 'EUR' : 'USD');
    expect([...market.capabilities].sort()).toEqual(capabilities.split(' ').sort());
  });

  it('passes the currency on and refuses one a USD-only market does not have', () => {
    const options = {
      endpoint: endpoints.steam,
      credentials: CREDENTIALS.steam!,
      http,
      currency: 'RUB' as const,
    };
    expect(createMarket('steam', options).currency).toBe('RUB');
    expect(() =>
      createMarket('waxpeer', { endpoint: endpoints.waxpeer, credentials: 'k', http, currency: 'EUR' }),
    ).toThrow('waxpeer accounts are in USD');
  });

  it('refuses a credential in the wrong form and an endpoint of another market', () => {
    expect(() =>
      createMarket('dmarket', { endpoint: endpoints.dmarket, credentials: 'plain-key', http }),
    ).toThrow(/publicKeyHex:secretKeyHex/);
    expect(() => createMarket('steam', { endpoint: endpoints.steam, credentials: 'key', http })).toThrow(
      /sessionid/,
    );
    expect(() => createMarket('csfloat', { endpoint: endpoints.waxpeer, credentials: 'key', http })).toThrow(
      /endpoint of waxpeer/,
    );
  });

  it('builds the tm family on the tm client, tm_usd in USD', () => {
    for (const code of ['tm', 'tm_usd', 'cs7', 'cs7_proxy'] as const) {
      const market = createMarket(code, { endpoint: endpoints[code], credentials: 'key', http });
      expect(market.code).toBe(code);
      expect(market.currency).toBe(code === 'tm_usd' ? 'USD' : 'RUB');
      expect([...market.capabilities].sort()).toEqual(EVERY.split(' ').sort());
    }
  });

  it('covers every market code', () => {
    const handled = new Set([...Object.keys(MATRIX), 'tm', 'tm_usd', 'cs7', 'cs7_proxy']);
    expect(MARKET_CODES.every((code) => handled.has(code))).toBe(true);
  });
});
