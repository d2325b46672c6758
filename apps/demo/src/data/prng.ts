import { hashText, Random as SeededRandom } from '@toydesk/simulators/random';

/**
 * The demo data's seeded generator: the simulators' mulberry32 (the same sequence on every run) with what
 * building tables needs on top. Each table forks its own stream by label, so changing one table's generator
 * never shifts the others.
 */

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export class Random extends SeededRandom {
  /** A new independent stream, derived from a seed and a label. */
  static fromLabel(seed: number, label: string): Random {
    return new Random(hashText(`${seed}:${label}`));
  }

  /** Picks by relative weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [item, weight] of items) {
      roll -= weight;
      if (roll < 0) return item;
    }
    return items[items.length - 1]![0];
  }

  /** Approximately normal (Irwin-Hall of 4), mean 0, standard deviation 1. */
  normal(): number {
    return (this.next() + this.next() + this.next() + this.next() - 2) * Math.sqrt(3);
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  }

  /** A numeric id of the given length, without a leading zero (Steam ids, class ids, trade ids). */
  idDigits(length: number): string {
    let text = String(this.int(1, 9));
    for (let i = 1; i < length; i += 1) text += String(this.int(0, 9));
    return text;
  }

  hex(length: number): string {
    let text = '';
    for (let i = 0; i < length; i += 1) text += this.int(0, 15).toString(16);
    return text;
  }

  alphanumeric(length: number, alphabet = ALPHANUMERIC): string {
    let text = '';
    for (let i = 0; i < length; i += 1) text += alphabet[this.int(0, alphabet.length - 1)];
    return text;
  }

  bytes(length: number): Buffer {
    const buffer = Buffer.alloc(length);
    for (let i = 0; i < length; i += 1) buffer[i] = this.int(0, 255);
    return buffer;
  }
}
