import { keyOf, tOr, type TextContext } from './text-context';

/** A job kind's name in the UI's language ("trading.list-reprice" -> «Цикл выставления и переоценки»). */
export function kindTitle(kind: string, ctx: TextContext): string {
  return tOr(ctx, `jobResults.kind.${keyOf(kind)}`, 'jobResults.kind.other');
}

export const KIND_GROUPS = [
  'trading',
  'steam',
  'signup',
  'orders',
  'prices',
  'proxy',
  'spend',
  'other',
] as const;
export type KindGroup = (typeof KIND_GROUPS)[number];

/** The group a kind is filtered by on the jobs screen: its prefix, with the spend and key checks together. */
export function kindGroup(kind: string): KindGroup {
  const prefix = kind.split('.')[0] ?? '';
  if (prefix === 'market') return kind === 'market.key-check' ? 'spend' : 'orders';
  if (prefix === 'spend') return 'spend';
  if (prefix === 'steam-guard') return 'steam';
  return (KIND_GROUPS as readonly string[]).includes(prefix) ? (prefix as KindGroup) : 'other';
}

/**
 * The routine kinds the scheduler starts by the thousand (every loop tick, the dispatcher, the cron checks):
 * the jobs screen hides them unless asked to show them, so the operator's own jobs and failures stand out.
 */
export const ROUTINE_KINDS: readonly string[] = [
  'trading.dispatch',
  'trading.keep-online',
  'trading.deliver',
  'trading.list-reprice',
  'trading.dynamic-orders',
  'proxy.check-all',
  'prices.import-all',
  'spend.check',
  'market.key-check',
];

/** The market account jobs (their `account` is a market account id; the other kinds' is a Steam account). */
export function isMarketAccountKind(kind: string): boolean {
  return (
    kind.startsWith('trading.') ||
    kind.startsWith('orders.') ||
    kind === 'market.account-items' ||
    kind === 'market.key-check' ||
    kind === 'spend.check'
  );
}

/** Every job kind of the bot services (apps/bots/src/services/all-job-kinds.ts), for the kind filters. */
export const KNOWN_KINDS: readonly string[] = [
  'proxy.check',
  'proxy.check-all',
  'orders.active',
  'orders.active-stats',
  'orders.by-name',
  'prices.import',
  'prices.import-all',
  'market.account-items',
  'signup.relogin',
  'signup.add_phone',
  'signup.resend_code',
  'signup.confirm_phone_code',
  'signup.set_random_profile_info',
  'signup.upload_avatar',
  'signup.make_profile_public',
  'signup.enable_2fa_step_1',
  'signup.enable_2fa_step_2',
  'signup.set_steam_info_to_site',
  'signup.setup-profile',
  'signup.follow-last-email',
  'signup.import-mafile',
  'signup.transform-cards-to-badges',
  'signup.get-my-inventory',
  'signup.turn-item-into-gems',
  'signup.subscribe-to-group',
  'signup.get-my-groups',
  'signup.add-group-to-favorite',
  'signup.post-message-in-feed',
  'signup.workshop-add-to-favorite',
  'signup.decorate-set-theme',
  'signup.decorate-set-favorite-badge',
  'signup.decorate-set-profile-background',
  'signup.decorate-configure-showcase',
  'signup.edit-profile-info',
  'signup.reset-inventory-notification-counter',
  'signup.profile-settings',
  'signup.available-emotions',
  'steam.relogin',
  'steam.login-on-other-site',
  'steam.cookie-other-site',
  'steam.balance',
  'steam.market-list',
  'steam.market-create-order',
  'steam.accept-offer',
  'steam.cancel-offer',
  'steam.create-offer',
  'steam.set-api-key',
  'steam.csgotm-generate-api-key',
  'trading.keep-online',
  'trading.deliver',
  'trading.list-reprice',
  'trading.dynamic-orders',
  'trading.stop',
  'trading.dispatch',
  'market.key-check',
  'trading.set-prices',
  'trading.list-items',
  'steam-guard.confirmations',
  'steam-guard.answer',
  'spend.check',
];
