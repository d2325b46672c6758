import { PROFILE_THEMES } from '@toydesk/contract';
import { describe, expect, it } from 'vitest';

import { randomProfileInfo } from '../random-profile.ts';
import { ALL_PUBLIC } from '../web/profile-item-calls.ts';
import { steamSimForSuite } from '../testing/steam-sim-harness.ts';
import { steamFailure } from '../testing/steam-failure.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('SteamSimulatorGateway: profile, community items, groups, API key', () => {
  const sim = steamSimForSuite();

  it('edits the profile with random info, uploads an avatar and makes the profile public', async () => {
    const { created, session } = await sim.account();
    const info = { ...randomProfileInfo(), customURL: `url${created.accountId}` };
    await sim.gateway.editProfile(session, info);
    const { avatarUrl } = await sim.gateway.uploadAvatar(session, { image: PNG });
    expect(avatarUrl).toMatch(/^https:\/\/avatars\.steamstatic\.com\/[0-9a-f]{40}_full\.jpg$/);
    expect(
      await steamFailure(sim.gateway.uploadAvatar(session, { image: Buffer.from('not an image') })),
    ).toMatchObject({ kind: 'failed' });

    const before = await sim.gateway.getProfileSettings(session);
    expect(before.privacy.profile).toBe('private');
    const privacy = await sim.gateway.setPrivacy(session);
    // The default: every level public and nothing hidden (every field of PrivacySettings, checked once here).
    expect(privacy).toEqual(ALL_PUBLIC);
    expect(Object.keys(ALL_PUBLIC).sort()).toEqual([
      'comments',
      'friendsList',
      'gameDetails',
      'inventory',
      'inventoryGiftsHidden',
      'playtimeHidden',
      'profile',
    ]);
    expect(new Set(Object.values(ALL_PUBLIC))).toEqual(new Set(['public', false]));
    const partly = await sim.gateway.setPrivacy(session, {
      friendsList: 'friends_only',
      playtimeHidden: true,
    });
    expect(partly).toMatchObject({ profile: 'public', friendsList: 'friends_only', playtimeHidden: true });

    const settings = await sim.gateway.getProfileSettings(session);
    expect(settings).toMatchObject({
      name: info.name,
      realName: info.realName,
      summary: info.summary,
      country: info.country,
      customURL: info.customURL,
      theme: null,
      favoriteBadge: null,
      backgroundId: null,
      showcases: [],
    });

    const other = await sim.account();
    expect(
      await steamFailure(sim.gateway.editProfile(other.session, { customURL: info.customURL })),
    ).toMatchObject({ kind: 'duplicate_request' });
    expect(await steamFailure(sim.gateway.editProfile(other.session, { name: 'x' }))).toMatchObject({
      kind: 'failed',
    });
  });

  it('sets every theme, crafts badges from cards, sets the favourite badge and a background, lists emoticons', async () => {
    const { created, session } = await sim.account({
      cards: [
        { appid: 730, sets: 2 },
        { appid: 570, sets: 0, extra: 3 },
      ],
    });
    for (const theme of PROFILE_THEMES) {
      await sim.gateway.setProfileTheme(session, theme);
      const settings = await sim.gateway.getProfileSettings(session);
      expect(settings.theme).toBe(theme);
    }
    expect((await sim.gateway.getProfileSettings(session)).themeId).toBe('DarkMode');

    const crafted = await sim.gateway.transformCardsToBadges(session);
    expect(crafted.crafted).toEqual([
      { appId: 730, level: 1 },
      { appId: 730, level: 2 },
    ]);
    expect(crafted.skipped).toEqual([
      { appId: 570, eresult: 2, message: 'You do not have all the cards of this set.' },
    ]);

    const badges = await sim.gateway.getBadges(session);
    const gameBadge = badges.find((badge) => badge.appId === 730);
    expect(gameBadge).toMatchObject({ badgeId: 1, level: 2 });
    await sim.gateway.setFavoriteBadge(session, {
      badgeId: 1,
      communityItemId: gameBadge?.communityItemId ?? null,
    });
    expect(await steamFailure(sim.gateway.setFavoriteBadge(session, { badgeId: 999 }))).toMatchObject({
      kind: 'failed',
      eresult: 8,
    });

    const settings = await sim.gateway.getProfileSettings(session);
    expect(settings.favoriteBadge).toEqual({ badgeId: 1, communityItemId: gameBadge?.communityItemId });
    expect(settings.ownedBackgrounds).toHaveLength(2);
    const background = settings.ownedBackgrounds[0]?.communityItemId ?? '';
    await sim.gateway.setProfileBackground(session, background);
    expect((await sim.gateway.getProfileSettings(session)).backgroundId).toBe(background);

    const emoticons = await sim.gateway.getAvailableEmotions(session);
    expect(emoticons.map((emoticon) => emoticon.name).sort()).toEqual([':emote730_1:', ':emote730_2:']);
    expect((await sim.control.account(created.accountName)).favoriteBadge).toMatchObject({ badgeid: 1 });
  });

  it('configures each kind of showcase', async () => {
    const { session } = await sim.account({ items: 2 });
    const groups = await sim.control.groups();
    const gid = groups.groups[0]?.gid ?? '';
    const inventory = await sim.gateway.getInventory(session, { appId: 730, contextId: '2' });
    const [first, second] = inventory.items;
    await sim.gateway.configureShowcase(session, { kind: 'workshop', publishedFileId: '1234567890' });
    expect(
      await steamFailure(sim.gateway.configureShowcase(session, { kind: 'favorite group', groupId: gid })),
    ).toMatchObject({ kind: 'failed', eresult: 8 });
    await sim.gateway.joinGroup(session, gid);
    await sim.gateway.configureShowcase(session, { kind: 'favorite group', groupId: gid });
    await sim.gateway.configureShowcase(session, {
      kind: 'inventory items',
      items: [first, second].map((item) => ({ appId: 730, contextId: '2', assetId: item?.assetId ?? '' })),
    });
    await sim.gateway.configureShowcase(session, {
      kind: 'trade items',
      items: [{ appId: 730, contextId: '2', assetId: first?.assetId ?? '' }],
      notes: 'Trading!',
    });
    const settings = await sim.gateway.getProfileSettings(session);
    expect(settings.showcases.map((showcase) => showcase.kind)).toEqual([
      'workshop',
      'favorite group',
      'inventory items',
      'trade items',
    ]);
    expect(settings.showcases.map((showcase) => showcase.type)).toEqual([11, 9, 3, 4]);
  });

  it('reads inventories (CS2 with trade holds, Steam items), turns an item into gems, resets the new-items counter', async () => {
    const { created, session: first } = await sim.account({
      items: [
        { name: 'AK-47 | Redline (Field-Tested)' },
        { name: 'AWP | Asiimov (Field-Tested)', holdDays: 7 },
        { name: 'Chroma 2 Case', marketable: false },
      ],
      cards: [{ appid: 440, sets: 1 }],
    });
    const cs2 = await sim.gateway.getInventory(first, { appId: 730, contextId: '2' });
    expect(cs2.totalCount).toBe(3);
    const held = cs2.items.find((item) => item.marketHashName === 'AWP | Asiimov (Field-Tested)');
    expect(held).toMatchObject({ tradable: false, marketable: false, appId: 730, contextId: '2' });
    const holdEnds = Date.parse(held?.tradableAfter ?? '');
    expect(holdEnds - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(cs2.items.find((item) => item.marketHashName === 'AK-47 | Redline (Field-Tested)')).toMatchObject({
      tradable: true,
      marketable: true,
      tradableAfter: null,
    });
    expect(cs2.items.find((item) => item.marketHashName === 'Chroma 2 Case')).toMatchObject({
      tradable: true,
      marketable: false,
    });

    await sim.control.advance(7 * 86_400_000 + 60_000);
    // a week later the access token is long dead: our own inventory answers 403 ("Not Logged In")
    expect(await steamFailure(sim.gateway.getInventory(first, { appId: 730, contextId: '2' }))).toMatchObject(
      {
        kind: 'session_expired',
      },
    );
    const session = await sim.gateway.refreshSession(first);
    const later = await sim.gateway.getInventory(session, { appId: 730, contextId: '2' });
    expect(later.items.every((item) => item.tradable)).toBe(true);

    const steamItems = await sim.gateway.getInventory(session, { appId: 753, contextId: '6' });
    expect(steamItems.totalCount).toBe(5);
    const card = steamItems.items[0];
    expect(card).toMatchObject({ appId: 753, contextId: '6', marketFeeApp: 440 });
    expect(card?.tags.some((tag) => tag.internalName === 'item_class_2')).toBe(true);
    const gems = await sim.gateway.turnItemIntoGems(session, { appId: 440, assetId: card?.assetId ?? '' });
    expect(gems).toEqual({ gemsReceived: 10, totalGems: 10 });
    expect(
      await steamFailure(sim.gateway.turnItemIntoGems(session, { appId: 440, assetId: card?.assetId ?? '' })),
    ).toMatchObject({ kind: 'not_found' });
    const afterGems = await sim.gateway.getInventory(session, { appId: 753, contextId: '6' });
    expect(afterGems.items.find((item) => item.marketHashName === '753-Gems')).toMatchObject({ amount: 10 });

    await sim.control.addItems(created.accountName, { count: 2 });
    expect((await sim.control.account(created.accountName)).newItems).toBe(2);
    await sim.gateway.resetInventoryNotifications(session);
    expect((await sim.control.account(created.accountName)).newItems).toBe(0);

    // someone else's private inventory
    const other = await sim.account({ items: 1 });
    expect(
      await steamFailure(
        sim.gateway.getInventory(session, { appId: 730, contextId: '2', steamId: other.created.steamId }),
      ),
    ).toMatchObject({ kind: 'access_denied' });
    await sim.gateway.setPrivacy(other.session);
    expect(
      (
        await sim.gateway.getInventory(session, {
          appId: 730,
          contextId: '2',
          steamId: other.created.steamId,
        })
      ).totalCount,
    ).toBe(1);
  });

  it('pages inventories of more than 1000 items (Steam caps a page at 1000)', async () => {
    const { session } = await sim.account({ items: 1203 });
    const inventory = await sim.gateway.getInventory(session, { appId: 730, contextId: '2' });
    expect(inventory.totalCount).toBe(1203);
    expect(new Set(inventory.items.map((item) => item.assetId)).size).toBe(1203);
    const stats = await sim.control.stats();
    expect(stats.byRoute['GET /community/inventory/:steamid/:appid/:contextid']).toBeGreaterThanOrEqual(2);
    const tooMany = await fetch(`${sim.base}/community/inventory/${session.steamId}/730/2?count=2000`, {
      headers: { cookie: session.cookies.join('; ') },
    });
    expect(tooMany.status).toBe(400);
  });

  it('joins groups, lists them, sets the favourite group, posts a status, adds a workshop favourite', async () => {
    const { created, session } = await sim.account();
    const [first, second] = (await sim.control.groups()).groups;
    await sim.gateway.joinGroup(session, first?.gid ?? '');
    await sim.gateway.joinGroup(session, second?.gid ?? '');
    expect(await steamFailure(sim.gateway.joinGroup(session, '103582791400000000'))).toMatchObject({
      kind: 'not_found',
    });
    expect(await steamFailure(sim.gateway.setFavoriteGroup(session, '103582791400000000'))).toMatchObject({
      kind: 'failed',
    });
    await sim.gateway.setFavoriteGroup(session, second?.gid ?? '');
    expect(await sim.gateway.getMyGroups(session)).toEqual({
      groups: [first?.gid, second?.gid],
      primaryGroup: second?.gid,
    });

    const { postId } = await sim.gateway.postStatus(session, 'gl hf', { appId: 730 });
    expect(postId).toMatch(/^\d+$/);
    expect(await steamFailure(sim.gateway.postStatus(session, '  '))).toMatchObject({ kind: 'failed' });
    await sim.gateway.addWorkshopFavorite(session, { publishedFileId: '2345678901', appId: 730 });
    const dump = await sim.control.account(created.accountName);
    expect(dump.workshopFavorites).toEqual(['2345678901']);
    expect(dump.statuses).toMatchObject([{ id: postId, text: 'gl hf', appid: 730 }]);
    expect(await sim.gateway.getTradeUrl(session)).toBe(created.tradeUrl);
  });

  it('creates a Steam Web API key through a mobile confirmation (auto and manual), refuses limited accounts', async () => {
    const { created, session } = await sim.account();
    expect(await sim.gateway.getSteamApiKey(session)).toBeNull();
    const created1 = await sim.gateway.createSteamApiKey(session, {
      domain: 'toydesk.local',
      identitySecret: created.identitySecret,
    });
    expect(created1).toMatchObject({ status: 'created' });
    const key = created1.status === 'created' ? created1.apiKey : '';
    expect(key).toMatch(/^[0-9A-F]{32}$/);
    expect(await sim.gateway.getSteamApiKey(session)).toBe(key);

    const manual = await sim.account();
    const pending = await sim.gateway.createSteamApiKey(manual.session, { domain: 'example.org' });
    expect(pending.status).toBe('needs_confirmation');
    const requestId = pending.status === 'needs_confirmation' ? pending.requestId : '';
    const confirmations = await sim.gateway.listConfirmations(
      manual.session,
      manual.created.identitySecret ?? '',
    );
    expect(confirmations).toMatchObject([{ objectId: requestId, typeName: 'api_key', type: 9 }]);
    await sim.gateway.acceptConfirmation(manual.session, {
      identitySecret: manual.created.identitySecret ?? '',
      objectId: requestId,
    });
    const finished = await sim.gateway.createSteamApiKey(manual.session, {
      domain: 'example.org',
      requestId,
    });
    expect(finished.status).toBe('created');

    const limited = await sim.account({ limited: true });
    expect(await steamFailure(sim.gateway.getSteamApiKey(limited.session))).toMatchObject({
      kind: 'access_denied',
      message: 'getSteamApiKey: Access Denied',
    });
    const noGuard = await sim.account({ twoFactor: false });
    expect(await steamFailure(sim.gateway.getSteamApiKey(noGuard.session))).toMatchObject({
      kind: 'access_denied',
    });
  });
});
