import { randomHex } from '../util/random.ts';
import type { KitMarketDefinition } from './kit-definition.ts';
import type { NewCredentials } from './kit-market.ts';
import type { KitRequest } from './kit-types.ts';

/**
 * The credentials of the markets whose whole credential is one API key (Waxpeer, CSFloat, BitSkins,
 * Lis-skins): what the client stores and what the request carries are the same random hex key.
 */
export function hexKeyCredentials(bytes: number): () => NewCredentials {
  return () => {
    const key = randomHex(bytes);
    return { credential: key, authKey: key, extra: {} };
  };
}

/** A key the caller already holds, for the same markets: one printable ASCII word of 8 to 200 characters. */
export function givenKeyCredentials(credential: string): NewCredentials | null {
  return /^[\x21-\x7e]{8,200}$/.test(credential) ? { credential, authKey: credential, extra: {} } : null;
}

/**
 * Auth by a key the request carries (`readKey`: a header, a query parameter; null when it carries none):
 * no key is `none`, a known key its account, any other the market's own refusal.
 */
export function keyAuth(
  readKey: (req: KitRequest) => string | null | undefined,
  refusal: { status: number; body: unknown },
): KitMarketDefinition['authenticate'] {
  return (req, env) => {
    const key = readKey(req);
    if (!key) return { kind: 'none' };
    const account = env.market.accountByAuthKey(key);
    return account ? { kind: 'ok', account } : { kind: 'refused', ...refusal };
  };
}
