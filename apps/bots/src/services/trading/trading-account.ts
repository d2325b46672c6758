import type { ConvertibleCurrency, MarketCode } from '@toydesk/contract';
import type { ProxyConfig } from '@toydesk/http';

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

type Row = {
  id: number;
  market: MarketCode;
  currency: ConvertibleCurrency;
  api_key: string | null;
  status: string;
  steam_account: number;
  market_name: string | null;
  steam_account_name: string;
  keep_online: boolean;
  auto_deliver: boolean;
  auto_sell: boolean;
  dynamic_orders: boolean;
  dry_run: boolean;
  p_protocol: ProxyConfig['protocol'] | null;
  p_host: string | null;
  p_port: number | null;
  p_username: string | null;
  p_password: string | null;
  key_pause: string | null;
};

/** One market account with its key and proxy password decrypted (never logged); null when it is gone. */
export async function loadTradingAccount(
  runtime: BotRuntime,
  id: number,
): Promise<LoadedTradingAccount | null> {
  const [row] = await runtime.db.query<Row>(
    `SELECT a.id, a.market, a.currency, a.api_key, a.status, a.steam_account, m.name AS market_name,
            s.steam_account_name, a.keep_online, a.auto_deliver, a.auto_sell, a.dynamic_orders, a.dry_run,
            p.protocol AS p_protocol, p.host AS p_host, p.port AS p_port, p.username AS p_username,
            p.password AS p_password, kp.reason AS key_pause
     FROM market_account a
     JOIN steam_account s ON s.id = a.steam_account
     LEFT JOIN market m ON m.code = a.market
     LEFT JOIN proxy p ON p.id = a.proxy
     LEFT JOIN bot_market_key_pause kp ON kp.market_account = a.id
     WHERE a.id = $1`,
    [id],
  );
  if (!row) return null;
  // Demo mode: calls go straight to the marketplace simulators on loopback, never through the account's
  // proxy: one an operator added could be a real host, and one demo proxy is down on purpose.
  const proxy: ProxyConfig | null =
    !runtime.demo && row.p_host && row.p_protocol && row.p_port
      ? {
          protocol: row.p_protocol,
          host: row.p_host,
          port: row.p_port,
          username: row.p_username,
          password: row.p_password ? runtime.vault.decrypt(row.p_password) : null,
        }
      : null;
  const hasApiKey = row.api_key !== null && row.api_key !== '';
  return {
    account: {
      id: row.id,
      market: row.market,
      currency: row.currency,
      apiKey: hasApiKey ? runtime.vault.decrypt(row.api_key!) : '',
      proxy,
      steamAccount: row.steam_account,
      label: `${row.market_name ?? row.market} ${row.steam_account_name}`,
      dryRun: row.dry_run,
    },
    switches: {
      keep_online: row.keep_online,
      auto_deliver: row.auto_deliver,
      auto_sell: row.auto_sell,
      dynamic_orders: row.dynamic_orders,
    },
    hasApiKey,
    status: row.status,
    keyPause: row.key_pause,
  };
}
