import { describe, expect, it } from 'vitest';

import { balancesFromAccounts } from './balances';

describe('balancesFromAccounts', () => {
  it('sums the market accounts per market in RUB exactly and keeps each Steam wallet', () => {
    const market = (id: number, code: string, rub: string) => ({
      id,
      market: code,
      market_name: code === 'tm' ? 'Market CSGO' : 'DMarket',
      steam_account_name: 'bot',
      label: `${code} bot`,
      balance: rub,
      currency: 'RUB',
      balance_rub: rub,
    });
    const balances = balancesFromAccounts(
      [market(1, 'tm', '0.10'), market(2, 'tm', '0.20'), market(3, 'dmarket', '1000.05')],
      [
        {
          id: 1,
          steam_account_name: 'bot',
          balance: '5.00',
          balance_currency: 'USD',
          total_balance_rub: '1000.35',
        },
      ],
    );
    expect(balances.markets).toEqual([
      { market: 'dmarket', name: 'DMarket', accounts: 1, totalRub: '1000.05' },
      { market: 'tm', name: 'Market CSGO', accounts: 2, totalRub: '0.30' },
    ]);
    expect(balances.totalRub).toBe('1000.35');
    expect(balances.accounts[0]).toEqual({
      id: 1,
      name: 'bot',
      wallet: '5.00',
      walletCurrency: 'USD',
      marketsRub: '1000.35',
    });
  });
});
