import { randomBytes } from 'node:crypto';

import type { Random } from '../../util/random.ts';

const STEAMID64_BASE = 76561197960265728n;
const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A 32-hex API key (random, not seeded: keys are identities). */
export function newApiKey(): string {
  return randomBytes(16).toString('hex');
}

export function steamid64Of(steamid32: number): string {
  return (STEAMID64_BASE + BigInt(steamid32)).toString();
}

/** An 8-character trade-link token. */
export function newTradeToken(random: Random): string {
  let token = '';
  for (let i = 0; i < 8; i++) token += random.pick([...TOKEN_ALPHABET]);
  return token;
}

export function newHex(random: Random, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += random.int(0, 15).toString(16);
  return text;
}

/** Increasing numeric ids as strings, one sequence per kind of thing. */
export class IdSequence {
  private next: number;

  constructor(start: number) {
    this.next = start;
  }

  take(): string {
    return String(this.next++);
  }

  takeNumber(): number {
    return this.next++;
  }
}
