import { describe, expect, it } from 'vitest';

import { UnsupportedCapabilityError } from '../market.ts';
import { MarketApiError, MarketAuthError } from '../kit/market-errors.ts';
import { expectFailure } from '../testing/expect-failure.ts';
import { startMarketSim, useSimulatedMarket } from '../testing/market-sim.ts';
import { SkinportMarket } from './skinport-market.ts';

const NAME = 'AK-47 | Redline (Field-Tested)';

const bed = useSimulatedMarket('skinport', SkinportMarket, {
  config: {
    rateLimits: { items: null, 'sales-history': null, transactions: null },
  },
});

describe('SkinportMarket against the simulator', () => {
  it('offers prices and history only (listing is web-only)', async () => {
    expect([...bed.market.capabilities].sort()).toEqual(['history', 'prices']);
    expect(bed.market.currency).toBe('EUR');
    await expect(bed.market.getBalance()).rejects.toBeInstanceOf(UnsupportedCapabilityError);
    await expect(bed.market.listForSale([])).rejects.toThrow('skinport does not offer list_for_sale');
    expect(bed.account.credential).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);
  });

  it('reads /items prices (major-unit floats) in the market currency, without credentials', async () => {
    const [eur] = await bed.market.getPrices([NAME]);
    expect(eur).toMatchObject({ market_hash_name: NAME, currency: 'EUR' });
    expect(eur?.price).toMatch(/^\d+\.\d{2}$/);
    const usd = new SkinportMarket({ ...bed.sim.config(''), currency: 'USD' });
    const [inUsd] = await usd.getPrices([NAME]);
    expect(inUsd?.currency).toBe('USD');
    expect(Number(inUsd?.price)).toBeGreaterThan(Number(eur?.price));
    expect((await bed.sim.control.stats()).byRoute.items).toBe(2);
  });

  it('reads the sales history statistics', async () => {
    const [row] = await bed.market.client.getSalesHistory('EUR', [NAME]);
    expect(row).toMatchObject({ market_hash_name: NAME, currency: 'EUR' });
    expect(row?.last_7_days?.volume).toBeGreaterThan(0);
  });

  it('reads transactions as history with Basic auth', async () => {
    await bed.sim.control.call('POST', `accounts/${bed.account.id}/history`, {
      side: 'sell',
      market_hash_name: NAME,
      price: '12.34',
    });
    await bed.sim.control.call('POST', `accounts/${bed.account.id}/history`, {
      side: 'buy',
      market_hash_name: NAME,
      price: 3.1,
      at: Date.now() - 10 * 86_400_000,
    });
    const recent = await bed.market.getHistory(
      new Date(Date.now() - 86_400_000),
      new Date(Date.now() + 60_000),
    );
    expect(recent).toEqual([
      expect.objectContaining({
        side: 'sell',
        market_hash_name: NAME,
        price: '12.34',
        currency: 'EUR',
        status: 'complete',
      }),
    ]);
    const all = await bed.market.getHistory(new Date(0), new Date(Date.now() + 60_000));
    expect(all.map((entry) => [entry.side, entry.price])).toEqual([
      ['sell', '12.34'],
      ['buy', '3.10'],
    ]);
  });

  it('refuses wrong Basic credentials as an auth error', async () => {
    const wrong = new SkinportMarket(bed.sim.config('id:wrong'));
    await expectFailure(wrong.getHistory(new Date(0), new Date()), MarketAuthError, {
      code: 'authentication_error',
    });
  });
});

describe('Skinport simulator limits', () => {
  it('answers 429 on the ninth /items call within 5 minutes, and refuses calls without Accept-Encoding: br', async () => {
    const strict = await startMarketSim('skinport');
    try {
      const m = new SkinportMarket(strict.config(''));
      const plain = await fetch(`${strict.endpoint.baseUrl}/v1/items?app_id=730&currency=EUR`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(plain.status).toBe(406);
      for (let i = 0; i < 7; i++) await m.getPrices([NAME]);
      await expectFailure(m.getPrices([NAME]), MarketApiError, { status: 429 });
      const stats = await strict.control.stats();
      // The 406 call and seven more fill the window of 8; the ninth and the retry of that GET are refused.
      expect(stats.rateLimitViolations).toBe(2);
    } finally {
      await strict.close();
    }
  });
});
