import { expect, test } from 'vitest';

import { simulatorClient } from '../testing/tm-test-client.ts';
import { useTmSimulator } from '../testing/use-tm-simulator.ts';

/**
 * get-list-items-info between the real client and the simulator over HTTP: sale statistics come in MAJOR
 * units (the recorded answer's 16.99), the order book in minor ones; both must read as the same roubles.
 */

const REDLINE = 'AK-47 | Redline (Field-Tested)';
const bed = useTmSimulator({ check: null });

test('sales info reads as major units next to the order book, for RUB and USD accounts', async () => {
  const rub = await bed.sim.createAccount();
  const tm = simulatorClient(bed.sim, bed.http, { apiKey: rub.key });
  const info = (await tm.search.listItemsInfo([REDLINE, 'No Such Item (Factory New)'])).get(REDLINE)!;
  expect(info.currency).toBe('RUB');
  expect(info.history.length).toBeGreaterThan(0);
  for (const sale of info.history) expect(sale.price).toMatch(/^\d+\.\d{2}$/);
  const { ask } = await tm.search.bidAsk(REDLINE);
  // Same money, same unit: a sale price and the cheapest offer are within a factor of two (not 100).
  const ratio = Number(ask[0]!.price) / Number(info.min);
  expect(ratio).toBeGreaterThan(0.5);
  expect(ratio).toBeLessThan(2);

  const usd = await bed.sim.createAccount({ currency: 'USD' });
  const tmUsd = simulatorClient(bed.sim, bed.http, { apiKey: usd.key, currency: 'USD' });
  const dollars = (await tmUsd.search.listItemsInfo([REDLINE])).get(REDLINE)!;
  expect(dollars.currency).toBe('USD');
  expect(Number(dollars.max)).toBeLessThan(Number(info.max));
});
