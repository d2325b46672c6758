import {
  createSteamSimulator,
  SteamSimControlClient,
  type SteamSimulatorServer,
} from '@toydesk/simulators/steam';
import { afterAll, beforeAll } from 'vitest';

import { startBotTestApp, type BotTestApp } from './bot-test-app.ts';

type SteamConfig = NonNullable<Parameters<typeof createSteamSimulator>[0]>['config'];

/** Steam's login limit raised far past what a test file's sign-ins reach (the real one blocks after a few). */
export const RELAXED_STEAM_LOGIN: SteamConfig = {
  loginRateLimit: { max: 10_000, windowMs: 600_000, blockMs: 1_800_000 },
};

/** A describe block's simulated Steam (its control API) and the bot app pointed at it. */
export interface SteamSimApp {
  readonly control: SteamSimControlClient;
  readonly app: BotTestApp;
}

/**
 * Starts the simulated Steam with `config` and a bot test app on it before the block's tests, and closes
 * both after them. A beforeAll the test adds after this call sees both started.
 */
export function useSteamSimApp(config: SteamConfig = RELAXED_STEAM_LOGIN): SteamSimApp {
  let steam: SteamSimulatorServer | undefined;
  let control: SteamSimControlClient | undefined;
  let app: BotTestApp | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useSteamSimApp: Steam and the app start in beforeAll');
    return value;
  };
  beforeAll(async () => {
    steam = await createSteamSimulator({ config });
    const base = await steam.listen({ port: 0, host: '127.0.0.1' });
    control = new SteamSimControlClient(base);
    app = await startBotTestApp({ env: { TOYDESK_STEAM_URL: base } });
  });
  afterAll(async () => {
    await app?.close();
    await steam?.close();
  });
  return {
    get control() {
      return started(control);
    },
    get app() {
      return started(app);
    },
  };
}

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
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO steam_account (steam_account_name, login, password, shared_secret, identity_secret)
     VALUES ($1, $1, $2, $3, $4) RETURNING id`,
    [
      created.accountName,
      vault.encrypt(created.password),
      vault.encrypt(created.sharedSecret!),
      vault.encrypt(created.identitySecret!),
    ],
  );
  return row!.id;
}
