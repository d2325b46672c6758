import { parseJsonLossless } from '@toydesk/contract';
import type { ProxyConfig } from '@toydesk/http';
import type * as SteamSimulators from '@toydesk/simulators/steam';
import type { SteamSimControlClient, SteamSimulatorServer } from '@toydesk/simulators/steam';
import {
  RealSteamGateway,
  SteamSimulatorGateway,
  type SteamCredentials,
  type SteamGateway,
  type SteamSession,
} from '@toydesk/steam';

import type { BotConfig } from '../../config.ts';
import type { BotLogger } from '../../jobs/job-queue.ts';
import { PermanentJobError } from '../../jobs/job-kind.ts';
import type { Database, Vault } from '@toydesk/db';

/**
 * Where the codes of the sign-up steps come from when no operator types them: the simulated Steam's
 * mailbox and SMS log (demo mode, TOYDESK_STEAM_URL). With the real Steam there is none: the operator
 * follows the email link and sends the SMS codes in the request bodies.
 */
export interface SignupInbox {
  /** The link of the account's last email, or null. */
  lastEmailLink(accountName: string): Promise<string | null>;
  /** The last SMS code of the given purpose ("phone_verify", "2fa_activation"), or null. */
  lastSmsCode(accountName: string, purpose: string): Promise<string | null>;
  /**
   * Demo: makes sure the simulated Steam knows the account (same name and password; in demo mode also the
   * vault's mobile authenticator, with a few trades and listings waiting for confirmation, as on a phone).
   */
  ensureAccount(
    accountName: string,
    password: string,
    authenticator?: DemoAuthenticator | null,
  ): Promise<void>;
}

export interface DemoAuthenticator {
  sharedSecret: string;
  identitySecret: string;
}

class SimulatorInbox implements SignupInbox {
  private readonly known = new Set<string>();
  constructor(
    private readonly control: SteamSimControlClient,
    private readonly demo: boolean,
  ) {}

  async lastEmailLink(accountName: string) {
    const email = await this.control.lastEmail(accountName).catch(() => null);
    return email?.link ?? null;
  }

  async lastSmsCode(accountName: string, purpose: string) {
    const sms = await this.control.lastSms(accountName).catch(() => null);
    return sms && sms.purpose === purpose ? sms.code : null;
  }

  async ensureAccount(accountName: string, password: string, authenticator?: DemoAuthenticator | null) {
    if (this.known.has(accountName)) return;
    const existing = await this.control.account(accountName).catch(() => null);
    const withAuthenticator = this.demo && authenticator ? authenticator : null;
    if (!existing) {
      await this.control.createAccount({
        accountName,
        password,
        twoFactor: withAuthenticator !== null,
        ...(withAuthenticator ?? {}),
      });
      // The Steam Guard screen of the demo then has something to accept and decline.
      if (withAuthenticator)
        await this.control
          .seedPendingConfirmations(accountName, { trades: 3, listings: 2 })
          .catch(() => null);
    } else if (withAuthenticator && !existing.sharedSecret) {
      await this.control.patchAccount(accountName, { authenticator: withAuthenticator });
    }
    this.known.add(accountName);
  }
}

/** The Steam side of the bot services: one gateway per process, and the inbox where there is one. */
export class SteamAccess {
  private gatewayPromise: Promise<{ gateway: SteamGateway; inbox: SignupInbox | null }> | null = null;
  private simulator: SteamSimulatorServer | null = null;
  private readonly simulators: Promise<typeof SteamSimulators> | null;

  constructor(
    private readonly config: BotConfig,
    private readonly demo: boolean,
    private readonly logger: BotLogger,
  ) {
    // The simulated Steam's module is loaded only in demo mode or with TOYDESK_STEAM_URL, and at once, so
    // the first tick does not spend its time budget loading it; a failure surfaces where it is awaited.
    this.simulators = config.steamUrl || demo ? import('@toydesk/simulators/steam') : null;
    void this.simulators?.catch(() => undefined);
  }

  /** Which Steam: TOYDESK_STEAM_URL (a simulated Steam), the in-process simulator in demo mode, else the real one. */
  private async open(): Promise<{ gateway: SteamGateway; inbox: SignupInbox | null }> {
    if (!this.simulators) return { gateway: new RealSteamGateway(), inbox: null };
    const simulators = await this.simulators;
    let base = this.config.steamUrl;
    if (!base) {
      this.simulator = await simulators.createSteamSimulator();
      base = await this.simulator.listen({ port: 0, host: '127.0.0.1' });
      this.logger.info(`simulated Steam on ${base} (demo mode)`);
    }
    return {
      gateway: new SteamSimulatorGateway({ baseUrl: base }),
      inbox: new SimulatorInbox(new simulators.SteamSimControlClient(base), this.demo),
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
    await this.simulator?.close();
    this.simulator = null;
  }
}

export interface SteamAccountRow {
  id: number;
  steam_account_name: string;
  login: string | null;
  password: string | null;
  shared_secret: string | null;
  identity_secret: string | null;
  phone: string | null;
  steam_id: string | null;
  p_protocol: ProxyConfig['protocol'] | null;
  p_host: string | null;
  p_port: number | null;
  p_username: string | null;
  p_password: string | null;
}

export async function loadSteamAccount(db: Database, id: number): Promise<SteamAccountRow | null> {
  const [row] = await db.query<SteamAccountRow & Record<string, unknown>>(
    `SELECT a.id, a.steam_account_name, a.login, a.password, a.shared_secret, a.identity_secret, a.phone, a.steam_id,
            p.protocol AS p_protocol, p.host AS p_host, p.port AS p_port, p.username AS p_username,
            p.password AS p_password
     FROM steam_account a LEFT JOIN proxy p ON p.id = a.proxy WHERE a.id = $1`,
    [id],
  );
  return row ?? null;
}

export const accountNameOf = (row: SteamAccountRow) => row.login ?? row.steam_account_name;

/**
 * The stored credentials, decrypted (never logged). Demo mode passes useProxy false: the simulated Steam is
 * reached directly on loopback, never through an account's proxy (an operator's could be a real host).
 */
export function credentialsOf(vault: Vault, row: SteamAccountRow, useProxy: boolean): SteamCredentials {
  if (!row.password) throw new PermanentJobError(`Steam account ${row.id} has no password`);
  return {
    accountName: accountNameOf(row),
    password: vault.decrypt(row.password),
    sharedSecret: row.shared_secret ? vault.decrypt(row.shared_secret) : null,
    proxy:
      useProxy && row.p_host && row.p_protocol && row.p_port
        ? {
            protocol: row.p_protocol,
            host: row.p_host,
            port: row.p_port,
            username: row.p_username,
            password: row.p_password ? vault.decrypt(row.p_password) : null,
          }
        : null,
  };
}

/** Sessions live encrypted in bot_steam_session (cookies and tokens are credentials). */
export async function loadSession(db: Database, vault: Vault, account: number): Promise<SteamSession | null> {
  const [row] = await db.query<{ session: string }>(
    'SELECT session FROM bot_steam_session WHERE steam_account = $1',
    [account],
  );
  // Lossless like all JSON that holds a Steam ID.
  return row ? (parseJsonLossless(vault.decrypt(row.session)) as SteamSession) : null;
}

export async function saveSession(
  db: Database,
  vault: Vault,
  account: number,
  session: SteamSession,
): Promise<void> {
  await db.query(
    `INSERT INTO bot_steam_session (steam_account, session, steam_id, access_token_expires_at, refresh_token_expires_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (steam_account) DO UPDATE SET session = excluded.session, steam_id = excluded.steam_id,
       access_token_expires_at = excluded.access_token_expires_at,
       refresh_token_expires_at = excluded.refresh_token_expires_at, updated_at = now()`,
    [
      account,
      vault.encrypt(JSON.stringify(session)),
      session.steamId,
      session.accessTokenExpiresAt,
      session.refreshTokenExpiresAt,
    ],
  );
}
