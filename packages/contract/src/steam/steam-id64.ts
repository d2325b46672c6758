import { z } from 'zod';

/**
 * An individual account's SteamID64 (universe 1, type 1, instance 1): 0x0110000100000001 to
 * 0x01100001FFFFFFFF. Every such id is past 2^53, so it is only ever exact as a string.
 */
export const STEAM_ID64_MIN = 76561197960265729n;
export const STEAM_ID64_MAX = 76561202255233023n;

/** Why a value is not a SteamID64 (Russian and English), or null when it is one. */
export function steamId64Problem(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return 'Нет SteamID. (SteamID is missing.)';
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)
    return steamId64Problem(String(value));
  if (typeof value === 'number') {
    // A JSON number past 2^53 was already rounded by whoever parsed it: its digits cannot be trusted.
    return 'SteamID пришёл числом и потерял точность: нужна строка цифр. (SteamID arrived as a rounded number: send it as a digit string.)';
  }
  if (typeof value !== 'string' || !/^\d{1,20}$/.test(value))
    return `SteamID должен состоять из цифр: «${String(value).slice(0, 40)}». (SteamID must be digits.)`;
  const id = BigInt(value);
  if (id < STEAM_ID64_MIN || id > STEAM_ID64_MAX) {
    return `SteamID ${value} вне диапазона аккаунтов Steam (7656119…). (SteamID ${value} is outside the range of Steam accounts.)`;
  }
  return null;
}

/**
 * A SteamID64 from outside JSON: a digit string (what the lossless parser makes of a bare number) in the
 * accounts' range, answered as that string. A JS number is refused: past 2^53 it has already been rounded.
 */
export const steamId64Schema = z.unknown().transform((value, ctx) => {
  const problem = steamId64Problem(value);
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return value as string;
});
