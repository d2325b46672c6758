import { createPublicKey, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';

/**
 * DMarket's request signature: Ed25519 over `METHOD + path?query + body + timestamp`, sent as
 * `X-Request-Sign: dmar ed25519 <hex signature>` with `X-Api-Key: <public key hex>` and
 * `X-Sign-Date: <unix seconds>`. Keys are raw hex: a 32-byte public key and a 64-byte secret key
 * (seed followed by the public key, as NaCl and DMarket give it).
 */

const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export interface DmarketKeyPair {
  publicHex: string;
  secretHex: string;
}

export function generateDmarketKeyPair(): DmarketKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' });
  const seed = Buffer.from(jwk.d ?? '', 'base64url');
  const pub = publicKey.export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX.length);
  return { publicHex: pub.toString('hex'), secretHex: Buffer.concat([seed, pub]).toString('hex') };
}

export function publicKeyFromHex(publicHex: string): KeyObject | null {
  if (!/^[0-9a-f]{64}$/i.test(publicHex)) return null;
  return createPublicKey({
    key: Buffer.concat([SPKI_PREFIX, Buffer.from(publicHex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
}

/** What DMarket signs. */
export function signedText(method: string, pathAndQuery: string, body: string, timestamp: string): string {
  return `${method.toUpperCase()}${pathAndQuery}${body}${timestamp}`;
}

export function verifyDmarketSignature(key: KeyObject, text: string, header: string): boolean {
  const match = /^dmar ed25519 ([0-9a-f]{128})$/i.exec(header.trim());
  if (!match) return false;
  return verify(null, Buffer.from(text, 'utf8'), key, Buffer.from(match[1]!, 'hex'));
}
