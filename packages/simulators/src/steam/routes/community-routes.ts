import { createHash, randomBytes } from 'node:crypto';

import { ERESULT, escapeHtml } from '@toydesk/steam/wire';
import {
  checkFamilyView,
  communityAccount,
  optionalCommunityAccount,
  ownProfile,
  requireSessionId,
} from '../http/auth.ts';
import { html, json, redirect, type SimContext } from '../http/context.ts';
import { page, profileEditPage, signInPage, sorryPage } from '../http/pages.ts';
import type { SimRouter } from '../http/router.ts';
import { createConfirmation } from '../state/confirmations.ts';
import type { PrivacyKey, SimAccount, SimItem } from '../state/types.ts';
import type { SteamWorld } from '../state/world.ts';
import type { SteamSimParts } from '../steam-sim-parts.ts';

/**
 * steamcommunity.com under `/community`: the pages and AJAX endpoints steamcommunity (the library) and the raw
 * calls use for the profile, avatar, privacy, groups, feed, workshop, inventory, gems, badges, Web API key,
 * Family View and the trade URL. The login cookie is `steamLoginSecure=<steamid>||<access token>`; POSTs carry
 * the sessionid cookie's value as a form field.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The legacy month-first hold line steamcommunity's CEconItem parses: "Jul 11, 2025 (2:00:00) GMT". */
export function holdLine(at: number): string {
  const d = new Date(at);
  const time = `${d.getUTCHours()}:${String(d.getUTCMinutes()).padStart(2, '0')}:${String(d.getUTCSeconds()).padStart(2, '0')}`;
  return `Tradable/Marketable After ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()} (${time}) GMT`;
}

const ITEM_CLASS: Partial<Record<SimItem['kind'], string>> = {
  card: 'item_class_2',
  foil_card: 'item_class_2',
  background: 'item_class_3',
  emoticon: 'item_class_4',
  gems: 'item_class_7',
};

function gemValue(item: SimItem): number | null {
  switch (item.kind) {
    case 'card':
      return 10;
    case 'foil_card':
      return 100;
    case 'background':
      return 40;
    case 'emoticon':
      return 20;
    default:
      return null;
  }
}

function inventoryItems(world: SteamWorld, owner: SimAccount, appid: number, contextid: string): SimItem[] {
  const items = owner.items.filter((item) => item.appid === appid && item.contextid === contextid);
  if (appid === 753 && contextid === '6' && owner.gems > 0) {
    items.push({
      assetid: owner.gemsAssetId,
      appid: 753,
      contextid: '6',
      classid: '667924416',
      instanceid: '0',
      amount: owner.gems,
      market_hash_name: '753-Gems',
      name: 'Gems',
      type: 'Steam Gems',
      tradable: true,
      marketable: false,
      holdUntil: null,
      icon_url: 'gems',
      kind: 'gems',
      feeApp: 753,
      acquiredAt: owner.createdAt,
    });
  }
  return items.sort((a, b) => (BigInt(b.assetid) > BigInt(a.assetid) ? 1 : -1));
}

function describe(world: SteamWorld, item: SimItem) {
  const held = item.holdUntil !== null && item.holdUntil > world.now();
  const itemClass = ITEM_CLASS[item.kind];
  return {
    appid: item.appid,
    classid: item.classid,
    instanceid: held ? String(Math.floor((item.holdUntil ?? 0) / 1000)) : item.instanceid,
    currency: 0,
    background_color: '',
    icon_url: item.icon_url,
    descriptions: [],
    tradable: world.isTradable(item) ? 1 : 0,
    name: item.name,
    name_color: 'D2D2D2',
    type: item.type,
    market_name: item.name,
    market_hash_name: item.market_hash_name,
    market_fee_app: item.feeApp ?? undefined,
    commodity: item.appid === 753 ? 1 : 0,
    market_tradable_restriction: 7,
    market_marketable_restriction: 7,
    marketable: world.isMarketable(item) ? 1 : 0,
    tags: [
      ...(item.appid === 730
        ? [
            {
              category: 'Type',
              internal_name: 'CSGO_Type_Rifle',
              localized_category_name: 'Type',
              localized_tag_name: 'Rifle',
            },
          ]
        : []),
      ...(itemClass
        ? [
            {
              category: 'item_class',
              internal_name: itemClass,
              localized_category_name: 'Item Type',
              localized_tag_name: item.type,
            },
          ]
        : []),
      ...(item.kind === 'card' || item.kind === 'foil_card'
        ? [
            {
              category: 'cardborder',
              internal_name: item.kind === 'foil_card' ? 'cardborder_1' : 'cardborder_0',
              localized_category_name: 'Card Border',
              localized_tag_name: 'Normal',
            },
          ]
        : []),
    ],
    ...(held
      ? { owner_descriptions: [{ type: 'html', value: holdLine(item.holdUntil ?? 0), color: 'ff4040' }] }
      : {}),
  };
}

function editConfig(account: SimAccount) {
  return {
    strPersonaName: account.profile.personaName,
    strRealName: account.profile.realName,
    strSummary: account.profile.summary,
    strCustomURL: account.profile.customURL,
    strAvatarHash: account.profile.avatarHash ?? '0000000000000000000000000000000000000000',
    LocationData: {
      locCountry: account.profile.country,
      locCountryCode: account.profile.country,
      locState: account.profile.state,
      locStateCode: account.profile.state,
      locCity: account.profile.city,
      locCityCode: account.profile.city,
    },
    Privacy: { PrivacySettings: { ...account.privacy }, eCommentPermission: account.commentPermission },
  };
}

function profileXml(world: SteamWorld, account: SimAccount): string {
  const groups = [...account.groups]
    .map(
      (gid) =>
        `<group isPrimary="${account.primaryGroup === gid ? 1 : 0}"><groupID64>${gid}</groupID64><groupName><![CDATA[${world.groups.get(gid)?.name ?? ''}]]></groupName></group>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><profile>' +
    `<steamID64>${account.steamId}</steamID64><steamID><![CDATA[${account.profile.personaName}]]></steamID>` +
    `<privacyState>${account.privacy.PrivacyProfile === 3 ? 'public' : 'private'}</privacyState>` +
    `<visibilityState>${account.privacy.PrivacyProfile}</visibilityState>` +
    `<customURL><![CDATA[${account.profile.customURL}]]></customURL>` +
    `<groups>${groups}</groups></profile>`
  );
}

function fail(message: string, eresult: number = ERESULT.Fail) {
  return json({ success: eresult, message });
}

export function registerCommunityRoutes(router: SimRouter, sim: SteamSimParts): void {
  const world = sim.world;

  router.get('/community/login/home', () => html(signInPage()));

  const my = (ctx: SimContext) => {
    const account = communityAccount(sim, ctx);
    const rest = ctx.path.replace(/^\/community\/my\/?/, '');
    return redirect(`${ctx.publicBase}/community/profiles/${account.steamId}${rest ? `/${rest}` : ''}`);
  };
  router.get('/community/my', my);
  router.get('/community/my/:page', my);

  router.get('/community/profiles/:steamid', (ctx) => {
    const account = world.accountBySteamId(ctx.params.steamid ?? '');
    if (!account) return html(sorryPage('The specified profile could not be found.'));
    const viewer = optionalCommunityAccount(sim, ctx);
    if (viewer) checkFamilyView(sim, ctx, viewer);
    if (ctx.query.get('xml') === '1')
      return { status: 200, contentType: 'text/xml; charset=utf-8', body: profileXml(world, account) };
    return html(
      page(
        `Steam Community :: ${account.profile.personaName}`,
        `<div class="profile_header">${escapeHtml(account.profile.personaName)}</div>`,
      ),
    );
  });

  router.get('/community/profiles/:steamid/edit/info', (ctx) =>
    html(profileEditPage(editConfig(ownProfile(sim, ctx)))),
  );
  router.get('/community/profiles/:steamid/edit/settings', (ctx) =>
    html(profileEditPage(editConfig(ownProfile(sim, ctx)))),
  );
  router.get('/community/profiles/:steamid/edit', (ctx) => {
    ownProfile(sim, ctx); // setupProfile: "edit?welcomed=1"
    return html(page('Steam Community :: Edit Profile', '<div id="profile_edit_config"></div>'));
  });

  router.post('/community/profiles/:steamid/edit', (ctx) => {
    const account = ownProfile(sim, ctx);
    requireSessionId(ctx);
    if (ctx.form.type !== 'profileSave') return json({ success: 2, errmsg: 'unknown edit type' });
    const name = (ctx.form.personaName ?? '').trim();
    if (name.length < 2 || name.length > 32)
      return json({ success: 2, errmsg: 'Your profile name must be between 2 and 32 characters.' });
    const customURL = (ctx.form.customURL ?? '').trim();
    if (customURL && !/^[A-Za-z0-9_-]{3,32}$/.test(customURL))
      return json({ success: 2, errmsg: 'The profile URL specified is not valid.' });
    if (
      customURL &&
      [...world.accounts.values()].some(
        (other) => other !== account && other.profile.customURL.toLowerCase() === customURL.toLowerCase(),
      )
    ) {
      return json({ success: 2, errmsg: 'The profile URL specified is already in use.' });
    }
    const primary = ctx.form.primary_group_steamid;
    if (primary !== undefined && primary !== '' && primary !== '0' && !account.groups.has(primary)) {
      return json({ success: 2, errmsg: 'You are not a member of that group.' });
    }
    account.profile.personaName = name;
    account.profile.realName = ctx.form.real_name ?? account.profile.realName;
    account.profile.summary = ctx.form.summary ?? account.profile.summary;
    account.profile.country = ctx.form.country ?? account.profile.country;
    account.profile.state = ctx.form.state ?? account.profile.state;
    account.profile.city = ctx.form.city ?? account.profile.city;
    account.profile.customURL = customURL;
    if (primary !== undefined) account.primaryGroup = primary && primary !== '0' ? primary : null;
    return json({ success: 1, errmsg: '' });
  });

  router.post('/community/profiles/:steamid/ajaxsetprivacy', (ctx) => {
    const account = ownProfile(sim, ctx);
    requireSessionId(ctx);
    let privacy: Record<string, unknown>;
    try {
      privacy = JSON.parse(ctx.form.Privacy ?? '') as Record<string, unknown>;
    } catch {
      return json({ success: ERESULT.InvalidParam });
    }
    for (const key of Object.keys(account.privacy) as PrivacyKey[]) {
      const value = Number(privacy[key]);
      if (privacy[key] !== undefined && [1, 2, 3].includes(value)) account.privacy[key] = value;
    }
    const comment = Number(ctx.form.eCommentPermission);
    if ([0, 1, 2].includes(comment)) account.commentPermission = comment;
    return json({
      success: 1,
      Privacy: { PrivacySettings: { ...account.privacy }, eCommentPermission: account.commentPermission },
    });
  });

  router.post('/community/actions/FileUploader', (ctx) => {
    const account = communityAccount(sim, ctx);
    requireSessionId(ctx);
    if (ctx.form.type !== 'player_avatar_image' || ctx.form.sId !== account.steamId)
      return json({ success: false, message: 'Invalid upload type.' });
    const file = ctx.files.find((part) => part.name === 'avatar');
    if (!file || file.data.length === 0) return json({ success: false, message: 'No file was uploaded.' });
    const magic = file.data.subarray(0, 4).toString('hex');
    if (!(magic.startsWith('ffd8ff') || magic === '89504e47' || magic === '47494638')) {
      return json({ success: false, message: 'The file is not a valid image.' });
    }
    const hash = createHash('sha1').update(file.data).digest('hex');
    account.profile.avatarHash = hash;
    const base = `https://avatars.steamstatic.com/${hash}`;
    return json({
      success: true,
      images: { '0': `${base}.jpg`, full: `${base}_full.jpg`, medium: `${base}_medium.jpg` },
      hash,
      message: '',
    });
  });

  router.post('/community/profiles/:steamid/ajaxsetshowcaseconfig', (ctx) => {
    const account = ownProfile(sim, ctx);
    requireSessionId(ctx);
    const type = Number(ctx.form.customization_type);
    const slot = Number(ctx.form.slot ?? 0);
    if (![3, 4, 9, 11].includes(type) || !Number.isInteger(slot) || slot < 0 || slot > 20)
      return fail('unsupported showcase', ERESULT.InvalidParam);
    if (type === 9 && ctx.form.groupid !== undefined && !account.groups.has(ctx.form.groupid))
      return fail('not a member of that group', ERESULT.InvalidParam);
    if (type === 11 && ctx.form.publishedfileid !== undefined && !/^\d+$/.test(ctx.form.publishedfileid))
      return fail('bad file id', ERESULT.InvalidParam);
    if ((type === 3 || type === 4) && ctx.form.item_assetid !== undefined) {
      const item = world.findItem(
        account,
        Number(ctx.form.appid),
        String(ctx.form.item_contextid),
        ctx.form.item_assetid,
      );
      if (!item) return fail('you do not own that item', ERESULT.InvalidParam);
    }
    const { sessionid: _sessionid, customization_type: _type, ...config } = ctx.form;
    const existing = account.showcases.find((showcase) => showcase.type === type);
    if (existing)
      existing.config = {
        ...existing.config,
        ...Object.fromEntries(Object.entries(config).map(([key, value]) => [`${slot}:${key}`, value])),
      };
    else
      account.showcases.push({
        type,
        slot: account.showcases.length,
        config: Object.fromEntries(Object.entries(config).map(([key, value]) => [`${slot}:${key}`, value])),
      });
    return json({ success: 1 });
  });

  router.post('/community/profiles/:steamid/ajaxcraftbadge', (ctx) => {
    const account = ownProfile(sim, ctx);
    requireSessionId(ctx);
    const appid = Number(ctx.form.appid);
    const badge = account.badges.find((entry) => entry.badgeid === 1 && entry.appid === appid);
    if ((badge?.level ?? 0) >= 5)
      return fail('This badge is already at its highest level.', ERESULT.LimitExceeded);
    const set: SimItem[] = [];
    for (let card = 1; card <= world.config.cardSetSize; card++) {
      const found = account.items.find(
        (item) =>
          item.kind === 'card' &&
          item.feeApp === appid &&
          item.market_hash_name.endsWith(` Card ${card}`) &&
          !set.includes(item),
      );
      if (!found) return fail('You do not have all the cards of this set.', ERESULT.Fail);
      set.push(found);
    }
    for (const item of set) world.removeItem(account, item);
    const level = (badge?.level ?? 0) + 1;
    if (badge) {
      badge.level = level;
      badge.xp += 100;
    } else {
      account.badges.push({ badgeid: 1, appid, level, xp: 100, communityitemid: world.nextId('item') });
    }
    const dropped = world.addItems(account, [
      {
        appid: 753,
        kind: 'background',
        feeApp: appid,
        name: `${appid}-Background ${level}`,
        marketable: true,
      },
      { appid: 753, kind: 'emoticon', feeApp: appid, name: `${appid}-:emote${appid}_${level}:` },
    ]);
    account.emoticons.push({ name: `:emote${appid}_${level}:`, appid, at: world.now() });
    return json({
      success: 1,
      Badge: { level, appid, badgeid: 1, xp: 100 * level },
      rgDroppedItems: dropped.map((item) => ({ assetid: item.assetid, name: item.name, type: item.type })),
    });
  });

  router.get('/community/profiles/:steamid/ajaxgetgoovalue', (ctx) => {
    const account = ownProfile(sim, ctx);
    const item = world.findItem(
      account,
      753,
      ctx.query.get('contextid') ?? '6',
      ctx.query.get('assetid') ?? '',
    );
    const value = item ? gemValue(item) : null;
    if (!item || value === null || item.feeApp !== Number(ctx.query.get('appid')))
      return json({ success: ERESULT.InvalidParam, message: 'This item cannot be turned into gems.' });
    return json({
      success: 1,
      goo_value: String(value),
      strTitle: 'Turn into gems?',
      strHTML: `<div>${value} gems</div>`,
    });
  });

  router.post('/community/profiles/:steamid/ajaxgrindintogoo', (ctx) => {
    const account = ownProfile(sim, ctx);
    requireSessionId(ctx);
    const item = world.findItem(account, 753, ctx.form.contextid ?? '6', ctx.form.assetid ?? '');
    const value = item ? gemValue(item) : null;
    if (!item || value === null || item.feeApp !== Number(ctx.form.appid))
      return json({ success: ERESULT.InvalidParam, message: 'This item cannot be turned into gems.' });
    if (Number(ctx.form.goo_value_expected) !== value)
      return json({ success: ERESULT.Fail, message: 'The gem value of this item has changed.' });
    world.removeItem(account, item);
    account.gems += value;
    return json({
      success: 1,
      'goo_value_received ': String(value),
      goo_value_total: String(account.gems),
      strHTML: '',
    });
  });

  router.post('/community/profiles/:steamid/ajaxpostuserstatus', (ctx) => {
    const account = ownProfile(sim, ctx);
    requireSessionId(ctx);
    const text = (ctx.form.status_text ?? '').trim();
    if (!text) return json({ success: false, message: 'Your status update is empty.' });
    const id = world.nextId('status');
    account.statuses.push({ id, text, appid: Number(ctx.form.appid ?? 0), at: world.now() });
    return json({
      success: true,
      blotter_html: `<div class="blotter_block"><div id="userstatus_${id}_${account.steamId}">${escapeHtml(text)}</div></div>`,
    });
  });

  router.get('/community/profiles/:steamid/inventory', (ctx) => {
    const account = ownProfile(sim, ctx);
    account.newItems = 0;
    return html(page('Steam Community :: Inventory', '<div id="inventories"></div>'));
  });

  router.get('/community/profiles/:steamid/tradeoffers/privacy', (ctx) => {
    const account = ownProfile(sim, ctx);
    const url = escapeHtml(world.tradeUrl(account));
    return html(
      page(
        'Steam Community :: Trade Offers',
        `<input type="text" id="trade_offer_access_url" value="${url}" readonly>`,
      ),
    );
  });

  router.get('/community/inventory/:steamid/:appid/:contextid', (ctx) => {
    const limit = world.config.inventoryRateLimit;
    if (!sim.windows.hit(`inventory:${ctx.ip}`, limit.max, limit.windowMs)) {
      sim.stats.counters.rateLimited.inventory++;
      return json(null, 429);
    }
    const count = Number(ctx.query.get('count') ?? 75);
    if (!Number.isInteger(count) || count < 1 || count > world.config.inventoryPageMax)
      return json(null, 400);
    const owner = world.accountBySteamId(ctx.params.steamid ?? '');
    if (!owner || owner.phantom) return json(null, 404);
    const viewer = optionalCommunityAccount(sim, ctx);
    if (viewer) checkFamilyView(sim, ctx, viewer);
    if (viewer?.steamId !== owner.steamId && owner.privacy.PrivacyInventory !== 3) return json(null, 403);
    const all = inventoryItems(world, owner, Number(ctx.params.appid), ctx.params.contextid ?? '');
    if (all.length === 0) return json({ total_inventory_count: 0, success: 1, rwgrsn: -2 });
    const start = ctx.query.get('start_assetid');
    const from = start ? all.findIndex((item) => item.assetid === start) + 1 : 0;
    const pageItems = all.slice(from, from + count);
    const descriptions = new Map<string, ReturnType<typeof describe>>();
    for (const item of pageItems) {
      const description = describe(world, item);
      descriptions.set(`${description.classid}_${description.instanceid}`, description);
    }
    const more = from + count < all.length;
    return json({
      assets: pageItems.map((item) => {
        const description = describe(world, item);
        return {
          appid: item.appid,
          contextid: item.contextid,
          assetid: item.assetid,
          classid: item.classid,
          instanceid: description.instanceid,
          amount: String(item.amount),
        };
      }),
      descriptions: [...descriptions.values()],
      ...(more ? { more_items: 1, last_assetid: pageItems[pageItems.length - 1]?.assetid } : {}),
      total_inventory_count: all.length,
      success: 1,
      rwgrsn: -2,
    });
  });

  router.post('/community/gid/:gid', (ctx) => {
    const account = communityAccount(sim, ctx);
    requireSessionId(ctx);
    const group = world.groups.get(ctx.params.gid ?? '');
    if (!group) return html(sorryPage('No group could be retrieved for the given URL.'));
    if (ctx.form.action === 'join') {
      group.members.add(account.steamId);
      account.groups.add(group.gid);
    }
    return html(page(`Steam Community :: Group :: ${group.name}`, '<div class="grouppage_header"></div>'));
  });

  router.post('/community/sharedfiles/favorite', (ctx) => {
    const account = communityAccount(sim, ctx);
    requireSessionId(ctx);
    if (!/^\d+$/.test(ctx.form.id ?? '') || !/^\d+$/.test(ctx.form.appid ?? ''))
      return html(sorryPage('There was a problem adding this item to your favorites.'));
    account.workshopFavorites.add(ctx.form.id ?? '');
    return html('');
  });

  router.post('/community/parental/ajaxunlock', (ctx) => {
    const account = communityAccount(sim, ctx, { familyViewExempt: true });
    requireSessionId(ctx);
    if (!account.familyViewPin) return json({ success: true });
    if (ctx.form.pin !== account.familyViewPin)
      return json({ success: false, eresult: ERESULT.AccessDenied });
    const token = randomBytes(16).toString('hex');
    account.parentalTokens.add(token);
    return json({ success: true }, 200, {
      'set-cookie': [`steamparental=${token}; Path=/; Secure; HttpOnly; SameSite=None`],
    });
  });

  router.get('/community/actions/GetNotificationCounts', (ctx) => {
    const account = communityAccount(sim, ctx);
    const incoming = [...world.offers.values()].filter(
      (offer) => offer.recipient === account.steamId && offer.state === 2,
    ).length;
    return json({
      notifications: {
        '1': incoming,
        '2': 0,
        '3': 0,
        '4': 0,
        '5': account.newItems,
        '6': 0,
        '8': 0,
        '9': 0,
        '10': 0,
        '11': 0,
      },
    });
  });

  // ---- Web API key ----
  const keyBlock = (account: SimAccount): string | null => {
    if (account.limited) return '<h2>Access Denied</h2><p>You must have spent at least $5.00 on Steam.</p>';
    if (!account.emailValidated)
      return '<p>You must have a validated email address to create a Steam Web API key.</p>';
    if (!account.twoFactor)
      return '<p>Your account requires <a href="#">Steam Guard Mobile Authenticator</a> protection before you can register a Steam Web API Key.</p>';
    return null;
  };

  router.get('/community/dev/apikey', (ctx) => {
    const account = communityAccount(sim, ctx);
    const blocked = keyBlock(account);
    if (blocked) return html(page('Steam Community :: Steam Web API Key', blocked));
    if (account.apiKey) {
      return html(
        page(
          'Steam Community :: Steam Web API Key',
          `<div id="bodyContents_ex"><h2>Your Steam Web API Key</h2><p>Key: ${account.apiKey.key}</p><p>Domain Name: ${escapeHtml(account.apiKey.domain)}</p></div>`,
        ),
      );
    }
    return html(
      page(
        'Steam Community :: Register Steam Web API Key',
        '<form id="editForm" action="requestkey" method="POST"><input name="domain"></form>',
      ),
    );
  });

  router.post('/community/dev/requestkey', (ctx) => {
    const account = communityAccount(sim, ctx);
    requireSessionId(ctx);
    if (keyBlock(account)) return json({ success: ERESULT.AccessDenied });
    const domain = (ctx.form.domain ?? '').trim();
    if (!domain) return json({ success: ERESULT.InvalidParam });
    if (account.apiKey) return json({ success: ERESULT.OK, api_key: account.apiKey.key });
    const requestId = ctx.form.request_id && ctx.form.request_id !== '0' ? ctx.form.request_id : null;
    if (requestId) {
      const request = account.apiKeyRequests.get(requestId);
      if (!request) return json({ success: ERESULT.InvalidParam });
      if (!request.confirmed)
        return json({ success: ERESULT.Pending, requires_confirmation: 1, request_id: requestId });
      account.apiKey = { key: randomBytes(16).toString('hex').toUpperCase(), domain: request.domain };
      account.apiKeyRequests.delete(requestId);
      return json({ success: ERESULT.OK, api_key: account.apiKey.key });
    }
    const id = world.nextId('request');
    account.apiKeyRequests.set(id, { domain, confirmed: false });
    createConfirmation(world, account, { type: 9, requestId: id }, `Steam Web API key for ${domain}`, [
      domain,
    ]);
    return json({ success: ERESULT.Pending, requires_confirmation: 1, request_id: id });
  });
}
