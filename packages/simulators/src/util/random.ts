import { randomBytes } from 'node:crypto';

/**
 * A small seeded pseudo-random generator (mulberry32), so a simulator started with the same seed builds the
 * same market. Not for secrets: API keys and tokens come from node:crypto instead.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** A log-uniform float in [min, max): cheap values as likely per decade as dear ones. */
  logBetween(min: number, max: number): number {
    return Math.exp(this.between(Math.log(min), Math.log(max)));
  }

  pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new RangeError('pick from an empty list');
    return list[Math.floor(this.next() * list.length)] as T;
  }

  chance(share: number): boolean {
    return this.next() < share;
  }

  /** `count` decimal digits (SMS and email codes, phone numbers). */
  digits(count: number): string {
    let text = '';
    for (let i = 0; i < count; i++) text += String(this.int(0, 9));
    return text;
  }
}

/** Really random hex (node:crypto), for names and keys that must differ between runs and simulators. */
export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/** A stable 32-bit hash of a text (FNV-1a), to derive per-name seeds. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
