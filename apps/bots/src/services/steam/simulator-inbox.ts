import { SimulatorControlClient } from '@toydesk/steam';

import type { DemoAuthenticator, SignupInbox } from './signup-inbox.ts';

interface SimAccount {
  sharedSecret?: string | null;
}

/**
 * The sign-up codes of a simulated Steam (TOYDESK_STEAM_URL): its mailbox and SMS log, read over the
 * simulator's control API (`<base>/_control/`), with @toydesk/steam's control client: production code never
 * imports @toydesk/simulators, whoever started the simulator.
 */
export class SimulatorInbox implements SignupInbox {
  private readonly known = new Set<string>();
  private readonly control: SimulatorControlClient;
  constructor(
    base: string,
    private readonly demo: boolean,
  ) {
    this.control = new SimulatorControlClient(base, 'simulated Steam');
  }

  private account(accountName: string, rest = '') {
    return `accounts/${encodeURIComponent(accountName)}${rest}`;
  }

  async lastEmailLink(accountName: string) {
    const email = await this.control
      .call<{ link: string | null }>('GET', this.account(accountName, '/emails/last'))
      .catch(() => null);
    return email?.link ?? null;
  }

  async lastSmsCode(accountName: string, purpose: string) {
    const sms = await this.control
      .call<{ code: string; purpose: string }>('GET', this.account(accountName, '/sms/last'))
      .catch(() => null);
    return sms && sms.purpose === purpose ? sms.code : null;
  }

  async ensureAccount(accountName: string, password: string, authenticator?: DemoAuthenticator | null) {
    if (this.known.has(accountName)) return;
    const existing = await this.control.call<SimAccount>('GET', this.account(accountName)).catch(() => null);
    const withAuthenticator = this.demo && authenticator ? authenticator : null;
    if (!existing) {
      await this.control.call('POST', 'accounts', {
        accountName,
        password,
        twoFactor: withAuthenticator !== null,
        ...(withAuthenticator ?? {}),
      });
      // The Steam Guard screen of the demo then has something to accept and decline.
      if (withAuthenticator)
        await this.control
          .call('POST', this.account(accountName, '/pending-confirmations'), {
            trades: 3,
            listings: 2,
          })
          .catch(() => null);
    } else if (withAuthenticator && !existing.sharedSecret) {
      await this.control.call('PATCH', this.account(accountName), { authenticator: withAuthenticator });
    }
    this.known.add(accountName);
  }
}
