import { describe, expect, it } from 'vitest';

import { createSlots } from './request-slots';

/** A task that ends when told to, recording when it started. */
function gate(started: number[], id: number) {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { task: () => (started.push(id), done.then(() => id)), open };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createSlots', () => {
  it('runs at most the limit at once, the rest in the order they asked', async () => {
    const inSlot = createSlots(2);
    const started: number[] = [];
    const gates = [0, 1, 2, 3].map((id) => gate(started, id));
    const results = gates.map((g) => inSlot(g.task));
    await tick();
    expect(started).toEqual([0, 1]);
    gates[1]!.open();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open();
    gates[2]!.open();
    gates[3]!.open();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3]);
  });

  it('never starts a waiting task whose signal aborts, and frees nothing it did not hold', async () => {
    const inSlot = createSlots(1);
    const started: number[] = [];
    const first = gate(started, 0);
    const second = gate(started, 1);
    const third = gate(started, 2);
    const controller = new AbortController();
    const running = inSlot(first.task);
    const aborted = inSlot(second.task, controller.signal);
    const after = inSlot(third.task);
    controller.abort();
    await expect(aborted).rejects.toBeDefined();
    first.open();
    third.open();
    expect(await Promise.all([running, after])).toEqual([0, 2]);
    expect(started).toEqual([0, 2]);
  });
});
