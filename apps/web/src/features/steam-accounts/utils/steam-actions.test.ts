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

  it('sends the new bot calls with the bodies their routes take, 64-bit ids as strings', () => {
    const call = (key: string, values: Record<string, string>) => {
      const found = action(key);
      return buildActionCall(found, 5, { ...initialInputValues(found), ...values });
    };
    expect(call('subscribeToGroup', { group_id: '103582791429521408' })).toEqual({
      options: { params: { id: 5 }, body: { group_id: '103582791429521408' } },
      errors: {},
    });
    expect(call('turnItemIntoGems', { asset_id: '38350177038', app_id: '440' }).options.body).toEqual({
      asset_id: '38350177038',
      app_id: 440,
    });
    expect(call('inventory', { app_id: '753', context_id: '6' }).options.body).toEqual({
      app_id: 753,
      context_id: '6',
    });
    expect(
      call('createOffer', {
        trade_url: 'https://steamcommunity.com/tradeoffer/new/?partner=1&token=x',
        assets: '38350177038\n9007199254740993, 12',
      }).options.body,
    ).toEqual({
      trade_url: 'https://steamcommunity.com/tradeoffer/new/?partner=1&token=x',
      assets: [
        { app_id: 730, context_id: '2', asset_id: '38350177038' },
        { app_id: 730, context_id: '2', asset_id: '9007199254740993' },
        { app_id: 730, context_id: '2', asset_id: '12' },
      ],
    });
    expect(call('setTheme', { theme: 'Midnight' }).options.body).toEqual({ theme: 'Midnight' });
    expect(call('editProfileInfo', { name: 'Bob', summary: 'hi' }).options.body).toEqual({
      name: 'Bob',
      summary: 'hi',
    });
    expect(call('postMessageInFeed', { text: 'gg' }).options.body).toEqual({ text: 'gg' });
    expect(call('workshopAddToFavorite', { published_file_id: '123' }).options.body).toEqual({
      published_file_id: '123',
      app_id: 730,
    });
    expect(call('configureShowcase', { kind: 'trade items', items: '77' }).options.body).toEqual({
      kind: 'trade items',
      items: [{ app_id: 730, context_id: '2', asset_id: '77' }],
    });
    // The account goes in the body (no path id), and the avatars take none.
    expect(call('followLastEmail', {}).options).toEqual({ body: { id: 5 } });
    expect(call('randomAvatars', {}).options).toEqual({ body: { count: 6 } });
    expect(call('profileSettings', {}).options).toEqual({ params: { id: 5 }, query: { wait: 0 } });
  });

  it('asks for at least one profile field', () => {
    expect(buildActionCall(action('editProfileInfo'), 5, {}).errors).toEqual({ _form: 'atLeastOne' });
  });

  it('refuses a group id that is not digits and an offer without items', () => {
    expect(Object.keys(buildActionCall(action('subscribeToGroup'), 5, { group_id: 'abc' }).errors)).toEqual([
      'group_id',
    ]);
    expect(
      buildActionCall(action('createOffer'), 5, { trade_url: 'https://x.test/', assets: ' ' }).errors,
    ).toEqual({ assets: 'required' });
  });

  it('reaches every Steam-account bot call of spec section 7 from the menu', () => {
    const routes = new Set(STEAM_ACTIONS.map((item) => item.route));
    for (const route of [
      'bot-signup.add_group_to_favorite',
      'bot-signup.decorate_available_emotions',
      'bot-signup.decorate_configure_showcase',
      'bot-signup.decorate_profile_settings',
      'bot-signup.decorate_set_favorite_badge',
      'bot-signup.decorate_set_profile_background',
      'bot-signup.decorate_set_theme',
      'bot-signup.edit_profile_info',
      'bot-signup.follow_to_last_email',
      'bot-signup.get_my_groups',
      'bot-signup.get_random_avatars',
      'bot-signup.post_message_in_feed',
      'bot-signup.reset_inventory_notification_counter',
      'bot-signup.subscribe_to_group',
      'bot-signup.transform_cards_to_badges',
      'bot-signup.turn_item_into_gems',
      'bot-signup.workshop_add_to_favorite',
      'bot-steam.create_offer',
    ] as const)
      expect(routes.has(route), route).toBe(true);
  });

  it('every action names an existing bot route', async () => {
    const { BOT_ROUTES_BY_ID } = await import('@toydesk/contract');
    for (const item of STEAM_ACTIONS) expect(BOT_ROUTES_BY_ID[item.route], item.key).toBeTruthy();
  });
});
