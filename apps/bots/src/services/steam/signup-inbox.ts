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
