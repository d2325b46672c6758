import { createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';

/**
 * DMarket's request signature: Ed25519 (node:crypto, no extra dependency) over
 * `METHOD + path?query + body + timestamp`, sent as `X-Request-Sign: dmar ed25519 <hex signature>` with
 * `X-Api-Key: <public key hex>` and `X-Sign-Date: <unix seconds>`. The credential is stored as
 * "publicKeyHex:secretKeyHex"; the secret key is DMarket's 64-byte NaCl form (seed followed by the public
 * key) or the bare 32-byte seed.
 */

/** The DER header of a PKCS#8 Ed25519 private key; the 32-byte seed follows it. */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export interface DmarketKeys {
  publicKey: string;
  privateKey: KeyObject;
}

/** Reads "publicKeyHex:secretKeyHex" and checks that the two keys belong together. */
export function parseDmarketCredential(credential: string): DmarketKeys {
  const [publicHex = '', secretHex = '', ...rest] = credential.trim().split(':');
  if (
    rest.length > 0 ||
    !/^[0-9a-f]{64}$/i.test(publicHex) ||
    !/^([0-9a-f]{64}|[0-9a-f]{128})$/i.test(secretHex)
  ) {
    throw new RangeError(
      'a DMarket credential is "publicKeyHex:secretKeyHex" (32-byte public key, 32- or 64-byte secret)',
    );
  }
  const seed = Buffer.from(secretHex.slice(0, 64), 'hex');
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const derived = createPublicKey(privateKey)
    .export({ format: 'der', type: 'spki' })
    .subarray(SPKI_ED25519_PREFIX.length);
  if (derived.toString('hex') !== publicHex.toLowerCase()) {
    throw new RangeError('the DMarket secret key does not belong to the public key');
  }
  return { publicKey: publicHex.toLowerCase(), privateKey };
}

/** The text DMarket signs. */
export function dmarketSigningText(
  method: string,
  pathAndQuery: string,
  body: string,
  timestamp: string,
): string {
  return `${method.toUpperCase()}${pathAndQuery}${body}${timestamp}`;
}

/** The three auth headers of one request. */
export function dmarketHeaders(
  keys: DmarketKeys,
  request: { method: string; pathAndQuery: string; body: string },
  nowMs: number,
): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  const text = dmarketSigningText(request.method, request.pathAndQuery, request.body, timestamp);
  const signature = sign(null, Buffer.from(text, 'utf8'), keys.privateKey).toString('hex');
  return {
    'x-api-key': keys.publicKey,
    'x-sign-date': timestamp,
    'x-request-sign': `dmar ed25519 ${signature}`,
  };
}
