import { parseJsonLossless } from '@toydesk/contract';
import {
  RealSteamGateway,
  SteamSimulatorGateway,
  type SteamCredentials,
  type SteamGateway,
  type SteamSession,
} from '@toydesk/steam';

import type { BotConfig } from '../../config.ts';
import { PermanentJobError } from '../../jobs/job-kind.ts';
import {
  loadSteamSessionJson,
  sealedPlace,
  type Database,
  type SteamAccountWithProxy,
  type Vault,
} from '@toydesk/db';
import { SimulatorInbox } from './simulator-inbox.ts';
import type { SignupInbox } from './signup-inbox.ts';

/** The Steam side of the bot services: one gateway per process, and the inbox where there is one. */
export class SteamAccess {
  private gatewayPromise: Promise<{ gateway: SteamGateway; inbox: SignupInbox | null }> | null = null;

  constructor(
    private readonly config: BotConfig,
    private readonly demo: boolean,
  ) {
    // The demo never reaches the real Steam: its launcher (apps/demo) starts the simulated one and hands
    // its address over as TOYDESK_STEAM_URL.
    if (demo && !config.steamUrl)
      throw new Error('demo mode: the simulated Steam has no URL (TOYDESK_STEAM_URL)');
  }

  /** Which Steam: TOYDESK_STEAM_URL (a simulated Steam, demo mode's too), else the real one. */
  private async open(): Promise<{ gateway: SteamGateway; inbox: SignupInbox | null }> {
    const base = this.config.steamUrl;
    if (!base) return { gateway: new RealSteamGateway(), inbox: null };
    return {
      gateway: new SteamSimulatorGateway({ baseUrl: base }),
      inbox: new SimulatorInbox(base, this.demo),
    };
  }

  private opened() {
    this.gatewayPromise ??= this.open().catch((error: unknown) => {
      this.gatewayPromise = null;
      throw error;
    });
    return this.gatewayPromise;
  }

  async gateway(): Promise<SteamGateway> {
    return (await this.opened()).gateway;
  }

  async inbox(): Promise<SignupInbox | null> {
    return (await this.opened()).inbox;
  }

  async close(): Promise<void> {
    const opened = this.gatewayPromise;
    this.gatewayPromise = null;
    if (opened) await (await opened.catch(() => null))?.gateway.close();
  }
}

export const accountNameOf = (row: SteamAccountWithProxy) => row.login ?? row.steam_account_name;

/**
 * The stored credentials, decrypted (never logged). Demo mode passes useProxy false: the simulated Steam is
 * reached directly on loopback, never through an account's proxy (an operator's could be a real host).
 */
export function credentialsOf(vault: Vault, row: SteamAccountWithProxy, useProxy: boolean): SteamCredentials {
  if (!row.password) throw new PermanentJobError(`Steam account ${row.id} has no password`);
  return {
    accountName: accountNameOf(row),
    password: vault.open(row.password, sealedPlace('steam_account', 'password', row.id)),
    sharedSecret: row.shared_secret
      ? vault.open(row.shared_secret, sealedPlace('steam_account', 'shared_secret', row.id))
      : null,
    proxy:
      useProxy && row.p_host && row.p_protocol && row.p_port
        ? {
            protocol: row.p_protocol,
            host: row.p_host,
            port: row.p_port,
            username: row.p_username,
            password: row.p_password
              ? vault.open(row.p_password, sealedPlace('proxy', 'password', row.p_id!))
              : null,
          }
        : null,
  };
}

/** Sessions live encrypted in bot_steam_session (cookies and tokens are credentials). */
export async function loadSession(db: Database, vault: Vault, account: number): Promise<SteamSession | null> {
  const json = await loadSteamSessionJson(db, vault, account);
  // Lossless like all JSON that holds a Steam ID.
  return json === null ? null : (parseJsonLossless(json) as SteamSession);
}
