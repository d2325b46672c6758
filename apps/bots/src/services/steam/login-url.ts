import { badRequest } from '@toydesk/api-kit';

import type { BotRuntime } from '../../bot-runtime.ts';

/**
 * The sites whose "Sign in through Steam" the bot services may follow: the marketplaces they are configured
 * for (each endpoint's origin). Anything else — another host, loopback, the simulators' control API — is
 * refused before a request leaves, so an operator-supplied URL cannot make the bot host fetch for it.
 */
export function marketplaceLoginOrigins(runtime: Pick<BotRuntime, 'markets'>): Set<string> {
  return new Set(
    Object.values(runtime.markets.endpoints).map((endpoint) => new URL(endpoint.baseUrl).origin),
  );
}

/** A 400 on `login_url` unless it is http(s) on a configured marketplace's origin. */
export function assertMarketplaceLoginUrl(runtime: Pick<BotRuntime, 'markets'>, loginUrl: string): void {
  let origin: string;
  try {
    const url = new URL(loginUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('protocol');
    if (url.username || url.password) throw new Error('credentials');
    origin = url.origin;
  } catch {
    throw badRequest({ login_url: ['Введите правильный URL. (Enter a valid URL.)'] });
  }
  if (!marketplaceLoginOrigins(runtime).has(origin)) {
    throw badRequest({
      login_url: [
        `Вход через Steam только на настроенных площадках, не на ${origin}. (Sign-in through Steam only on the configured marketplaces, not on ${origin}.)`,
      ],
    });
  }
}
