import { mdiLoginVariant, mdiWalletOutline } from '@mdi/js';
import { BOT_ROUTES_BY_ID, PROFILE_THEMES, SHOWCASE_KINDS, type BotRouteId } from '@toydesk/contract';
import type { z } from 'zod';

import type { BotCallOptions } from '@/lib/bot-api';

/** One input of an action: a form field whose value goes into the body (or the query). */
export interface ActionInput {
  name: string;
  /** A translation key; a bare name is under ops.steamActions.input. */
  labelKey: string;
  /**
   * number: an integer; multiline: free text; select: one of `options`; assets: asset ids (strings, never
   * numbers: they pass 2^53) one per line or comma-separated, sent as CS2 inventory items.
   */
  kind?: 'text' | 'number' | 'url' | 'multiline' | 'select' | 'assets';
  options?: readonly string[];
  /** Translation key prefix of the options' labels (`${optionsKey}.${option}`). */
  optionsKey?: string;
  /** A translation key of a hint under the field. */
  helperKey?: string;
  initial?: string;
  required?: boolean;
  /** Where the value goes; default the body. */
  in?: 'body' | 'query';
}

/** The submenus of the row menu; top: right in the menu (the everyday ones). */
export const STEAM_ACTION_GROUPS = [
  'top',
  'session',
  'profile',
  'community',
  'inventory',
  'trades',
  'market',
  'mail',
] as const;
export type SteamActionGroup = (typeof STEAM_ACTION_GROUPS)[number];
export type SteamActionSubmenuGroup = Exclude<SteamActionGroup, 'top'>;
export const SUBMENU_GROUPS = STEAM_ACTION_GROUPS.filter(
  (group): group is SteamActionSubmenuGroup => group !== 'top',
);

/** A bot call run for one account from the row menu. */
export interface SteamAction {
  /** The title: ops.steamActions.<key>, or botCalls.actions.<key> when `titleKey` says so. */
  key: string;
  titleKey?: string;
  route: BotRouteId;
  group: SteamActionGroup;
  inputs: readonly ActionInput[];
  /** The account list changes (a new session, a balance, a key): re-read it when the job ends. */
  refreshAccounts?: boolean;
  /** An mdi icon path, for the actions right in the menu (aligned with the submenus' arrows). */
  icon?: string;
  /** Where the account id goes; default the path (or the query when the path has no {id}). */
  accountIn?: 'path' | 'body' | 'none';
  /** The call answers at once with its result instead of a job. */
  direct?: boolean;
  /** Every input is optional but a call without any changes nothing: one must be filled. */
  atLeastOne?: boolean;
  /** The call moves money (a buy order, a listing): a preview and a confirmation come before it is sent. */
  money?: 'order' | 'listing';
}

const bot = (key: string) => `botCalls.actions.${key}`;
const input = (key: string) => `botCalls.input.${key}`;
const groupIdInput: ActionInput = {
  name: 'group_id',
  labelKey: input('groupId'),
  required: true,
  helperKey: input('groupIdHint'),
};

export const STEAM_ACTIONS: readonly SteamAction[] = [
  {
    key: 'relogin',
    route: 'bot-steam.relogin',
    group: 'top',
    icon: mdiLoginVariant,
    inputs: [],
    refreshAccounts: true,
  },
  {
    key: 'balance',
    route: 'bot-steam.market_balance_info',
    group: 'top',
    icon: mdiWalletOutline,
    inputs: [],
    refreshAccounts: true,
  },
  {
    key: 'apiKey',
    route: 'bot-steam.set_steam_api_key',
    group: 'session',
    inputs: [{ name: 'domain', labelKey: 'domain', initial: 'localhost', required: true }],
  },
  {
    key: 'tmApiKey',
    route: 'bot-steam.csgotm_generate_api_key',
    group: 'session',
    inputs: [],
    refreshAccounts: true,
  },
  {
    key: 'loginOtherSite',
    route: 'bot-steam.login_on_other_site',
    group: 'session',
    inputs: [{ name: 'login_url', labelKey: 'loginUrl', kind: 'url', required: true }],
  },
  {
    key: 'cookies',
    route: 'bot-steam.get_cookie_other_site',
    group: 'session',
    inputs: [{ name: 'domain', labelKey: 'cookieDomain', initial: 'steamcommunity.com', in: 'query' }],
  },

  // Profile and its decoration
  {
    key: 'editProfileInfo',
    titleKey: bot('editProfileInfo'),
    route: 'bot-signup.edit_profile_info',
    group: 'profile',
    atLeastOne: true,
    inputs: [
      { name: 'name', labelKey: input('profileName') },
      { name: 'real_name', labelKey: input('realName') },
      { name: 'summary', labelKey: input('summary'), kind: 'multiline' },
      { name: 'country', labelKey: input('country'), helperKey: input('countryHint') },
      { name: 'state', labelKey: input('state') },
      { name: 'city', labelKey: input('city') },
      { name: 'custom_url', labelKey: input('customUrl') },
    ],
  },
  {
    key: 'setTheme',
    titleKey: bot('setTheme'),
    route: 'bot-signup.decorate_set_theme',
    group: 'profile',
    inputs: [
      {
        name: 'theme',
        labelKey: input('theme'),
        kind: 'select',
        options: PROFILE_THEMES,
        optionsKey: 'botCalls.themes',
        initial: PROFILE_THEMES[0],
        required: true,
      },
    ],
  },
  {
    key: 'setFavoriteBadge',
    titleKey: bot('setFavoriteBadge'),
    route: 'bot-signup.decorate_set_favorite_badge',
    group: 'profile',
    inputs: [
      { name: 'badge_id', labelKey: input('badgeId'), kind: 'number', required: true },
      { name: 'community_item_id', labelKey: input('communityItemId') },
    ],
  },
  {
    key: 'setProfileBackground',
    titleKey: bot('setProfileBackground'),
    route: 'bot-signup.decorate_set_profile_background',
    group: 'profile',
    inputs: [
      {
        name: 'community_item_id',
        labelKey: input('communityItemId'),
        required: true,
        helperKey: input('backgroundHint'),
      },
    ],
  },
  {
    key: 'configureShowcase',
    titleKey: bot('configureShowcase'),
    route: 'bot-signup.decorate_configure_showcase',
    group: 'profile',
    inputs: [
      {
        name: 'kind',
        labelKey: input('showcaseKind'),
        kind: 'select',
        options: SHOWCASE_KINDS,
        optionsKey: 'botCalls.showcaseKinds',
        initial: SHOWCASE_KINDS[0],
        required: true,
      },
      { name: 'slot', labelKey: input('slot'), kind: 'number' },
      { name: 'published_file_id', labelKey: input('publishedFileId') },
      { name: 'group_id', labelKey: input('groupId') },
      { name: 'items', labelKey: input('assetIds'), kind: 'assets', helperKey: input('assetIdsHint') },
      { name: 'notes', labelKey: input('notes'), kind: 'multiline' },
    ],
  },
  {
    key: 'profileSettings',
    titleKey: bot('profileSettings'),
    route: 'bot-signup.decorate_profile_settings',
    group: 'profile',
    inputs: [],
  },
  {
    key: 'availableEmotions',
    titleKey: bot('availableEmotions'),
    route: 'bot-signup.decorate_available_emotions',
    group: 'profile',
    inputs: [],
  },
  {
    key: 'randomAvatars',
    titleKey: bot('randomAvatars'),
    route: 'bot-signup.get_random_avatars',
    group: 'profile',
    accountIn: 'none',
    direct: true,
    inputs: [{ name: 'count', labelKey: input('count'), kind: 'number', initial: '6' }],
  },

  // Groups and the feed
  {
    key: 'getMyGroups',
    titleKey: bot('getMyGroups'),
    route: 'bot-signup.get_my_groups',
    group: 'community',
    inputs: [],
  },
  {
    key: 'subscribeToGroup',
    titleKey: bot('subscribeToGroup'),
    route: 'bot-signup.subscribe_to_group',
    group: 'community',
    inputs: [groupIdInput],
  },
  {
    key: 'addGroupToFavorite',
    titleKey: bot('addGroupToFavorite'),
    route: 'bot-signup.add_group_to_favorite',
    group: 'community',
    inputs: [groupIdInput],
  },
  {
    key: 'postMessageInFeed',
    titleKey: bot('postMessageInFeed'),
    route: 'bot-signup.post_message_in_feed',
    group: 'community',
    inputs: [{ name: 'text', labelKey: input('feedText'), kind: 'multiline', required: true }],
  },
  {
    key: 'workshopAddToFavorite',
    titleKey: bot('workshopAddToFavorite'),
    route: 'bot-signup.workshop_add_to_favorite',
    group: 'community',
    inputs: [
      {
        name: 'published_file_id',
        labelKey: input('publishedFileId'),
        required: true,
        helperKey: input('publishedFileIdHint'),
      },
      { name: 'app_id', labelKey: input('appId'), kind: 'number', initial: '730' },
    ],
  },

  // Inventory
  {
    key: 'inventory',
    route: 'bot-signup.get_my_inventory',
    group: 'inventory',
    // CS2 by default; 753 / 6 is the Steam inventory (cards, backgrounds, gems).
    inputs: [
      { name: 'app_id', labelKey: input('appId'), kind: 'number', initial: '730' },
      { name: 'context_id', labelKey: input('contextId'), initial: '2', helperKey: input('contextHint') },
    ],
  },
  {
    key: 'turnItemIntoGems',
    titleKey: bot('turnItemIntoGems'),
    route: 'bot-signup.turn_item_into_gems',
    group: 'inventory',
    inputs: [
      { name: 'asset_id', labelKey: 'assetId', required: true, helperKey: input('gemsAssetHint') },
      {
        name: 'app_id',
        labelKey: input('itemAppId'),
        kind: 'number',
        required: true,
        helperKey: input('itemAppIdHint'),
      },
    ],
  },
  {
    key: 'transformCardsToBadges',
    titleKey: bot('transformCardsToBadges'),
    route: 'bot-signup.transform_cards_to_badges',
    group: 'inventory',
    inputs: [],
  },
  {
    key: 'resetInventoryCounter',
    titleKey: bot('resetInventoryCounter'),
    route: 'bot-signup.reset_inventory_notification_counter',
    group: 'inventory',
    inputs: [],
  },

  // Trade offers
  {
    key: 'createOffer',
    titleKey: bot('createOffer'),
    route: 'bot-steam.create_offer',
    group: 'trades',
    inputs: [
      {
        name: 'trade_url',
        labelKey: input('tradeUrl'),
        kind: 'url',
        required: true,
        helperKey: input('tradeUrlHint'),
      },
      {
        name: 'assets',
        labelKey: input('assetIds'),
        kind: 'assets',
        required: true,
        helperKey: input('assetIdsHint'),
      },
      { name: 'message', labelKey: input('offerMessage') },
    ],
  },
  {
    key: 'acceptOffer',
    route: 'bot-steam.accept_offer',
    group: 'trades',
    inputs: [{ name: 'offer_id', labelKey: 'offerId', required: true }],
  },
  {
    key: 'cancelOffer',
    route: 'bot-steam.cancel_offer',
    group: 'trades',
    inputs: [{ name: 'offer_id', labelKey: 'offerId', required: true }],
  },

  // The Steam market
  {
    key: 'marketOrder',
    money: 'order',
    route: 'bot-steam.market_create_order',
    group: 'market',
    inputs: [
      { name: 'market_hash_name', labelKey: 'marketHashName', required: true },
      { name: 'price', labelKey: 'price', required: true },
      { name: 'quantity', labelKey: 'quantity', kind: 'number', initial: '1' },
    ],
  },
  {
    key: 'marketList',
    money: 'listing',
    route: 'bot-steam.market_list',
    group: 'market',
    inputs: [
      { name: 'asset_id', labelKey: 'assetId', required: true },
      { name: 'price', labelKey: 'price', required: true },
    ],
  },

  // Mail
  {
    key: 'followLastEmail',
    titleKey: bot('followLastEmail'),
    route: 'bot-signup.follow_to_last_email',
    group: 'mail',
    accountIn: 'body',
    inputs: [],
  },
];

/** The translation key of an action's title. */
export const actionTitleKey = (action: SteamAction) => action.titleKey ?? `ops.steamActions.${action.key}`;

/** The translation key of an input's label. */
export const inputLabelKey = (item: ActionInput) =>
  item.labelKey.includes('.') ? item.labelKey : `ops.steamActions.input.${item.labelKey}`;

export function initialInputValues(action: SteamAction): Record<string, string> {
  return Object.fromEntries(action.inputs.map((item) => [item.name, item.initial ?? '']));
}

/** Asset ids as typed: one per line, or separated by commas or spaces; kept as strings. */
export function parseAssetIds(raw: string): string[] {
  return raw.split(/[\s,;]+/).filter(Boolean);
}

function inputValue(item: ActionInput, raw: string): unknown {
  if (item.kind === 'number') return /^-?\d+$/.test(raw) ? Number(raw) : raw;
  if (item.kind === 'assets')
    return parseAssetIds(raw).map((asset_id) => ({ app_id: 730, context_id: '2', asset_id }));
  return raw;
}

/**
 * The call for one account: path id (the cookie read takes it in the query, follow-to-last-email in the
 * body), body and query from the inputs, empty optional inputs left out. Errors: 'required', or the route's
 * own schema refuses the body, per field (its message, English, stays out of the Russian UI: the dialog
 * shows its own text).
 */
export function buildActionCall(
  action: SteamAction,
  accountId: number,
  values: Readonly<Record<string, string>>,
): { options: BotCallOptions<BotRouteId>; errors: Record<string, string> } {
  const body: Record<string, unknown> = {};
  const query: Record<string, string | number> = {};
  const errors: Record<string, string> = {};
  for (const item of action.inputs) {
    const raw = (values[item.name] ?? '').trim();
    if (!raw) {
      if (item.required) errors[item.name] = 'required';
      continue;
    }
    const value = inputValue(item, raw);
    if (item.in === 'query') query[item.name] = value as string | number;
    else body[item.name] = value;
  }
  if (action.atLeastOne && action.inputs.every((item) => !(values[item.name] ?? '').trim()))
    errors._form = 'atLeastOne';
  const route = BOT_ROUTES_BY_ID[action.route] as { method: string; path: string; body?: z.ZodType };
  const accountIn = action.accountIn ?? 'path';
  const pathTakesId = route.path.includes('{id}');
  if (accountIn === 'body') body.id = accountId;
  else if (accountIn === 'path' && !pathTakesId) query.id = accountId;
  // A read that runs as a job answers at once (202) instead of holding the call; the dialog follows the job.
  if (route.method === 'GET') query.wait = 0;
  const hasBody = accountIn === 'body' || action.inputs.some((item) => (item.in ?? 'body') === 'body');
  if (route.body && hasBody && Object.keys(errors).length === 0) {
    const parsed = route.body.safeParse(body);
    if (!parsed.success)
      for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '')] ||= issue.message;
  }
  const options: BotCallOptions<BotRouteId> = {};
  if (accountIn === 'path' && pathTakesId) options.params = { id: accountId };
  if (hasBody) options.body = body as never;
  if (Object.keys(query).length > 0) options.query = query as never;
  return { options, errors };
}
