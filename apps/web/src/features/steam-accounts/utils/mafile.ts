/** A maFile (Steam Desktop Authenticator's JSON) as read from disk, matched to one of our accounts. */
export interface ParsedMaFile {
  fileName: string;
  /** The JSON object to send; null when the file is not a maFile. */
  mafile: Record<string, unknown> | null;
  accountName: string | null;
  steamId: string | null;
  /** Why the file cannot be imported (a translation key under ops.mafile). */
  problem: 'notJson' | 'noSharedSecret' | null;
}

export interface MaFileAccount {
  id: number;
  steam_account_name: string;
  login: string | null;
  steam_id: string | null;
}

export function parseMaFile(fileName: string, text: string): ParsedMaFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { fileName, mafile: null, accountName: null, steamId: null, problem: 'notJson' };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return { fileName, mafile: null, accountName: null, steamId: null, problem: 'notJson' };
  const record = data as Record<string, unknown>;
  const session = record.Session as Record<string, unknown> | undefined;
  const rawSteamId = session?.SteamID ?? record.steamid;
  // SDA writes SteamID as a JSON number, which loses digits past 2^53: read it from the text instead.
  const textSteamId = /"SteamID"\s*:\s*"?(\d{17})"?/.exec(text)?.[1] ?? null;
  const steamId =
    textSteamId ??
    (typeof rawSteamId === 'string' || typeof rawSteamId === 'number' ? String(rawSteamId) : null);
  const accountName = typeof record.account_name === 'string' ? record.account_name : null;
  const hasSecret = typeof record.shared_secret === 'string' && record.shared_secret.length > 0;
  return {
    fileName,
    mafile: hasSecret ? record : null,
    accountName,
    steamId,
    problem: hasSecret ? null : 'noSharedSecret',
  };
}

/** The account a maFile belongs to: by SteamID64, else by login or account name (case-insensitive). */
export function matchMaFile(file: ParsedMaFile, accounts: readonly MaFileAccount[]): number | null {
  if (file.steamId) {
    const bySteamId = accounts.find((account) => account.steam_id === file.steamId);
    if (bySteamId) return bySteamId.id;
  }
  const name = file.accountName?.toLowerCase();
  if (name) {
    const byName = accounts.find(
      (account) => account.login?.toLowerCase() === name || account.steam_account_name.toLowerCase() === name,
    );
    if (byName) return byName.id;
  }
  const stem = file.fileName.replace(/\.mafile$/i, '').toLowerCase();
  const byFileName = accounts.find(
    (account) =>
      account.steam_id === stem ||
      account.login?.toLowerCase() === stem ||
      account.steam_account_name.toLowerCase() === stem,
  );
  return byFileName?.id ?? null;
}
