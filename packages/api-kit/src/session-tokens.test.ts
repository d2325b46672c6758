import { createHash } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { botTokenOf, hashSecretToken, newSecretToken, sessionTokenHashes } from './session-tokens.ts';

describe('session tokens', () => {
  it('gives each session its own bot token, the same one every time it is asked', () => {
    const a = newSecretToken();
    const b = newSecretToken();
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(b).not.toBe(a);
    expect(botTokenOf(a)).toBe(botTokenOf(a));
    expect(botTokenOf(a)).not.toBe(botTokenOf(b));
    expect(botTokenOf(a)).not.toBe(a);
  });

  it('stores only SHA-256 hashes, and the two hashes of a session differ', () => {
    const session = newSecretToken();
    const hashes = sessionTokenHashes(session);
    expect(hashes.tokenHash).toBe(createHash('sha256').update(session).digest('hex'));
    expect(hashes.botTokenHash).toBe(hashSecretToken(botTokenOf(session)));
    expect(hashes.botTokenHash).not.toBe(hashes.tokenHash);
    expect(JSON.stringify(hashes)).not.toContain(botTokenOf(session));
  });
});
