import type { KitStatsSnapshot } from './kit-stats.ts';
import { SimulatorControlClient } from '@toydesk/steam';

/**
 * A small HTTP client of a non-tm simulator's control API, for tests and tooling that drive a simulator
 * from outside (create accounts, give items and money, make listings sell, inject faults, read stats).
 */
export interface KitCreatedAccount {
  id: string;
  credential: string;
  steamid: string;
  currency: string;
  balance: string;
  items: {
    asset_id: string;
    market_hash_name: string;
    classid: string;
    instanceid: string;
    tradable: boolean;
  }[];
  [extra: string]: unknown;
}

export class KitControlClient extends SimulatorControlClient {
  /** `base` is the market's root, e.g. `http://127.0.0.1:8090/waxpeer`. */
  constructor(base: string) {
    super(base, 'control');
  }

  account(
    options: { money?: number | string; inventory?: number; names?: string[]; credential?: string } = {},
  ) {
    return this.call<KitCreatedAccount>('POST', 'accounts', options);
  }

  dump(id: string) {
    return this.call<
      Record<string, unknown> & { balance: string; listings: { listing_id: string; status: string }[] }
    >('GET', `accounts/${id}`);
  }

  fault(spec: Record<string, unknown>) {
    return this.call<{ id: string }>('POST', 'faults', spec);
  }

  config(patch: Record<string, unknown>) {
    return this.call('POST', 'config', patch);
  }

  stats() {
    return this.call<KitStatsSnapshot>('GET', 'stats');
  }
}
