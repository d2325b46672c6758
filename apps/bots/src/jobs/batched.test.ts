import { describe, expect, it } from 'vitest';

import { Batched } from './batched.ts';

describe('Batched', () => {
  it('sends the first item at once and those added meanwhile in one statement, each caller its answer', async () => {
    const statements: number[][] = [];
    const batched = new Batched<number, number>(async (items) => {
      statements.push(items);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return items.map((n) => n * 10);
    });
    const answers = await Promise.all([1, 2, 3, 4].map((n) => batched.add(n)));
    expect(answers).toEqual([10, 20, 30, 40]);
    expect(statements).toEqual([[1], [2, 3, 4]]);
  });

  it('a failed statement is sent again item by item: only the item that fails on its own fails', async () => {
    const statements: number[][] = [];
    const batched = new Batched<number, string>(async (items) => {
      statements.push(items);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (items.includes(3)) throw new Error('bad item 3');
      return items.map(String);
    });
    const answers = await Promise.allSettled([1, 2, 3, 4].map((n) => batched.add(n)));
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual([
      '1',
      '2',
      'bad item 3',
      '4',
    ]);
    expect(statements.slice(0, 2)).toEqual([[1], [2, 3, 4]]);
    expect(statements.slice(2).sort()).toEqual([[2], [3], [4]]);
  });

  it('keeps to its most items per statement', async () => {
    const sizes: number[] = [];
    const batched = new Batched<number, number>(async (items) => {
      sizes.push(items.length);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return items;
    }, 3);
    await Promise.all(Array.from({ length: 8 }, (_, i) => batched.add(i)));
    expect(sizes).toEqual([1, 3, 3, 1]);
  });
});
