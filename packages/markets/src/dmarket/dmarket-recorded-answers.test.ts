import { generateDmarketKeyPair } from '@toydesk/simulators';
import { describe, expect, it } from 'vitest';

import { MarketResponseError } from '../kit/market-errors.ts';
import { fixture } from '@toydesk/http/testing/replay-server';
import { startMarketSim } from '../testing/market-sim.ts';
import { shapeDifferences } from '@toydesk/http/testing/wire-shape';
import { useReplayedMarket } from '../testing/use-replayed-market.ts';
import { DmarketMarket } from './dmarket-market.ts';

/**
 * DMarket's recorded answers (fixtures/, sources in fixtures/SOURCES.md) through the real client over real
 * HTTP: a loopback server replays the recorded bytes; the client signs every request as it would for DMarket.
 */

const BALANCE = fixture(new URL('./fixtures/balance.json', import.meta.url));

const bed = useReplayedMarket(DmarketMarket, () => {
  const keys = generateDmarketKeyPair();
  return `${keys.publicHex}:${keys.secretHex}`;
});

describe('DMarket recorded answers through the client', () => {
  it('reads the real balance answer, decimal strings included', async () => {
    bed.replay.answer('GET', '/account/v1/balance', { body: BALANCE });
    expect(await bed.market.getBalance()).toEqual({ amount: '0.00', currency: 'USD', on_hold: null });
    expect(bed.replay.received.at(-1)!.headers['x-request-sign']).toMatch(/^dmar ed25519 [0-9a-f]{128}$/);
  });

  // Derived from the recorded form (not recorded themselves): a non-zero decimal string is dollars, a bare digit
  // string is the documented cent form, and anything else is refused rather than guessed.
  it.each([
    ['{"usd":"25.75","usdAvailableToWithdraw":"25.75"}', '25.75'],
    ['{"usd":"2550","usdAvailableToWithdraw":"2500","dmc":"0"}', '25.50'],
  ])('reads %s as %s dollars', async (body, amount) => {
    bed.replay.answer('GET', '/account/v1/balance', { body });
    expect((await bed.market.getBalance()).amount).toBe(amount);
  });

  it('refuses a balance it cannot read', async () => {
    bed.replay.answer('GET', '/account/v1/balance', { body: '{"usd":"$5.00"}' });
    await expect(bed.market.getBalance()).rejects.toBeInstanceOf(MarketResponseError);
  });
});

describe('the DMarket simulator answers with the recorded shape', () => {
  it('sends the balance as decimal strings with every recorded field', async () => {
    const sim = await startMarketSim('dmarket');
    try {
      const account = await sim.control.account({ money: '42.42' });
      const simMarket = new DmarketMarket({
        baseUrl: sim.endpoint.baseUrl,
        http: sim.http,
        credential: account.credential,
      });
      const answer = await simMarket.client.getBalance();
      expect(answer).toEqual({
        dmc: '0.00',
        dmcAvailableToWithdraw: '0.00',
        usd: '42.42',
        usdAvailableToWithdraw: '42.42',
      });
      expect(shapeDifferences(JSON.parse(BALANCE), answer)).toEqual([]);
    } finally {
      await sim.close();
    }
  });
});
