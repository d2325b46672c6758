import type { SteamSimStatsSnapshot } from '../sim-stats.ts';
import { SimulatorControlClient } from '@toydesk/steam';

/** What `POST _control/accounts` answers. */
export interface SimCreatedAccount {
  accountName: string;
  password: string;
  steamId: string;
  accountId: number;
  tradeUrl: string;
  tradeToken: string;
  /** null when the account has no authenticator yet. */
  sharedSecret: string | null;
  identitySecret: string | null;
  revocationCode: string | null;
  phone: string | null;
  email: string;
  familyViewPin: string | null;
  wallet: { currency: number; balanceMinor: number };
  items: SimControlItem[];
  profileUrl: string;
}

export interface SimControlItem {
  assetid: string;
  appid: number;
  contextid: string;
  market_hash_name: string;
  kind: string;
  tradable: boolean;
  marketable: boolean;
  holdUntil: number | null;
  feeApp: number | null;
}

/**
 * A small client of the simulated Steam's control API (plain fetch: it is tooling, not a Steam call), for tests
 * and the demo: accounts, codes sent by SMS and email, the partner's side of trades, the clock, faults, stats.
 */
export class SteamSimControlClient extends SimulatorControlClient {
  /** `base` is the simulator's root including its prefix, e.g. `http://127.0.0.1:8090/steam-sim`. */
  constructor(base: string) {
    super(base, 'steam-sim control');
  }

  createAccount(options: Record<string, unknown> = {}) {
    return this.call<SimCreatedAccount>('POST', 'accounts', options);
  }

  account(login: string) {
    return this.call<SimCreatedAccount & Record<string, unknown>>('GET', `accounts/${login}`);
  }

  patchAccount(login: string, patch: Record<string, unknown>) {
    return this.call<SimCreatedAccount>('PATCH', `accounts/${login}`, patch);
  }

  addItems(login: string, spec: Record<string, unknown>) {
    return this.call<{ items: SimControlItem[] }>('POST', `accounts/${login}/items`, spec);
  }

  addCards(login: string, appid: number, sets = 1, extra = 0) {
    return this.call<{ items: SimControlItem[] }>('POST', `accounts/${login}/cards`, { appid, sets, extra });
  }

  lastSms(login: string) {
    return this.call<{ number: string; code: string; purpose: string; at: string }>(
      'GET',
      `accounts/${login}/sms/last`,
    );
  }

  lastEmail(login: string) {
    return this.call<{ kind: string; code: string; link: string | null; at: string }>(
      'GET',
      `accounts/${login}/emails/last`,
    );
  }

  expireSessions(login: string, refresh = false) {
    return this.call<{ revoked: number }>('POST', `accounts/${login}/expire-sessions`, { refresh });
  }

  sendIncomingOffer(login: string, options: Record<string, unknown> = {}) {
    return this.call<{ tradeofferid: string; sender: string; items: SimControlItem[] }>(
      'POST',
      `accounts/${login}/incoming-offers`,
      options,
    );
  }

  offers(login: string) {
    return this.call<{ offers: { tradeofferid: string; trade_offer_state: number }[] }>(
      'GET',
      `accounts/${login}/offers`,
    );
  }

  /** Trade offers and market listings waiting for the account's mobile confirmation. */
  seedPendingConfirmations(login: string, spec: { trades?: number; listings?: number }) {
    return this.call<{ confirmations: { id: string; type: number; creatorId: string; headline: string }[] }>(
      'POST',
      `accounts/${login}/pending-confirmations`,
      spec,
    );
  }

  confirmations(login: string) {
    return this.call<{ confirmations: { id: string; type: number; creatorId: string }[] }>(
      'GET',
      `accounts/${login}/confirmations`,
    );
  }

  /** Accepts the account's waiting confirmations (all, or the ids given), as its phone would. */
  acceptConfirmations(login: string, ids?: string[]) {
    return this.call<{ accepted: string[] }>(
      'POST',
      `accounts/${login}/confirmations/accept`,
      ids ? { ids } : {},
    );
  }

  /** A logged-in browser session: the cookie string a marketplace client stores, and its two cookies. */
  webSession(login: string) {
    return this.call<{ sessionid: string; steamLoginSecure: string; cookie: string }>(
      'POST',
      `accounts/${login}/web-session`,
    );
  }

  /** The partner (the offer's recipient) accepts. */
  acceptOfferAsPartner(offerId: string) {
    return this.call<{ state: number; tradeid: string | null; escrowEnds: number | null }>(
      'POST',
      `offers/${offerId}/accept`,
    );
  }

  declineOfferAsPartner(offerId: string) {
    return this.call<{ state: number }>('POST', `offers/${offerId}/decline`);
  }

  counterOffer(offerId: string) {
    return this.call<{ state: number }>('POST', `offers/${offerId}/counter`);
  }

  buyListing(listingId: string) {
    return this.call<{ status: string; price: number }>('POST', `listings/${listingId}/buy`);
  }

  fillBuyOrder(buyOrderId: string, count?: number) {
    return this.call<{ remaining: number; status: string; items: SimControlItem[] }>(
      'POST',
      `buy-orders/${buyOrderId}/fill`,
      count ? { count } : {},
    );
  }

  /** A price overview in minor units of `currencyId` (default 1, USD); other currencies see it converted. */
  setPrice(
    marketHashName: string,
    lowestMinor: number,
    medianMinor?: number,
    volume?: number,
    currencyId?: number,
  ) {
    return this.call('POST', 'prices', {
      market_hash_name: marketHashName,
      lowestMinor,
      medianMinor,
      volume,
      currencyId,
    });
  }

  groups() {
    return this.call<{ groups: { gid: string; name: string; members: number }[] }>('GET', 'groups');
  }

  advance(ms: number) {
    return this.call<{ now: number; iso: string; offsetMs: number }>('POST', 'clock/advance', { ms });
  }

  fault(spec: Record<string, unknown>) {
    return this.call<{ id: string }>('POST', 'faults', spec);
  }

  clearFaults() {
    return this.call('DELETE', 'faults');
  }

  config(patch: Record<string, unknown>) {
    return this.call('POST', 'config', patch);
  }

  stats() {
    return this.call<SteamSimStatsSnapshot>('GET', 'stats');
  }

  resetLimits() {
    return this.call('POST', 'login-limits/reset');
  }

  reset() {
    return this.call('POST', 'reset');
  }
}
