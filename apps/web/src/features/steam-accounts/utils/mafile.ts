import { maFileSteamId, maFileSchema, parseJsonLossless, readMaFile } from '@toydesk/contract';

/** Why a file cannot be imported (a translation key under ops.mafile.problem). */
export type MaFileProblem = 'notJson' | 'noSharedSecret' | 'noSteamId' | 'badSteamId' | 'badField';

/** A maFile (Steam Desktop Authenticator's JSON) as read from disk, matched to one of our accounts. */
export interface ParsedMaFile {
  fileName: string;
  /** The JSON object to send (SteamID as its exact digit string); null when the file cannot be imported. */
  mafile: Record<string, unknown> | null;
  accountName: string | null;
  /** The SteamID64 exactly as written, even when SDA wrote it as a bare number past 2^53. */
  steamId: string | null;
  problem: MaFileProblem | null;
  /** badField: the first field the contract's maFile schema refuses (for example `identity_secret`). */
  problemField?: string;
}

export interface MaFileAccount {
  id: number;
  steam_account_name: string;
  login: string | null;
  steam_id: string | null;
}

export function parseMaFile(fileName: string, text: string): ParsedMaFile {
  const none = { fileName, mafile: null, accountName: null, steamId: null };
  let data: unknown;
  try {
    // SDA writes Session.SteamID as a bare number: JSON.parse would round 76561198000000002 to ...000.
    data = parseJsonLossless(text);
  } catch {
    return { ...none, problem: 'notJson' };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return { ...none, problem: 'notJson' };
  const record = data as Record<string, unknown>;
  const accountName = typeof record.account_name === 'string' ? record.account_name : null;
  const read = readMaFile(record);
  if (read.ok) {
    return { fileName, mafile: record, accountName, steamId: read.data.steam_id, problem: null };
  }
  const parsed = maFileSchema.safeParse(record);
  // A field other than the SteamID refused by the schema is named as it is, not taken for a missing SteamID.
  const otherField = Object.keys(read.errors).find((key) => !key.startsWith('Session'));
  if (!parsed.success && !read.errors.shared_secret && otherField) {
    return {
      fileName,
      mafile: null,
      accountName,
      steamId: null,
      problem: 'badField',
      problemField: otherField,
    };
  }
  const raw = parsed.success ? maFileSteamId(parsed.data) : undefined;
  const steamId = typeof raw === 'string' ? raw : null;
  const problem: MaFileProblem = read.errors.shared_secret
    ? 'noSharedSecret'
    : raw === undefined || raw === null || raw === ''
      ? 'noSteamId'
      : 'badSteamId';
  return { fileName, mafile: null, accountName, steamId, problem };
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** The account a maFile belongs to: by SteamID64, else by login or account name (case-insensitive). */
export function matchMaFile(file: ParsedMaFile, accounts: readonly MaFileAccount[]): number | null {
  if (file.steamId) {
    const bySteamId = accounts.find((account) => account.steam_id === file.steamId);
    if (bySteamId) return bySteamId.id;
  }
  const name = file.accountName;
  if (name) {
    const byName = accounts.find(
      (account) => same(account.login, name) || same(account.steam_account_name, name),
    );
    if (byName) return byName.id;
  }
  const stem = file.fileName.replace(/\.mafile$/i, '');
  const byFileName = accounts.find(
    (account) =>
      account.steam_id === stem || same(account.login, stem) || same(account.steam_account_name, stem),
  );
  return byFileName?.id ?? null;
}

/**
 * How a maFile disagrees with the account chosen for it: another account_name, or another SteamID than
 * the one stored. The import asks before going on (the bot service refuses it with 409 otherwise).
 */
export function maFileMismatch(
  file: ParsedMaFile,
  account: MaFileAccount,
): { accountName: boolean; steamId: boolean } | null {
  const accountName =
    !!file.accountName &&
    !same(file.accountName, account.login) &&
    !same(file.accountName, account.steam_account_name);
  const steamId = !!file.steamId && account.steam_id !== null && account.steam_id !== file.steamId;
  return accountName || steamId ? { accountName, steamId } : null;
}
