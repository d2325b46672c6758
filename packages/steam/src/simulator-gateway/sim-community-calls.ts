import { ERESULT } from '../eresult.ts';
import { SteamError } from '../steam-error.ts';
import type {
  AvatarInput,
  CreateApiKeyInput,
  CreateApiKeyResult,
  GemsResult,
  Inventory,
  InventoryQuery,
  MyGroups,
  PrivacySettings,
  ProfileEdit,
  SteamSession,
} from '../steam-gateway.ts';
import { inventoryItemFrom, type RawEconItem } from '../web/inventory-mapping.ts';
import { imageFormat } from '../web/image-format.ts';
import { buildMultipart } from '../web/multipart.ts';
import {
  ALL_PUBLIC,
  COMMENT_PERMISSION,
  PRIVACY_STATE,
  privacyFromSteam,
  readProfileEditConfig,
} from '../web/profile-item-calls.ts';
import { eresultError, parseJson, type SteamWebClient } from '../web/steam-web-client.ts';

/**
 * The raw requests steamcommunity (the library) makes for the profile, avatar, privacy, groups, feed, workshop,
 * inventory, gems, API key, trade URL and Family View, re-made over @toydesk/http for the simulated gateway
 * (same paths, forms and answers as the library's components/*.js).
 */

export async function editProfile(
  web: SteamWebClient,
  session: SteamSession,
  edit: ProfileEdit,
  operation = 'editProfile',
): Promise<void> {
  const existing = await readProfileEditConfig(web, session, 'info', operation);
  const form: Record<string, string> = {
    sessionID: session.sessionId,
    type: 'profileSave',
    weblink_1_title: '',
    weblink_1_url: '',
    weblink_2_title: '',
    weblink_2_url: '',
    weblink_3_title: '',
    weblink_3_url: '',
    personaName: edit.name ?? existing.strPersonaName ?? '',
    real_name: edit.realName ?? existing.strRealName ?? '',
    summary: edit.summary ?? existing.strSummary ?? '',
    country: edit.country ?? existing.LocationData?.locCountryCode ?? '',
    state: edit.state ?? existing.LocationData?.locStateCode ?? '',
    city: edit.city ?? existing.LocationData?.locCityCode ?? '',
    customURL: edit.customURL ?? existing.strCustomURL ?? '',
    json: '1',
    ...(edit.primaryGroup ? { primary_group_steamid: edit.primaryGroup } : {}),
  };
  const reply = await web.communityJson<{ success?: number; errmsg?: string }>(operation, session, {
    path: web.profilePath(session, 'edit/'),
    form,
    maxRetries: 0,
  });
  if (reply.success !== 1) {
    throw new SteamError({
      kind: /already in use/i.test(reply.errmsg ?? '') ? 'duplicate_request' : 'failed',
      operation,
      message: reply.errmsg || 'Request was not successful',
    });
  }
}

const FORMATS: Record<string, { filename: string; contentType: string }> = {
  jpg: { filename: 'avatar.jpg', contentType: 'image/jpeg' },
  png: { filename: 'avatar.png', contentType: 'image/png' },
  gif: { filename: 'avatar.gif', contentType: 'image/gif' },
};

export async function uploadAvatar(
  web: SteamWebClient,
  session: SteamSession,
  avatar: AvatarInput,
): Promise<{ avatarUrl: string }> {
  const operation = 'uploadAvatar';
  const format = avatar.format ?? imageFormat(avatar.image);
  const file = format ? FORMATS[format] : undefined;
  if (!file) throw new SteamError({ kind: 'failed', operation, message: 'Unknown or invalid image format' });
  const { body, contentType } = buildMultipart([
    ['MAX_FILE_SIZE', String(avatar.image.length)],
    ['type', 'player_avatar_image'],
    ['sId', session.steamId],
    ['sessionid', session.sessionId],
    ['doSub', '1'],
    ['json', '1'],
    ['avatar', { ...file, data: avatar.image }],
  ]);
  const reply = await web.communityJson<{ success?: boolean; message?: string; images?: { full?: string } }>(
    operation,
    session,
    {
      path: '/actions/FileUploader',
      body,
      headers: { 'content-type': contentType },
      maxRetries: 0,
    },
  );
  if (!reply.success)
    throw new SteamError({ kind: 'failed', operation, message: reply.message || 'Malformed response' });
  if (!reply.images?.full)
    throw new SteamError({ kind: 'malformed', operation, message: 'Malformed response' });
  return { avatarUrl: reply.images.full };
}

export async function setPrivacy(
  web: SteamWebClient,
  session: SteamSession,
  wanted: Partial<PrivacySettings>,
): Promise<PrivacySettings> {
  const operation = 'setPrivacy';
  const existing = await readProfileEditConfig(web, session, 'settings', operation);
  const settings = { ...ALL_PUBLIC, ...wanted };
  const privacy = {
    ...existing.Privacy?.PrivacySettings,
    PrivacyProfile: PRIVACY_STATE[settings.profile],
    PrivacyInventory: PRIVACY_STATE[settings.inventory],
    PrivacyInventoryGifts: settings.inventoryGiftsHidden ? PRIVACY_STATE.private : PRIVACY_STATE.public,
    PrivacyOwnedGames: PRIVACY_STATE[settings.gameDetails],
    PrivacyPlaytime: settings.playtimeHidden ? PRIVACY_STATE.private : PRIVACY_STATE.public,
    PrivacyFriendsList: PRIVACY_STATE[settings.friendsList],
  };
  const { body, contentType } = buildMultipart([
    ['sessionid', session.sessionId],
    ['Privacy', JSON.stringify(privacy)],
    ['eCommentPermission', String(COMMENT_PERMISSION[settings.comments])],
  ]);
  const reply = await web.communityJson<{
    success?: number;
    Privacy?: { PrivacySettings?: Record<string, number>; eCommentPermission?: number };
  }>(operation, session, {
    path: web.profilePath(session, 'ajaxsetprivacy/'),
    body,
    headers: { 'content-type': contentType },
    maxRetries: 0,
  });
  if (reply.success !== 1)
    throw eresultError(operation, Number(reply.success ?? ERESULT.Fail), 'Request was not successful');
  return privacyFromSteam(reply.Privacy?.PrivacySettings, reply.Privacy?.eCommentPermission);
}

export async function joinGroup(web: SteamWebClient, session: SteamSession, groupId: string): Promise<void> {
  await web.community('joinGroup', session, {
    path: `/gid/${groupId}`,
    form: { action: 'join', sessionID: session.sessionId },
    maxRetries: 0,
  });
}

/** The profile's XML (`?xml=1`): its groups and which one is primary. */
export async function getMyGroups(web: SteamWebClient, session: SteamSession): Promise<MyGroups> {
  const reply = await web.community('getMyGroups', session, {
    path: `/profiles/${session.steamId}/`,
    query: { xml: 1 },
  });
  const groups: string[] = [];
  let primaryGroup: string | null = null;
  for (const match of reply.text.matchAll(/<group\b([^>]*)>[\s\S]*?<groupID64>(\d+)<\/groupID64>/g)) {
    const id = match[2] ?? '';
    groups.push(id);
    if (/isPrimary="1"/.test(match[1] ?? '')) primaryGroup = id;
  }
  return { groups, primaryGroup };
}

export async function postStatus(
  web: SteamWebClient,
  session: SteamSession,
  text: string,
  appId = 0,
): Promise<{ postId: string }> {
  const operation = 'postStatus';
  const reply = await web.communityJson<{ success?: boolean; message?: string; blotter_html?: string }>(
    operation,
    session,
    {
      path: web.profilePath(session, 'ajaxpostuserstatus/'),
      form: { appid: appId, sessionid: session.sessionId, status_text: text },
      maxRetries: 0,
    },
  );
  if (reply.message) throw new SteamError({ kind: 'failed', operation, message: reply.message });
  const match = reply.blotter_html?.match(/id="userstatus_(\d+)_/);
  if (!match?.[1]) throw new SteamError({ kind: 'malformed', operation, message: 'Malformed response' });
  return { postId: match[1] };
}

export async function addWorkshopFavorite(
  web: SteamWebClient,
  session: SteamSession,
  file: { publishedFileId: string; appId: number },
): Promise<void> {
  await web.community('addWorkshopFavorite', session, {
    path: '/sharedfiles/favorite',
    form: { id: file.publishedFileId, appid: file.appId, sessionid: session.sessionId },
    maxRetries: 0,
  });
}

/** steamcommunity's resetItemNotifications: loading the inventory page clears the new-items counter. */
export async function resetInventoryNotifications(web: SteamWebClient, session: SteamSession): Promise<void> {
  await web.community('resetInventoryNotifications', session, {
    path: web.profilePath(session, 'inventory/'),
  });
}

interface InventoryPage {
  success?: number | boolean;
  assets?: RawEconItem[];
  descriptions?: RawEconItem[];
  more_items?: number;
  last_assetid?: string;
  total_inventory_count?: number;
  error?: string;
}

const PAGE = 1000;

/** /inventory/<steamid>/<appid>/<contextid>, 1000 per page (Steam's cap), following last_assetid. */
export async function getInventory(
  web: SteamWebClient,
  session: SteamSession,
  query: InventoryQuery,
): Promise<Inventory> {
  const operation = 'getInventory';
  const owner = query.steamId ?? session.steamId;
  const items: Inventory['items'] = [];
  let total = 0;
  let start: string | undefined;
  for (;;) {
    const reply = await web.community(operation, session, {
      path: `/inventory/${owner}/${query.appId}/${query.contextId}`,
      query: { l: 'english', count: PAGE, ...(start ? { start_assetid: start } : {}) },
      headers: { referer: web.communityUrl(`/profiles/${owner}/inventory`) },
      allowStatuses: [403, 500],
    });
    if (reply.status === 403) {
      if (owner === session.steamId)
        throw new SteamError({ kind: 'session_expired', status: 403, operation, message: 'Not Logged In' });
      throw new SteamError({
        kind: 'access_denied',
        status: 403,
        operation,
        message: 'This profile is private.',
      });
    }
    const page = parseJson<InventoryPage | null>(operation, reply);
    if (reply.status === 500) {
      const match = page?.error?.match(/^(.+) \((\d+)\)$/);
      throw new SteamError({
        kind: 'http',
        status: 500,
        operation,
        message: match?.[1] ?? page?.error ?? 'HTTP error 500',
        eresult: match?.[2] ? Number(match[2]) : null,
      });
    }
    if (!page || (page.success !== 1 && page.success !== true))
      throw new SteamError({ kind: 'malformed', operation, message: page?.error ?? 'Malformed response' });
    total = Number(page.total_inventory_count ?? 0);
    const descriptions = new Map(
      (page.descriptions ?? []).map((d) => [`${d.classid}_${d.instanceid ?? '0'}`, d]),
    );
    for (const asset of page.assets ?? []) {
      const description = descriptions.get(`${asset.classid}_${asset.instanceid ?? '0'}`) ?? {};
      items.push(
        inventoryItemFrom({ ...description, ...asset }, { appId: query.appId, contextId: query.contextId }),
      );
    }
    if (!page.more_items || !page.last_assetid) break;
    start = page.last_assetid;
  }
  return { items, totalCount: total };
}

export async function turnItemIntoGems(
  web: SteamWebClient,
  session: SteamSession,
  item: { appId: number; assetId: string },
): Promise<GemsResult> {
  const operation = 'turnItemIntoGems';
  const value = await web.communityJson<{
    success?: number;
    message?: string;
    goo_value?: string;
    strTitle?: string;
  }>(operation, session, {
    path: web.profilePath(session, 'ajaxgetgoovalue/'),
    query: { sessionid: session.sessionId, appid: item.appId, contextid: 6, assetid: item.assetId },
    allowStatuses: [400, 500],
  });
  if (value.success && value.success !== ERESULT.OK)
    throw eresultError(operation, value.success, value.message ?? null, {
      [ERESULT.InvalidParam]: 'not_found',
    });
  if (!value.goo_value || !value.strTitle)
    throw new SteamError({ kind: 'malformed', operation, message: 'Malformed response' });
  const ground = await web.communityJson<Record<string, unknown>>(operation, session, {
    path: web.profilePath(session, 'ajaxgrindintogoo/'),
    form: {
      appid: item.appId,
      contextid: 6,
      assetid: item.assetId,
      goo_value_expected: value.goo_value,
      sessionid: session.sessionId,
    },
    allowStatuses: [400, 500],
    maxRetries: 0,
  });
  const success = Number(ground.success ?? 0);
  if (success && success !== ERESULT.OK)
    throw eresultError(operation, success, typeof ground.message === 'string' ? ground.message : null);
  // Valve's key has a trailing space.
  const received = ground['goo_value_received '];
  if (!received || !ground.goo_value_total)
    throw new SteamError({ kind: 'malformed', operation, message: 'Malformed response' });
  return { gemsReceived: Number(received), totalGems: Number(ground.goo_value_total) };
}

/** The key from /dev/apikey, null when none exists; the page's refusals as steamcommunity reads them. */
export async function getApiKey(web: SteamWebClient, session: SteamSession): Promise<string | null> {
  const operation = 'getSteamApiKey';
  const page = await web.community(operation, session, { path: '/dev/apikey', query: { l: 'english' } });
  return apiKeyFromPage(operation, page.text);
}

export function apiKeyFromPage(operation: string, body: string): string | null {
  if (/You must have a validated email address to create a Steam Web API key./.test(body)) {
    throw new SteamError({
      kind: 'access_denied',
      operation,
      message: 'You must have a validated email address to create a Steam Web API key.',
    });
  }
  if (/Your account requires (<a [^>]+>)?Steam Guard Mobile Authenticator/.test(body)) {
    throw new SteamError({
      kind: 'access_denied',
      operation,
      message: 'Steam Guard Mobile Authenticator required to create a Steam Web API key',
    });
  }
  if (/<h2>Access Denied<\/h2>/.test(body))
    throw new SteamError({ kind: 'access_denied', operation, message: 'Access Denied' });
  return body.match(/<p>Key: ([0-9A-F]+)<\/p>/)?.[1] ?? null;
}

/** POST /dev/requestkey; Pending (22) needs the mobile confirmation of the request id. */
export async function createApiKey(
  web: SteamWebClient,
  session: SteamSession,
  input: CreateApiKeyInput,
  confirm: (objectId: string) => Promise<void>,
): Promise<CreateApiKeyResult> {
  const operation = 'createSteamApiKey';
  const request = (requestId: string) =>
    web.communityJson<{ success?: number; api_key?: string; request_id?: string }>(operation, session, {
      path: '/dev/requestkey',
      form: {
        domain: input.domain,
        request_id: requestId,
        sessionid: session.sessionId,
        agreeToTerms: 'true',
      },
      maxRetries: 0,
    });
  let reply = await request(input.requestId ?? '0');
  if (reply.success === ERESULT.Pending) {
    const requestId = String(reply.request_id ?? input.requestId ?? '');
    if (!input.identitySecret) return { status: 'needs_confirmation', requestId };
    await confirm(requestId);
    reply = await request(requestId);
  }
  if (reply.success === ERESULT.OK) {
    const key = reply.api_key ?? (await getApiKey(web, session));
    if (!key) throw new SteamError({ kind: 'malformed', operation, message: 'no key after creation' });
    return { status: 'created', apiKey: key };
  }
  if (reply.success === ERESULT.Pending)
    return { status: 'needs_confirmation', requestId: String(reply.request_id ?? '') };
  throw eresultError(operation, Number(reply.success ?? ERESULT.Fail));
}

export async function getTradeUrl(web: SteamWebClient, session: SteamSession): Promise<string> {
  const operation = 'getTradeUrl';
  const page = await web.community(operation, session, {
    path: web.profilePath(session, 'tradeoffers/privacy'),
  });
  const match = page.text.match(
    /https?:\/\/[^"'<\s]*\/tradeoffer\/new\/?\?partner=\d+(?:&|&amp;)token=[a-zA-Z0-9_-]+/,
  );
  if (!match) throw new SteamError({ kind: 'malformed', operation, message: 'Malformed response' });
  return match[0].replace('&amp;', '&');
}
