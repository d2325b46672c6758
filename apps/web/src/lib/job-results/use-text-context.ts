import type { UiLang } from '@toydesk/contract';
import { useContext, useMemo } from 'react';

import { CommonDataContext, type CommonSteamAccount } from '../common-data';
import { useUiLang } from '../use-ui-lang';
import type { TextContext } from './text-context';

interface Names {
  markets: ReadonlyArray<{ code: string; name: string }>;
  steamAccounts: readonly CommonSteamAccount[];
}

/** A TextContext over i18next and the common data's names (pure: the alerts poller builds one too). */
export function createTextContext(
  i18n: { t: TextContext['t']; exists: (key: string) => boolean },
  lang: UiLang,
  names: Names,
): TextContext {
  const marketNames = new Map(names.markets.map((market) => [String(market.code), market.name]));
  const marketName = (code: string) => marketNames.get(code) ?? code;
  // The label is the market's name and the Steam account's ("Market CSGO op_walk_01"): the subject whole.
  const marketAccounts = new Map(
    names.steamAccounts.flatMap((account) =>
      account.market_accounts.map((market) => [market.id, market.label] as const),
    ),
  );
  const steamNames = new Map(names.steamAccounts.map((account) => [account.id, account.steam_account_name]));
  return {
    t: (key, options) => i18n.t(key, options),
    exists: (key) => i18n.exists(key),
    lang,
    marketName,
    marketAccountLabel: (id) => marketAccounts.get(id) ?? `#${id}`,
    steamAccountName: (id) => steamNames.get(id) ?? `#${id}`,
  };
}

const NO_MARKETS: Names['markets'] = [];
const NO_ACCOUNTS: Names['steamAccounts'] = [];

/** The TextContext of the console right now: its language and the common data's names. */
export function useTextContext(): TextContext {
  const { t, i18n, lang } = useUiLang();
  // Outside the common-data gate (a test, an error screen) the names are the ids.
  const common = useContext(CommonDataContext);
  const markets = common?.markets ?? NO_MARKETS;
  const steamAccounts = common?.steamAccounts ?? NO_ACCOUNTS;
  return useMemo(
    () =>
      createTextContext(
        { t: (key, options) => t(key, options ?? {}) as string, exists: (key) => i18n.exists(key) },
        lang,
        { markets, steamAccounts },
      ),
    [t, i18n, lang, markets, steamAccounts],
  );
}
