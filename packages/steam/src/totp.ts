import { createHmac } from 'node:crypto';

import SteamTotp from 'steam-totp';

/**
 * Steam Guard codes and confirmation keys. `steam-totp` is the reference; `steamGuardCodeAt` is its
 * `generateAuthCode` for an explicit time (steam-totp reads the local clock), which the simulator needs to
 * check codes at its simulated time. `totp.test.ts` checks both give the same codes.
 */

const CODE_CHARS = '23456789BCDFGHJKMNPQRTVWXY';

/** shared_secret / identity_secret as bytes: 40 hex digits, else base64 (as steam-totp decides). */
export function secretBytes(secret: string): Buffer {
  return /[0-9a-f]{40}/i.test(secret) ? Buffer.from(secret, 'hex') : Buffer.from(secret, 'base64');
}

/** The 5-character Steam Guard code for the 30-second window holding `unixSeconds`. */
export function steamGuardCodeAt(sharedSecret: string, unixSeconds: number): string {
  const counter = Buffer.alloc(8);
  counter.writeUInt32BE(0, 0);
  counter.writeUInt32BE(Math.floor(unixSeconds / 30), 4);
  const hmac = createHmac('sha1', secretBytes(sharedSecret)).update(counter).digest();
  const start = (hmac[19] ?? 0) & 0x0f;
  let full = hmac.readUInt32BE(start) & 0x7fffffff;
  let code = '';
  for (let i = 0; i < 5; i++) {
    code += CODE_CHARS.charAt(full % CODE_CHARS.length);
    full = Math.floor(full / CODE_CHARS.length);
  }
  return code;
}

/** steam-totp's own: the code for now on the local clock plus `offsetSeconds` (Steam time minus ours). */
export function steamGuardCodeNow(sharedSecret: string, offsetSeconds = 0): string {
  return SteamTotp.generateAuthCode(sharedSecret, offsetSeconds);
}

/** The base64 confirmation key for `tag` ('list', 'conf', 'details', 'accept', 'allow', 'reject', 'cancel'). */
export function confirmationKey(identitySecret: string, unixSeconds: number, tag: string): string {
  return SteamTotp.generateConfirmationKey(identitySecret, unixSeconds, tag);
}

/** The mobile device id Steam expects for the account (`android:<uuid from sha1(steamid)>`). */
export function deviceIdFor(steamId: string): string {
  return SteamTotp.getDeviceID(steamId);
}

/** Whether `code` is valid at `unixSeconds`, allowing one window either side (clock drift). */
export function isSteamGuardCodeValid(sharedSecret: string, code: string, unixSeconds: number): boolean {
  const wanted = code.trim().toUpperCase();
  return [-30, 0, 30].some((shift) => steamGuardCodeAt(sharedSecret, unixSeconds + shift) === wanted);
}
