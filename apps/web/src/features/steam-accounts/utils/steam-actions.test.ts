import { describe, expect, it } from 'vitest';

import { buildActionCall, initialInputValues, STEAM_ACTIONS, type SteamAction } from './steam-actions';

const action = (key: string): SteamAction => {
  const found = STEAM_ACTIONS.find((item) => item.key === key);
  if (!found) throw new Error(key);
  return found;
};

describe('Steam actions', () => {
  it('puts the account in the path and the inputs in the body', () => {
    const order = action('marketOrder');
    const { options, errors } = buildActionCall(order, 7, {
      market_hash_name: 'AK-47 | Redline (Field-Tested)',
      price: '12.50',
      quantity: '2',
    });
    expect(errors).toEqual({});
    expect(options).toEqual({
      params: { id: 7 },
      body: { market_hash_name: 'AK-47 | Redline (Field-Tested)', price: '12.50', quantity: 2 },
    });
  });

  it('refuses what the route schema refuses, per field', () => {
    const { errors } = buildActionCall(action('marketOrder'), 7, {
      market_hash_name: 'x',
      price: 'twelve',
      quantity: '1',
    });
    expect(Object.keys(errors)).toEqual(['price']);
    expect(buildActionCall(action('loginOtherSite'), 7, { login_url: '' }).errors).toEqual({
      login_url: 'required',
    });
    expect(Object.keys(buildActionCall(action('loginOtherSite'), 7, { login_url: 'nope' }).errors)).toEqual([
      'login_url',
    ]);
  });

  it('sends the account of a path without {id} in the query', () => {
    const cookies = action('cookies');
    expect(buildActionCall(cookies, 3, initialInputValues(cookies)).options).toEqual({
      query: { domain: 'steamcommunity.com', id: 3, wait: 0 },
    });
  });

  it('every action names an existing bot route', async () => {
    const { BOT_ROUTES_BY_ID } = await import('@toydesk/contract');
    for (const item of STEAM_ACTIONS) expect(BOT_ROUTES_BY_ID[item.route], item.key).toBeTruthy();
  });
});
