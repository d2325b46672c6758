import { describe, expect, it } from 'vitest';

import { KeyPrefixRateLimiter, type RateLimiter } from './rate-limiter.ts';

function recorder(name: string, log: string[]): RateLimiter {
  return { acquire: async (key) => void log.push(`${name} ${key}`) };
}

describe('KeyPrefixRateLimiter', () => {
  it('routes each key to the limiter of its prefix, else to the fallback', async () => {
    const log: string[] = [];
    const limiter = new KeyPrefixRateLimiter(
      { tm: recorder('tm', log), steam: recorder('steam', log) },
      recorder('other', log),
    );
    await limiter.acquire('tm:abc');
    await limiter.acquire('steam:76561198000000000');
    await limiter.acquire('csfloat:x');
    expect(log).toEqual(['tm tm:abc', 'steam steam:76561198000000000', 'other csfloat:x']);
  });

  it('refuses a key it has no limiter for', async () => {
    const limiter = new KeyPrefixRateLimiter({ tm: recorder('tm', []) });
    await expect(limiter.acquire('dmarket:x')).rejects.toThrow("No rate limiter for key prefix 'dmarket'");
    await expect(limiter.acquire('toString:x')).rejects.toThrow(/No rate limiter/);
  });
});
