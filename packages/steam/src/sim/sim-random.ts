import { randomBytes } from 'node:crypto';

/** A seeded generator (mulberry32) for fault shares and generated data. */
export class SimRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(share: number): boolean {
    return this.next() < share;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  digits(count: number): string {
    let text = '';
    for (let i = 0; i < count; i++) text += String(this.int(0, 9));
    return text;
  }
}

/** Secrets are random for real (they sign and check codes); nothing in a test depends on their values. */
export function randomSecret(bytes: number): string {
  return randomBytes(bytes).toString('base64');
}

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}
