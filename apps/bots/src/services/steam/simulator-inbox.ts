import type { DemoAuthenticator, SignupInbox } from './signup-inbox.ts';

interface SimAccount {
  sharedSecret?: string | null;
}

/**
 * The sign-up codes of a simulated Steam (TOYDESK_STEAM_URL): its mailbox and SMS log, read over the
 * simulator's control API (`<base>/_control/`). Plain fetch rather than the simulators' control client:
 * production code never imports @toydesk/simulators, whoever started the simulator.
 */
export class SimulatorInbox implements SignupInbox {
  private readonly known = new Set<string>();
  constructor(
    private readonly base: string,
    private readonly demo: boolean,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.base}/_control/${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`simulated Steam ${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }

  private account(accountName: string, rest = '') {
    return `accounts/${encodeURIComponent(accountName)}${rest}`;
  }

  async lastEmailLink(accountName: string) {
    const email = await this.call<{ link: string | null }>(
      'GET',
      this.account(accountName, '/emails/last'),
    ).catch(() => null);
    return email?.link ?? null;
  }

  async lastSmsCode(accountName: string, purpose: string) {
    const sms = await this.call<{ code: string; purpose: string }>(
      'GET',
      this.account(accountName, '/sms/last'),
    ).catch(() => null);
    return sms && sms.purpose === purpose ? sms.code : null;
  }

  async ensureAccount(accountName: string, password: string, authenticator?: DemoAuthenticator | null) {
    if (this.known.has(accountName)) return;
    const existing = await this.call<SimAccount>('GET', this.account(accountName)).catch(() => null);
    const withAuthenticator = this.demo && authenticator ? authenticator : null;
    if (!existing) {
      await this.call('POST', 'accounts', {
        accountName,
        password,
        twoFactor: withAuthenticator !== null,
        ...(withAuthenticator ?? {}),
      });
      // The Steam Guard screen of the demo then has something to accept and decline.
      if (withAuthenticator)
        await this.call('POST', this.account(accountName, '/pending-confirmations'), {
          trades: 3,
          listings: 2,
        }).catch(() => null);
    } else if (withAuthenticator && !existing.sharedSecret) {
      await this.call('PATCH', this.account(accountName), { authenticator: withAuthenticator });
    }
    this.known.add(accountName);
  }
}
