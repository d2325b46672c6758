import type { Queryable } from '../database.ts';
import { sealedPlace } from '../vault/sealed-columns.ts';
import type { Vault } from '../vault/vault.ts';

/**
 * The Steam sessions repository (table bot_steam_session, migration 010): per Steam account, its last Steam
 * session (cookies and tokens are credentials: the whole session is stored vault-encrypted, with its
 * SteamID and token expiries beside it in clear) and the Steam Web API key set-steam-api-key made.
 * The session's shape is the Steam package's; this file stores it as JSON text.
 */

/** The columns kept beside the encrypted session. */
export interface SteamSessionColumns {
  steamId: string;
  accessTokenExpiresAt: string;
  refreshTokenExpiresAt: string;
}

/** The account's session as its JSON text, decrypted (never logged); null when none is stored. */
export async function loadSteamSessionJson(
  db: Queryable,
  vault: Vault,
  steamAccount: number,
): Promise<string | null> {
  const [row] = await db.query<{ session: string }>(
    'SELECT session FROM bot_steam_session WHERE steam_account = $1',
    [steamAccount],
  );
  return row ? vault.open(row.session, sealedPlace('bot_steam_session', 'session', steamAccount)) : null;
}

/** Stores the account's session (encrypted as a whole), replacing the one before. */
export async function saveSteamSession(
  db: Queryable,
  vault: Vault,
  steamAccount: number,
  session: SteamSessionColumns,
): Promise<void> {
  await db.query(
    `INSERT INTO bot_steam_session (steam_account, session, steam_id, access_token_expires_at, refresh_token_expires_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (steam_account) DO UPDATE SET session = excluded.session, steam_id = excluded.steam_id,
       access_token_expires_at = excluded.access_token_expires_at,
       refresh_token_expires_at = excluded.refresh_token_expires_at, updated_at = now()`,
    [
      steamAccount,
      vault.seal(JSON.stringify(session), sealedPlace('bot_steam_session', 'session', steamAccount)),
      session.steamId,
      session.accessTokenExpiresAt,
      session.refreshTokenExpiresAt,
    ],
  );
}

/** Stores the account's Steam Web API key, encrypted (on the session's row: an account has a key once logged in). */
export async function saveSteamApiKey(
  db: Queryable,
  vault: Vault,
  steamAccount: number,
  key: string,
): Promise<void> {
  await db.query('UPDATE bot_steam_session SET steam_api_key = $2 WHERE steam_account = $1', [
    steamAccount,
    vault.seal(key, sealedPlace('bot_steam_session', 'steam_api_key', steamAccount)),
  ]);
}
