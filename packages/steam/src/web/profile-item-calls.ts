import { PROFILE_THEME_IDS, PROFILE_THEMES, type ProfileTheme, type ShowcaseKind } from '@toydesk/contract';

import { ERESULT } from '../eresult.ts';
import { SteamError } from '../steam-error.ts';
import type {
  Badge,
  CraftBadgesResult,
  Emoticon,
  Inventory,
  PrivacyLevel,
  PrivacySettings,
  ProfileSettings,
  ShowcaseInput,
  SteamSession,
} from '../steam-gateway.ts';
import { jsonDataAttribute } from './html.ts';
import { eresultError, type SteamWebClient } from './steam-web-client.ts';

/**
 * Profile decoration that no library supports (marketplaces.md section 3: themes, showcases, backgrounds are
 * commented out or TODO in steamcommunity): raw IPlayerService WebAPI calls with the access token, the
 * showcase and badge-crafting AJAX endpoints of the profile pages, and the profile editor's embedded config.
 * [unverified against live Steam: method and field names are those of the Steam web profile editor as seen
 * in public code and protobuf dumps (IPlayerService/SetProfileTheme, SetProfileBackground, SetFavoriteBadge,
 * GetProfileCustomization, GetProfileItemsEquipped, GetProfileItemsOwned, GetFavoriteBadge, GetEmoticonList,
 * GetBadges; /ajaxsetshowcaseconfig, /ajaxcraftbadge/)]
 */

/** EProfileCustomizationType of each showcase kind of the spec. [mem] */
export const SHOWCASE_TYPES: Record<ShowcaseKind, number> = {
  'inventory items': 3,
  'trade items': 4,
  'favorite group': 9,
  workshop: 11,
};

async function playerService<T>(
  web: SteamWebClient,
  operation: string,
  session: SteamSession,
  method: string,
  params: Record<string, string | number | boolean>,
  http: 'GET' | 'POST' = 'POST',
) {
  const reply = await web.webApi<T>(operation, session, {
    method: http,
    path: `IPlayerService/${method}/v1`,
    params,
  });
  if (reply.eresult !== ERESULT.OK) throw eresultError(operation, reply.eresult, reply.message);
  return reply.response;
}

export async function setProfileTheme(
  web: SteamWebClient,
  session: SteamSession,
  theme: ProfileTheme,
): Promise<void> {
  await playerService(web, 'setProfileTheme', session, 'SetProfileTheme', {
    theme_id: PROFILE_THEME_IDS[theme],
  });
}

export async function setProfileBackground(
  web: SteamWebClient,
  session: SteamSession,
  communityItemId: string,
): Promise<void> {
  await playerService(web, 'setProfileBackground', session, 'SetProfileBackground', {
    communityitemid: communityItemId,
  });
}

export async function setFavoriteBadge(
  web: SteamWebClient,
  session: SteamSession,
  badge: { badgeId: number; communityItemId?: string | null },
): Promise<void> {
  await playerService(web, 'setFavoriteBadge', session, 'SetFavoriteBadge', {
    badgeid: badge.badgeId,
    ...(badge.communityItemId ? { communityitemid: badge.communityItemId } : {}),
  });
}

export async function getBadges(web: SteamWebClient, session: SteamSession): Promise<Badge[]> {
  const response = await playerService<{
    badges?: { badgeid?: number; level?: number; appid?: number; communityitemid?: string; xp?: number }[];
  }>(web, 'getBadges', session, 'GetBadges', { steamid: session.steamId }, 'GET');
  return (response.badges ?? []).map((badge) => ({
    badgeId: Number(badge.badgeid ?? 0),
    level: Number(badge.level ?? 0),
    appId: badge.appid === undefined ? null : Number(badge.appid),
    communityItemId: badge.communityitemid ?? null,
    xp: Number(badge.xp ?? 0),
  }));
}

export async function getEmoticons(web: SteamWebClient, session: SteamSession): Promise<Emoticon[]> {
  const response = await playerService<{ emoticons?: { name?: string; count?: number; appid?: number }[] }>(
    web,
    'getAvailableEmotions',
    session,
    'GetEmoticonList',
    {},
  );
  return (response.emoticons ?? []).map((emoticon) => ({
    name: emoticon.name ?? '',
    count: Number(emoticon.count ?? 1),
    appId: emoticon.appid === undefined ? null : Number(emoticon.appid),
  }));
}

/** One /ajaxsetshowcaseconfig request per slot (the item showcases take one item per slot). */
export async function configureShowcase(
  web: SteamWebClient,
  session: SteamSession,
  showcase: ShowcaseInput,
): Promise<void> {
  const operation = 'configureShowcase';
  const type = SHOWCASE_TYPES[showcase.kind];
  const slot = showcase.slot ?? 0;
  const requests: Record<string, string | number>[] = [];
  const required = (value: string | null | undefined, message: string): string => {
    if (!value) throw new SteamError({ kind: 'failed', operation, message });
    return value;
  };
  switch (showcase.kind) {
    case 'workshop':
      requests.push({
        slot,
        publishedfileid: required(showcase.publishedFileId, 'a workshop showcase needs publishedFileId'),
      });
      break;
    case 'favorite group':
      requests.push({
        slot,
        groupid: required(showcase.groupId, 'a favourite-group showcase needs groupId'),
      });
      break;
    case 'inventory items':
    case 'trade items': {
      const items = showcase.items ?? [];
      if (items.length === 0 && showcase.notes === undefined) {
        requests.push({ slot });
      }
      items.forEach((item, index) =>
        requests.push({
          slot: slot + index,
          appid: item.appId,
          item_contextid: item.contextId,
          item_assetid: item.assetId,
        }),
      );
      if (showcase.kind === 'trade items' && showcase.notes !== undefined) {
        requests.push({ slot, notes: showcase.notes });
      }
      break;
    }
  }
  for (const fields of requests) {
    const reply = await web.communityJson<{ success?: number; message?: string }>(operation, session, {
      path: web.profilePath(session, 'ajaxsetshowcaseconfig'),
      form: { sessionid: session.sessionId, customization_type: type, ...fields },
      maxRetries: 0,
    });
    if (reply.success !== ERESULT.OK)
      throw eresultError(operation, Number(reply.success ?? ERESULT.Fail), reply.message ?? null);
  }
}

/** The `#profile_edit_config` JSON of the profile editor (what steamcommunity's editProfile reads). */
export interface ProfileEditConfig {
  strPersonaName?: string;
  strRealName?: string;
  strSummary?: string;
  strCustomURL?: string;
  LocationData?: { locCountryCode?: string; locStateCode?: string; locCityCode?: string };
  Privacy?: {
    PrivacySettings?: Record<string, number>;
    eCommentPermission?: number;
  };
}

export async function readProfileEditConfig(
  web: SteamWebClient,
  session: SteamSession,
  page: 'info' | 'settings',
  operation: string,
): Promise<ProfileEditConfig> {
  const reply = await web.community(operation, session, { path: web.profilePath(session, `edit/${page}`) });
  const config = jsonDataAttribute<ProfileEditConfig>(reply.text, 'profile_edit_config', 'profile-edit');
  if (!config || (page === 'info' ? config.strPersonaName === undefined : !config.Privacy)) {
    throw new SteamError({ kind: 'malformed', operation, message: 'Malformed response' });
  }
  return config;
}

const LEVEL_OF: Record<number, PrivacyLevel> = { 1: 'private', 2: 'friends_only', 3: 'public' };
export const PRIVACY_STATE: Record<PrivacyLevel, number> = { private: 1, friends_only: 2, public: 3 };
/** steamcommunity's CommentPrivacyState: privacy state → eCommentPermission. */
export const COMMENT_PERMISSION: Record<PrivacyLevel, number> = { private: 2, friends_only: 0, public: 1 };
const COMMENT_LEVEL: Record<number, PrivacyLevel> = { 2: 'private', 0: 'friends_only', 1: 'public' };

export function privacyFromSteam(
  privacy: Record<string, number> | undefined,
  commentPermission: number | undefined,
): PrivacySettings {
  const level = (key: string): PrivacyLevel => LEVEL_OF[privacy?.[key] ?? 1] ?? 'private';
  return {
    profile: level('PrivacyProfile'),
    comments: COMMENT_LEVEL[commentPermission ?? 2] ?? 'private',
    inventory: level('PrivacyInventory'),
    inventoryGiftsHidden: (privacy?.PrivacyInventoryGifts ?? 1) === PRIVACY_STATE.private,
    gameDetails: level('PrivacyOwnedGames'),
    playtimeHidden: (privacy?.PrivacyPlaytime ?? 1) === PRIVACY_STATE.private,
    friendsList: level('PrivacyFriendsList'),
  };
}

export const ALL_PUBLIC: PrivacySettings = {
  profile: 'public',
  comments: 'public',
  inventory: 'public',
  inventoryGiftsHidden: false,
  gameDetails: 'public',
  playtimeHidden: false,
  friendsList: 'public',
};

/** The editor config plus the IPlayerService reads of theme, showcases, background and favourite badge. */
export async function getProfileSettings(
  web: SteamWebClient,
  session: SteamSession,
): Promise<ProfileSettings> {
  const operation = 'getProfileSettings';
  const info = await readProfileEditConfig(web, session, 'info', operation);
  const settings = await readProfileEditConfig(web, session, 'settings', operation);
  const customization = await playerService<{
    customizations?: { customization_type?: number; slot?: number }[];
    profile_theme?: { theme_id?: string };
  }>(web, operation, session, 'GetProfileCustomization', { steamid: session.steamId }, 'GET');
  const equipped = await playerService<{ profile_background?: { communityitemid?: string } }>(
    web,
    operation,
    session,
    'GetProfileItemsEquipped',
    { steamid: session.steamId },
    'GET',
  );
  const owned = await playerService<{
    profile_backgrounds?: { communityitemid?: string; name?: string; item_title?: string }[];
  }>(web, operation, session, 'GetProfileItemsOwned', {}, 'GET');
  const badge = await playerService<{
    has_favorite_badge?: boolean;
    badgeid?: number;
    communityitemid?: string;
  }>(web, operation, session, 'GetFavoriteBadge', { steamid: session.steamId }, 'GET');
  const themeId = customization.profile_theme?.theme_id || null;
  const theme = PROFILE_THEMES.find((name) => PROFILE_THEME_IDS[name] === themeId) ?? null;
  const kindOfType = new Map(
    Object.entries(SHOWCASE_TYPES).map(([kind, type]) => [type, kind as ShowcaseKind]),
  );
  return {
    name: info.strPersonaName ?? '',
    realName: info.strRealName ?? '',
    summary: info.strSummary ?? '',
    country: info.LocationData?.locCountryCode ?? '',
    state: info.LocationData?.locStateCode ?? '',
    city: info.LocationData?.locCityCode ?? '',
    customURL: info.strCustomURL ?? '',
    privacy: privacyFromSteam(settings.Privacy?.PrivacySettings, settings.Privacy?.eCommentPermission),
    theme,
    themeId,
    backgroundId: equipped.profile_background?.communityitemid || null,
    favoriteBadge:
      badge.has_favorite_badge && badge.badgeid !== undefined
        ? { badgeId: Number(badge.badgeid), communityItemId: badge.communityitemid || null }
        : null,
    showcases: (customization.customizations ?? []).map((entry) => ({
      kind: kindOfType.get(Number(entry.customization_type)) ?? null,
      type: Number(entry.customization_type ?? 0),
      slot: Number(entry.slot ?? 0),
    })),
    ownedBackgrounds: (owned.profile_backgrounds ?? []).map((item) => ({
      communityItemId: String(item.communityitemid ?? ''),
      name: item.item_title ?? item.name ?? '',
    })),
  };
}

const MAX_BADGE_LEVEL = 5;

/**
 * Crafts badges from the trading cards of a 753/6 inventory: for every game with non-foil cards, POST
 * /ajaxcraftbadge/ one level at a time until Steam refuses (an incomplete set or the level cap).
 */
export async function craftBadgesFromCards(
  web: SteamWebClient,
  session: SteamSession,
  steamItems: Inventory,
): Promise<CraftBadgesResult> {
  const operation = 'transformCardsToBadges';
  const apps = new Set<number>();
  for (const item of steamItems.items) {
    const isCard = item.tags.some(
      (tag) => tag.category === 'item_class' && tag.internalName === 'item_class_2',
    );
    const isFoil = item.tags.some(
      (tag) => tag.category === 'cardborder' && tag.internalName === 'cardborder_1',
    );
    if (isCard && !isFoil && item.marketFeeApp !== null) apps.add(item.marketFeeApp);
  }
  const result: CraftBadgesResult = { crafted: [], skipped: [] };
  for (const appId of [...apps].sort((a, b) => a - b)) {
    let craftedAny = false;
    for (let i = 0; i < MAX_BADGE_LEVEL; i++) {
      const reply = await web.communityJson<{
        success?: number;
        message?: string;
        Badge?: { level?: number };
      }>(operation, session, {
        path: web.profilePath(session, 'ajaxcraftbadge/'),
        form: { appid: appId, series: 1, border_color: 0, levels: 1, sessionid: session.sessionId },
        maxRetries: 0,
      });
      if (reply.success !== ERESULT.OK) {
        if (!craftedAny)
          result.skipped.push({
            appId,
            eresult: reply.success ?? null,
            message: reply.message ?? 'not craftable',
          });
        break;
      }
      craftedAny = true;
      result.crafted.push({ appId, level: Number(reply.Badge?.level ?? 0) });
    }
  }
  return result;
}
