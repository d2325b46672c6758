import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from '../../test-support/sim-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const DOPPLER = '★ Stiletto Knife | Doppler (Factory New)';
const GAMMA = '★ Bayonet | Gamma Doppler (Minimal Wear)';

type Book = { success: boolean; bid: { price: number; count: number }[]; ask: { price: number }[] };

describe('Doppler phases on the simulated tm', () => {
  it('bid-ask with a phase answers that phase’s own orders and offers, at its own prices', async () => {
    const { key } = await h.account();
    const book = (phase?: string) =>
      h.v2<Book>('bid-ask', { key, hash_name: DOPPLER, ...(phase ? { phase } : {}) });
    const plain = await book();
    const ruby = await book('ruby');
    const phase3 = await book('phase3');
    const best = (b: Book) => Math.max(...b.bid.map((level) => level.price));
    expect(ruby.bid.length).toBeGreaterThan(0);
    expect(phase3.bid.length).toBeGreaterThan(0);
    // Ruby trades far above the name's plain orders and above Phase 3.
    expect(best(ruby)).toBeGreaterThan(best(plain) * 3);
    expect(best(ruby)).toBeGreaterThan(best(phase3));
    // The offers of a phase are a part of the name's offers.
    const all = plain.ask.length;
    const perPhase = await Promise.all(
      ['phase1', 'phase2', 'phase3', 'phase4', 'ruby', 'sapphire', 'blackpearl'].map(
        async (phase) => (await book(phase)).ask.length,
      ),
    );
    expect(perPhase.reduce((a, b) => a + b, 0)).toBe(all);
    // Gamma Doppler has Emerald; a plain Doppler has none.
    expect(
      (await h.v2<Book>('bid-ask', { key, hash_name: GAMMA, phase: 'emerald' })).bid.length,
    ).toBeGreaterThan(0);
    expect((await book('emerald')).bid).toEqual([]);
  });

  it('full-export rows of a Doppler carry each offer’s phase and its paint index', async () => {
    const index = await h.request<{ format: string[]; items: string[] }>(
      'GET',
      h.url('/api/full-export/RUB.json'),
    );
    const at = (column: string) => index.body.format.indexOf(column);
    const rows: unknown[][] = [];
    for (const file of index.body.items) {
      rows.push(...(await h.request<unknown[][]>('GET', h.url(`/api/full-export/${file}`))).body);
    }
    const doppler = rows.filter((row) => row[at('market_hash_name')] === DOPPLER);
    expect(doppler.length).toBeGreaterThan(0);
    const indexes: Record<string, string> = {
      ruby: '415',
      sapphire: '416',
      blackpearl: '417',
      phase1: '418',
      phase2: '419',
      phase3: '420',
      phase4: '421',
    };
    for (const row of doppler) expect(row[at('paintindex')]).toBe(indexes[String(row[at('phase')])]);
    const plain = rows.find((row) => row[at('market_hash_name')] === 'MAC-10 | Oceanic (Battle-Scarred)');
    expect(plain?.[at('phase')]).toBe('');
  });

  it('orders of one name in two phases coexist, each in its own book', async () => {
    const { key } = await h.account({ money: 1_000_000 });
    const other = await h.account();
    await h.v2('set-order', { key, market_hash_name: DOPPLER, count: 1, price: 5_000_00, phase: 'phase2' });
    await h.v2('set-order', { key, market_hash_name: DOPPLER, count: 2, price: 40_000_00, phase: 'ruby' });
    const orders = await h.v2<{ orders: { hash_name: string; phase: string; price: number }[] }>(
      'get-orders',
      {
        key,
      },
    );
    expect(orders.orders.map((order) => [order.phase, order.price]).sort()).toEqual([
      ['phase2', 5_000_00],
      ['ruby', 40_000_00],
    ]);
    const ruby = await h.v2<Book>('bid-ask', { key: other.key, hash_name: DOPPLER, phase: 'ruby' });
    expect(ruby.bid).toContainEqual({ price: 40_000_00, count: 2 });
    const phase2 = await h.v2<Book>('bid-ask', { key: other.key, hash_name: DOPPLER, phase: 'phase2' });
    expect(phase2.bid.map((level) => level.price)).not.toContain(40_000_00);
  });
});
