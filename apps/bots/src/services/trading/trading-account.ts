import { loadMarketAccount, type LoadedMarketAccount } from '@toydesk/db';

import type { BotRuntime } from '../../bot-runtime.ts';
import type { TradingAccount, TradingSwitch } from './trading-loop.ts';

/** A market account as the runner sees it: the loops' view, its switches, and whether it has a key. */
export interface LoadedTradingAccount {
  account: TradingAccount;
  switches: Record<TradingSwitch, boolean>;
  hasApiKey: boolean;
  status: string;
  /** Why the marketplace rejected the key, while the account is paused for it (market-keys/key-pause.ts). */
  keyPause: string | null;
}

/** One market account with its key and proxy password decrypted (never logged); null when it is gone. */
export async function loadTradingAccount(
  runtime: BotRuntime,
  id: number,
): Promise<LoadedTradingAccount | null> {
  // Demo mode: calls go straight to the marketplace simulators on loopback (the repository says why).
  const loaded = await loadMarketAccount(runtime.db, runtime.vault, id, { useProxy: !runtime.demo });
  return loaded ? toTradingAccount(loaded) : null;
}

/** The runner's view of a loaded market account. */
export function toTradingAccount(loaded: LoadedMarketAccount): LoadedTradingAccount {
  return {
    account: {
      id: loaded.id,
      market: loaded.market,
      currency: loaded.currency,
      apiKey: loaded.apiKey ?? '',
      proxy: loaded.proxy,
      steamAccount: loaded.steamAccount,
      label: loaded.label,
      dryRun: loaded.dryRun,
    },
    switches: loaded.switches,
    hasApiKey: loaded.apiKey !== null,
    status: loaded.status,
    keyPause: loaded.keyPause,
  };
}
