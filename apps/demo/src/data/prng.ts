/**
 * A small seeded pseudo-random generator (mulberry32) so that the demo data is the same on every run.
 * Each generator forks its own stream by label, so changing one generator never shifts the others.
 */

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** FNV-1a over the UTF-16 code units: a stable 32-bit hash for seeds. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A new independent stream, derived from this one's seed and a label. */
  static fromLabel(seed: number, label: string): Random {
    return new Random(hashString(`${seed}:${label}`));
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform in [min, max). */
  float(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
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

  /** Log-uniform in [min, max): as many values between 10 and 100 as between 100 and 1000. */
  logUniform(min: number, max: number): number {
    return Math.exp(this.float(Math.log(min), Math.log(max)));
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

  /** A digit string of the given length without a leading zero. */
  digits(length: number): string {
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
