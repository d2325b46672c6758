import { describe, expect, it } from 'vitest';

import { idleRoundsAfter, nextTickSeconds } from './tick-backoff.ts';

describe('a trading loop with nothing to do', () => {
  it('waits twice as long after each idle tick, up to the cap', () => {
    let rounds = 0;
    const waits: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      rounds = idleRoundsAfter(rounds, true);
      waits.push(nextTickSeconds(5, rounds, 60));
    }
    expect(waits).toEqual([10, 20, 40, 60, 60, 60, 60]);
  });

  it('goes back to its interval after a tick with work', () => {
    let rounds = 0;
    for (let i = 0; i < 5; i += 1) rounds = idleRoundsAfter(rounds, true);
    expect(nextTickSeconds(5, rounds, 60)).toBe(60);
    rounds = idleRoundsAfter(rounds, false);
    expect(rounds).toBe(0);
    expect(nextTickSeconds(5, rounds, 60)).toBe(5);
  });

  it('a loop slower than the cap keeps its own interval', () => {
    expect(nextTickSeconds(180, 3, 60)).toBe(180);
  });

  it('counts idle rounds only up to a bound', () => {
    let rounds = 0;
    for (let i = 0; i < 1000; i += 1) rounds = idleRoundsAfter(rounds, true);
    expect(rounds).toBe(20);
    expect(nextTickSeconds(1, rounds, 120)).toBe(120);
  });
});
