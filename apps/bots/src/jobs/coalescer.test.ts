import { describe, expect, it } from 'vitest';

import { Coalescer } from './coalescer.ts';

/** A write whose statements the test ends one by one, recording what each carried. */
function gatedWrite() {
  const statements: number[][] = [];
  const gates: { open: () => void; fail: (error: Error) => void }[] = [];
  const write = (items: number[]) =>
    new Promise<void>((resolve, reject) => {
      statements.push(items);
      gates.push({ open: resolve, fail: reject });
    });
  return { statements, gates, write };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Coalescer', () => {
  it('sends the first items at once and those added meanwhile together in the next statement', async () => {
    const { statements, gates, write } = gatedWrite();
    const c = new Coalescer(write);
    const first = c.add([1]);
    const rest = [c.add([2, 3]), c.add([4]), c.add([5])];
    await tick();
    expect(statements).toEqual([[1]]);
    gates[0]!.open();
    await first;
    await tick();
    expect(statements).toEqual([[1], [2, 3, 4, 5]]);
    gates[1]!.open();
    await Promise.all(rest);
    expect(statements).toHaveLength(2);
  });

  it('a failed statement fails only the callers it carried; the next one still goes', async () => {
    const { statements, gates, write } = gatedWrite();
    const c = new Coalescer(write);
    const first = c.add([1]);
    const second = c.add([2]);
    await tick();
    gates[0]!.fail(new Error('disk full'));
    await expect(first).rejects.toThrow('disk full');
    await tick();
    expect(statements).toEqual([[1], [2]]);
    gates[1]!.open();
    await expect(second).resolves.toBeUndefined();
  });

  it('keeps a caller whole and statements under the limit', async () => {
    const { statements, gates, write } = gatedWrite();
    const c = new Coalescer(write, 3);
    const all = [c.add([1]), c.add([2, 3]), c.add([4, 5]), c.add([6, 7, 8, 9])];
    for (let i = 0; i < 4; i += 1) {
      await tick();
      gates[i]?.open();
    }
    await Promise.all(all);
    expect(statements).toEqual([[1], [2, 3], [4, 5], [6, 7, 8, 9]]);
    expect(await c.add([])).toBeUndefined();
  });
});
