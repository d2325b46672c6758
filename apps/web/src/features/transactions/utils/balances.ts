import { addMoney } from '@toydesk/contract';

export interface MarketAccountBalanceInput {
  id: number;
  market: string;
  market_name: string;
  steam_account_name: string;
  label: string;
  balance: string;
  currency: string;
  balance_rub: string;
}

export interface SteamAccountBalanceInput {
  id: number;
  steam_account_name: string;
  balance: string;
  balance_currency: string;
  total_balance_rub: string;
}

export interface MarketBalance {
  market: string;
  name: string;
  accounts: number;
  /** Sum of the accounts' balances in RUB. */
  totalRub: string;
}

export interface AccountBalance {
  id: number;
  name: string;
  wallet: string;
  walletCurrency: string;
  /** Sum over the account's market accounts, in RUB. */
  marketsRub: string;
}

export interface Balances {
  markets: MarketBalance[];
  accounts: AccountBalance[];
  totalRub: string;
}

/** Per market and per Steam account, summed with exact decimal money arithmetic. */
export function balancesFromAccounts(
  marketAccounts: readonly MarketAccountBalanceInput[],
  steamAccounts: readonly SteamAccountBalanceInput[],
): Balances {
  const markets = new Map<string, MarketBalance>();
  let totalRub = '0.00';
  for (const account of marketAccounts) {
    const entry = markets.get(account.market) ?? {
      market: account.market,
      name: account.market_name,
      accounts: 0,
      totalRub: '0.00',
    };
    entry.accounts += 1;
    entry.totalRub = addMoney(entry.totalRub, account.balance_rub);
    markets.set(account.market, entry);
    totalRub = addMoney(totalRub, account.balance_rub);
  }
  const accounts = steamAccounts.map((account) => ({
    id: account.id,
    name: account.steam_account_name,
    wallet: account.balance,
    walletCurrency: account.balance_currency,
    marketsRub: account.total_balance_rub,
  }));
  return {
    markets: [...markets.values()].sort((a, b) => a.name.localeCompare(b.name)),
    accounts: accounts.sort((a, b) => a.name.localeCompare(b.name)),
    totalRub,
  };
}
