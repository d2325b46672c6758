import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost parameters, stored with each hash (scrypt$N$r$p$salt$hash) so that they can change. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's current guidance for scrypt (Password Storage Cheat Sheet): 128 MiB and about 0.5 s per hash. */
export const PASSWORD_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
// A stored hash is ours, but a damaged row must not make a login allocate gigabytes.
const MAX_N = 2 ** 20;

/** The memory OpenSSL needs for these parameters (its own formula: p·128·r for B plus 128·r·(N+2) for V). */
const scryptMemory = ({ N, r, p }: ScryptCost) => 128 * r * (N + p + 2);

function scryptAsync(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: scryptMemory(cost) }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** A new hash at `cost` (the current guidance unless a test asks for an older one). */
export async function hashPassword(password: string, cost: ScryptCost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parseHash(stored: string): { cost: ScryptCost; salt: Buffer; hash: Buffer } | null {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const valid =
    scheme === 'scrypt' &&
    salt &&
    hash &&
    Number.isSafeInteger(cost.N) &&
    cost.N > 1 &&
    cost.N <= MAX_N &&
    (cost.N & (cost.N - 1)) === 0 &&
    [cost.r, cost.p].every((value) => Number.isSafeInteger(value) && value >= 1 && value <= 32);
  return valid ? { cost, salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') } : null;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await scryptAsync(password, parsed.salt, parsed.cost);
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
}

/** True when a stored hash was made with other parameters than today's: the next login stores a new one. */
export function needsRehash(stored: string): boolean {
  const cost = parseHash(stored)?.cost;
  return !cost || cost.N !== PASSWORD_COST.N || cost.r !== PASSWORD_COST.r || cost.p !== PASSWORD_COST.p;
}
