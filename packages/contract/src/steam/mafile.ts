import { z } from 'zod';

import { steamId64Problem } from './steam-id64.ts';

/**
 * A maFile as Steam Desktop Authenticator (SteamAuth's SteamGuardAccount) writes it. Both formats:
 * the older one with `Session.{SessionID, SteamLogin, SteamLoginSecure, WebCookie, OAuthToken, SteamID}`
 * and the newer one with `Session.{SteamID, AccessToken, RefreshToken, SessionID}`. `SteamID` is a bare
 * JSON number there (a C# ulong): parse the file with parseJsonLossless so it arrives as its digit string.
 * Newtonsoft reads keys case-insensitively, so `SteamId` or `steamid` are read too.
 */
export const maFileSchema = z.looseObject({
  shared_secret: z.string().min(1, 'Нет shared_secret. (shared_secret is missing.)'),
  identity_secret: z.string().nullish(),
  revocation_code: z.string().nullish(),
  account_name: z.string().nullish(),
  device_id: z.string().nullish(),
  serial_number: z.unknown().optional(),
  fully_enrolled: z.boolean().nullish(),
  Session: z.looseObject({}).nullish(),
});
export type MaFile = z.infer<typeof maFileSchema>;

/** What toydesk keeps of a maFile. */
export interface MaFileData {
  account_name: string | null;
  steam_id: string;
  shared_secret: string;
  identity_secret: string | null;
  revocation_code: string | null;
  /** `new` when the session holds access/refresh tokens, `old` for the cookie session, `none` without one. */
  format: 'new' | 'old' | 'none';
}

function keyOf(record: Record<string, unknown> | null | undefined, name: string): unknown {
  if (!record) return undefined;
  const lower = name.toLowerCase();
  const key = Object.keys(record).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : record[key];
}

/** The SteamID a maFile carries: `Session.SteamID`, else a top-level `steamid` (other tools' files). */
export function maFileSteamId(file: MaFile): unknown {
  return keyOf(file.Session, 'SteamID') ?? keyOf(file, 'steamid') ?? keyOf(file, 'steam_id');
}

/**
 * The maFile read into what toydesk stores, or the problems (Russian and English) keyed like a DRF error:
 * a SteamID that is missing, not digits, a rounded number or outside the accounts' range is refused.
 */
export function readMaFile(
  value: unknown,
): { ok: true; data: MaFileData } | { ok: false; errors: Record<string, string[]> } {
  const parsed = maFileSchema.safeParse(value);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.') || 'non_field_errors';
      (errors[key] ??= []).push(issue.message);
    }
    return { ok: false, errors };
  }
  const file = parsed.data;
  const steamId = maFileSteamId(file);
  const problem = steamId64Problem(steamId);
  if (problem) return { ok: false, errors: { 'Session.SteamID': [problem] } };
  const session = file.Session ?? null;
  const format = !session
    ? 'none'
    : keyOf(session, 'AccessToken') !== undefined || keyOf(session, 'RefreshToken') !== undefined
      ? 'new'
      : 'old';
  return {
    ok: true,
    data: {
      account_name: file.account_name || null,
      steam_id: steamId as string,
      shared_secret: file.shared_secret,
      identity_secret: file.identity_secret || null,
      revocation_code: file.revocation_code || null,
      format,
    },
  };
}
