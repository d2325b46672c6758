import { describe, expect, it } from 'vitest';

import { Batched } from './batched.ts';

describe('Batched', () => {
  it('sends the items added while a statement is in flight in one statement, each caller its own answer', async () => {
    const sent: number[][] = [];
    const batched = new Batched<number, number>(async (items) => {
      sent.push(items);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return items.map((n) => n * 10);
    });
    const answers = await Promise.all([1, 2, 3, 4].map((n) => batched.add(n)));
    expect(answers).toEqual([10, 20, 30, 40]);
    expect(sent).toEqual([[1], [2, 3, 4]]);
  });

  it('a failed statement fails only the items that fail alone', async () => {
    const sent: number[][] = [];
    const batched = new Batched<number, number>(async (items) => {
      sent.push(items);
      await Promise.resolve();
      if (items.includes(3)) throw new Error('bad 3');
      return items;
    });
    const results = await Promise.allSettled([1, 2, 3, 4].map((n) => batched.add(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(sent.filter((s) => s.length === 1).map((s) => s[0])).toEqual(expect.arrayContaining([2, 3, 4]));
  });

  it('keeps to the most items per statement', async () => {
    const sizes: number[] = [];
    const batched = new Batched<number, number>(async (items) => {
      sizes.push(items.length);
      await Promise.resolve();
      return items;
    }, 2);
    await Promise.all([1, 2, 3, 4, 5].map((n) => batched.add(n)));
    expect(sizes).toEqual([1, 2, 2]);
  });
});
