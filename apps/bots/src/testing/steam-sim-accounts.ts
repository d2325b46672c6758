import type { createSteamSimulator } from '@toydesk/simulators/steam';

import { reserveRowId, sealedPlace } from '@toydesk/db';

import type { BotTestApp } from './bot-test-app.ts';

/** The simulated Steam's configuration (useSimApp's `steam`). */
export type SteamSimConfig = NonNullable<Parameters<typeof createSteamSimulator>[0]>['config'];

/** Steam's login limit raised far past what a test file's sign-ins reach (the real one blocks after a few). */
export const RELAXED_STEAM_LOGIN: SteamSimConfig = {
  loginRateLimit: { max: 10_000, windowMs: 600_000, blockMs: 1_800_000 },
};

/**
 * Every Steam limit a test file's calls reach raised far past them: sign-ins, confirmations, inventory and
 * price reads, for tests of what the services do rather than of the limits.
 */
export const RELAXED_STEAM_LIMITS: SteamSimConfig = {
  ...RELAXED_STEAM_LOGIN,
  confirmationRateLimit: { max: 10_000, windowMs: 60_000, blockMs: 300_000 },
  inventoryRateLimit: { max: 10_000, windowMs: 60_000 },
  priceOverviewRateLimit: { max: 10_000, windowMs: 60_000 },
};

/** What the simulator answers for an account made with its authenticator (twoFactor). */
export interface GuardedSteamAccount {
  accountName: string;
  password: string;
  sharedSecret?: string | null;
  identitySecret?: string | null;
}

/**
 * Stores a simulated Steam account with its authenticator as the vault holds a maFile's: login and
 * password, shared and identity secrets, all sealed. Returns its steam_account id.
 */
export async function storeGuardedSteamAccount(
  runtime: Pick<BotTestApp['runtime'], 'db' | 'vault'>,
  created: GuardedSteamAccount,
): Promise<number> {
  const { db, vault } = runtime;
  // Sealed for the row, as the bot services write them: the id first.
  const id = await reserveRowId(db, 'steam_account');
  await db.query(
    `INSERT INTO steam_account (id, steam_account_name, login, password, shared_secret, identity_secret)
     VALUES ($1, $2, $2, $3, $4, $5)`,
    [
      id,
      created.accountName,
      vault.seal(created.password, sealedPlace('steam_account', 'password', id)),
      vault.seal(created.sharedSecret!, sealedPlace('steam_account', 'shared_secret', id)),
      vault.seal(created.identitySecret!, sealedPlace('steam_account', 'identity_secret', id)),
    ],
  );
  return id;
}
