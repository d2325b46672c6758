import type { Random } from './prng.ts';

/**
 * Increasing numeric ids with random gaps, as a marketplace or Steam hands them out (deal ids, asset
 * ids). Each sequence is unique within itself; separate ranges keep separate sequences apart.
 */
export class IdSequence {
  private value: number;

  constructor(
    start: number,
    private readonly rng: Random,
    private readonly maxGap: number,
  ) {
    if (!Number.isSafeInteger(start)) throw new Error('IdSequence start must be a safe integer');
    this.value = start;
  }

  next(): string {
    this.value += this.rng.int(1, this.maxGap);
    return String(this.value);
  }
}
