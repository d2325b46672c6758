import {
  steamAccountEntity,
  type MaFileData,
  type Proxy,
  type SignupStep,
  type SteamAccount,
} from '@toydesk/contract';

import { writeAudit } from '../audit/audit-log.ts';
import type { Queryable, Row } from '../database.ts';
import { reserveRowId } from '../vault/reserve-row-id.ts';
import { sealedPlace } from '../vault/sealed-columns.ts';
import { maskSql, type Vault } from '../vault/vault.ts';
import { setChecklistStep } from './account-checklists.ts';

/**
 * The Steam accounts repository (table steam_account) as the bot services use it: the account joined with
 * its proxy for a Steam login, the columns the sign-up steps and a maFile import write (secrets encrypted
 * here, audited), and the checks the handlers make. The console's reads and edits are the server's resource.
 */

/** A Steam account as a Steam login needs it: secrets still encrypted (the caller decrypts what it uses). */
export type SteamAccountWithProxy = Pick<
  SteamAccount,
  'id' | 'steam_account_name' | 'login' | 'phone' | 'steam_id'
> & {
  /** Encrypted (vault); null when none is stored. */
  password: string | null;
  shared_secret: string | null;
  identity_secret: string | null;
  p_id: number | null;
  p_protocol: Proxy['protocol'] | null;
  p_host: string | null;
  p_port: number | null;
  p_username: string | null;
  /** The proxy's password, encrypted. */
  p_password: string | null;
};

export async function loadSteamAccountWithProxy(
  db: Queryable,
  id: number,
): Promise<SteamAccountWithProxy | null> {
  const [row] = await db.query<SteamAccountWithProxy & Row>(
    `SELECT a.id, a.steam_account_name, a.login, a.password, a.shared_secret, a.identity_secret, a.phone, a.steam_id,
            p.id AS p_id, p.protocol AS p_protocol, p.host AS p_host, p.port AS p_port, p.username AS p_username,
            p.password AS p_password
     FROM steam_account a LEFT JOIN proxy p ON p.id = a.proxy WHERE a.id = $1`,
    [id],
  );
  return row ?? null;
}

export async function steamAccountExists(db: Queryable, id: number): Promise<boolean> {
  const [row] = await db.query('SELECT 1 FROM steam_account WHERE id = $1', [id]);
  return row !== undefined;
}

/** The account's mailbox; the password still encrypted. Null without the account. */
export async function loadSteamAccountMailbox(
  db: Queryable,
  id: number,
): Promise<{ email: string | null; email_password: string | null } | null> {
  const [row] = await db.query<{ email: string | null; email_password: string | null }>(
    'SELECT email, email_password FROM steam_account WHERE id = $1',
    [id],
  );
  return row ?? null;
}

export async function saveSteamAccountPhone(db: Queryable, id: number, phone: string): Promise<void> {
  await db.query('UPDATE steam_account SET phone = $2, updated_at = now() WHERE id = $1', [id, phone]);
}

/** The mobile authenticator's secrets, encrypted: losing them after Steam made them locks the account out. */
export async function saveAuthenticatorSecrets(
  db: Queryable,
  vault: Vault,
  id: number,
  secrets: { sharedSecret: string; identitySecret: string; revocationCode: string },
): Promise<void> {
  await db.query(
    `UPDATE steam_account SET shared_secret = $2, identity_secret = $3, revocation_code = $4, updated_at = now()
     WHERE id = $1`,
    [
      id,
      vault.seal(secrets.sharedSecret, sealedPlace('steam_account', 'shared_secret', id)),
      vault.seal(secrets.identitySecret, sealedPlace('steam_account', 'identity_secret', id)),
      vault.seal(secrets.revocationCode, sealedPlace('steam_account', 'revocation_code', id)),
    ],
  );
}

/** What Steam says of the account once it is set up: its SteamID and its trade URL. */
export async function saveSteamAccountSteamInfo(
  db: Queryable,
  id: number,
  steamId: string,
  tradeUrl: string,
): Promise<void> {
  await db.query('UPDATE steam_account SET steam_id = $2, trade_url = $3, updated_at = now() WHERE id = $1', [
    id,
    steamId,
    tradeUrl,
  ]);
}

/** The names and SteamID a maFile is checked against; null without the account. */
export async function loadSteamAccountNames(
  db: Queryable,
  id: number,
): Promise<Pick<SteamAccount, 'steam_account_name' | 'login' | 'steam_id'> | null> {
  const [row] = await db.query<Pick<SteamAccount, 'steam_account_name' | 'login' | 'steam_id'> & Row>(
    'SELECT steam_account_name, login, steam_id FROM steam_account WHERE id = $1',
    [id],
  );
  return row ?? null;
}

/** The account that already holds this SteamID, other than `except`. */
export async function findSteamIdHolder(
  db: Queryable,
  steamId: string,
  except: number | null,
): Promise<{ id: number; steam_account_name: string } | null> {
  const [row] = await db.query<{ id: number; steam_account_name: string }>(
    'SELECT id, steam_account_name FROM steam_account WHERE steam_id = $1 AND ($2::int IS NULL OR id <> $2)',
    [steamId, except],
  );
  return row ?? null;
}

/** Whether an account has this name, in any case. */
export async function steamAccountNameTaken(db: Queryable, name: string): Promise<boolean> {
  const [taken] = await db.query('SELECT 1 FROM steam_account WHERE lower(steam_account_name) = lower($1)', [
    name,
  ]);
  return taken !== undefined;
}

/** The audit log's view of the account: the columns a maFile touches, secrets masked. */
const MAFILE_AUDIT_COLUMNS = `id, steam_account_name, login, steam_id, ${maskSql('shared_secret')} AS shared_secret,
  ${maskSql('identity_secret')} AS identity_secret, ${maskSql('revocation_code')} AS revocation_code`;

/** A maFile's shared secret, identity secret and revocation code sealed for the account (null when absent). */
function sealMaFileSecrets(
  vault: Vault,
  id: number,
  data: MaFileData,
): [string, string | null, string | null] {
  return [
    vault.seal(data.shared_secret, sealedPlace('steam_account', 'shared_secret', id)),
    data.identity_secret
      ? vault.seal(data.identity_secret, sealedPlace('steam_account', 'identity_secret', id))
      : null,
    data.revocation_code
      ? vault.seal(data.revocation_code, sealedPlace('steam_account', 'revocation_code', id))
      : null,
  ];
}

/**
 * A new account from a checked maFile, in the caller's transaction: its SteamID and secrets (encrypted),
 * the `doneSteps` of its checklist done, and the create audited as `actor`.
 */
export async function createSteamAccountFromMaFile(
  tx: Queryable,
  vault: Vault,
  actor: string,
  input: { name: string; login: string; data: MaFileData; doneSteps: readonly SignupStep[] },
): Promise<{ id: number; steam_account_name: string; login: string | null; steam_id: string }> {
  const { data } = input;
  // The secrets are sealed for the row, so its id is taken first (sealed-columns.ts).
  const id = await reserveRowId(tx, 'steam_account');
  const [after] = await tx.query(
    `INSERT INTO steam_account (id, steam_account_name, login, steam_id, shared_secret, identity_secret, revocation_code)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${MAFILE_AUDIT_COLUMNS}`,
    [id, input.name, input.login, data.steam_id, ...sealMaFileSecrets(vault, id, data)],
  );
  for (const step of input.doneSteps) await setChecklistStep(tx, id, step, { state: 'done' }, actor);
  await writeAudit(tx, actor, 'create', steamAccountEntity.name, [{ id, before: null, after: after! }]);
  return {
    id,
    steam_account_name: after!.steam_account_name as string,
    login: (after!.login as string | null) ?? null,
    steam_id: after!.steam_id as string,
  };
}

/**
 * Writes a checked maFile into an account, in the caller's transaction: the row locked, the secrets
 * encrypted (a missing identity secret or revocation code keeps the stored one), the SteamID exact, the
 * change audited as `actor`, then the `doneSteps` of its checklist done. False when the account does not exist
 * (nothing written).
 */
export async function importMaFileSecrets(
  tx: Queryable,
  vault: Vault,
  actor: string,
  account: number,
  input: { data: MaFileData; doneSteps: readonly SignupStep[]; jobId: string },
): Promise<boolean> {
  const { data } = input;
  const [before] = await tx.query(
    `SELECT ${MAFILE_AUDIT_COLUMNS} FROM steam_account WHERE id = $1 FOR UPDATE`,
    [account],
  );
  if (!before) return false;
  const [after] = await tx.query(
    `UPDATE steam_account SET shared_secret = $2, identity_secret = COALESCE($3, identity_secret),
       revocation_code = COALESCE($4, revocation_code), steam_id = $5, updated_at = now()
     WHERE id = $1 RETURNING ${MAFILE_AUDIT_COLUMNS}`,
    [account, ...sealMaFileSecrets(vault, account, data), data.steam_id],
  );
  await writeAudit(tx, actor, 'update', steamAccountEntity.name, [{ id: account, before, after: after! }]);
  for (const step of input.doneSteps)
    await setChecklistStep(tx, account, step, { state: 'done', job_id: input.jobId }, actor);
  return true;
}
