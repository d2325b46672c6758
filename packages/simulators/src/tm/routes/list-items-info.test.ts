import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from '../../test-support/sim-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const NAME = 'AK-47 | Redline (Field-Tested)';

interface SalesInfo {
  max: number;
  min: number;
  average: number;
  history: [number, number][];
}
interface InfoReply {
  success: boolean;
  currency: string;
  data: Record<string, SalesInfo>;
}

/** Digits after the point of a number as JSON writes it. */
const decimals = (value: number) => (String(value).split('.')[1] ?? '').length;

describe('get-list-items-info', () => {
  it('answers with the fields and types of tm’s recorded answer: prices in MAJOR units', async () => {
    const { key } = await h.account({});
    const reply = await h.v2<InfoReply>('get-list-items-info', { key, 'list_hash_name[]': NAME });
    expect(reply).toMatchObject({ success: true, currency: 'RUB' });
    const info = reply.data[NAME]!;
    expect(Object.keys(info).sort()).toEqual(['average', 'history', 'max', 'min']);
    expect(info.history.length).toBeGreaterThan(0);
    for (const [time, price] of info.history) {
      expect(Number.isInteger(time)).toBe(true);
      // Roubles with kopecks (16.99), never kopecks (1699): at most 2 decimals and far below the minor value.
      expect(decimals(price)).toBeLessThanOrEqual(2);
    }
    const times = info.history.map(([time]) => time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const prices = info.history.map(([, price]) => price);
    expect(info.max).toBe(Math.max(...prices));
    expect(info.min).toBe(Math.min(...prices));
    expect(decimals(info.average)).toBeLessThanOrEqual(3);
    expect(info.average).toBeCloseTo(prices.reduce((a, b) => a + b, 0) / prices.length, 2);

    // bid-ask, for the same name, is in kopecks: the two differ by the unit, as at tm.
    const book = await h.v2<{ ask: { price: number }[] }>('bid-ask', { key, hash_name: NAME });
    expect(book.ask[0]!.price).toBeGreaterThan(info.min * 10);
  });

  it('a USD account gets dollars (3 decimals at most); unknown names are left out; 1–50 names', async () => {
    const { key } = await h.account({ currency: 'USD' });
    const reply = await h.v2<InfoReply>('get-list-items-info', {
      key,
      'list_hash_name[]': [NAME, 'No Such Item (Factory New)'],
    });
    expect(reply.currency).toBe('USD');
    expect(Object.keys(reply.data)).toEqual([NAME]);
    for (const [, price] of reply.data[NAME]!.history) expect(decimals(price)).toBeLessThanOrEqual(3);
    expect(await h.v2('get-list-items-info', { key })).toEqual({ success: false, error: 'bad_input' });
    const many = Array.from({ length: 51 }, (_, i) => `Name ${i}`);
    expect(await h.v2('get-list-items-info', { key, 'list_hash_name[]': many })).toEqual({
      success: false,
      error: 'bad_input',
    });
  });
});
