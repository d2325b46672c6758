import { describe, expect, it } from 'vitest';

import { marketAccountRow } from '../testing/market-account-row';
import { goLiveAccounts } from './go-live';

describe('goLiveAccounts', () => {
  const dry = marketAccountRow(1, { auto_sell: true, dynamic_orders: true });
  const live = marketAccountRow(2, { dry_run: false, keep_online: true });

  it('dry run off takes every switched-on loop live', () => {
    expect(goLiveAccounts([dry], { dry_run: false })).toEqual([
      { account: dry, loops: ['auto_sell', 'dynamic_orders'] },
    ]);
    // Off with no loop on: still asked (the next switch would spend at once).
    expect(goLiveAccounts([marketAccountRow(3)], { dry_run: false })).toEqual([
      { account: marketAccountRow(3), loops: [] },
    ]);
  });

  it('a loop switched on outside dry run goes live; inside dry run it does not', () => {
    expect(goLiveAccounts([live], { auto_sell: true })).toEqual([{ account: live, loops: ['auto_sell'] }]);
    expect(goLiveAccounts([dry], { keep_online: true })).toEqual([]);
  });

  it('switching off, dry run on, or a loop already live asks nothing', () => {
    expect(goLiveAccounts([live], { keep_online: false })).toEqual([]);
    expect(goLiveAccounts([live], { dry_run: true, auto_sell: true })).toEqual([]);
    expect(goLiveAccounts([live], { keep_online: true })).toEqual([]);
    expect(goLiveAccounts([dry, live], { status: 'active' })).toEqual([]);
  });

  it('a bulk change names only the accounts it takes live', () => {
    expect(goLiveAccounts([dry, live], { auto_deliver: true }).map((item) => item.account.id)).toEqual([2]);
  });
});
