import { MARKET_CURRENCY, type Currency, type MarketAccountStatus, type MarketCode } from '@toydesk/contract';
import { bulkInsert } from '@toydesk/db';

import { idsByKey, requireId } from './ids-by-key.ts';
import { sealPlannedRows } from './sealed-rows.ts';
import { DAY, HOUR, isoBefore, MINUTE, type DemoContext } from './demo-context.ts';
import { formatMinor } from './minor-units.ts';
import type { DemoSteamAccount } from './steam-accounts.ts';
import type { DemoTags } from './tags-and-groups.ts';

/** About 60 marketplace accounts, at most one per (market, Steam account); Market CSGO has the most. */

/** How many accounts each market gets (60 in all). */
const QUOTAS: [MarketCode, number][] = [
  ['tm', 26],
  ['tm_usd', 10],
  ['dmarket', 8],
  ['steam', 6],
  ['csfloat', 4],
  ['waxpeer', 2],
  ['skinport', 1],
  ['lis_skins', 1],
  ['bitskins', 1],
  ['cs7', 1],
];

/**
 * The key in the form the market's client stores: Skinport's "clientId:clientSecret" (made from the same
 * random hex, so the demo's other rows stay as they were), one key elsewhere. The simulators open each
 * account with it (demo-simulators.ts).
 */
function apiKey(market: MarketCode, hex: string): string {
  return market === 'skinport' ? `${hex.slice(0, 16)}:${hex.slice(16)}` : hex;
}

export interface DemoMarketAccount {
  id: number;
  market: MarketCode;
  steamAccount: DemoSteamAccount;
  currency: Currency;
  status: MarketAccountStatus;
  /** The deliver loop's switch: the demo's deliveries in flight go only where that loop does not run. */
  autoDeliver: boolean;
}

export async function seedMarketAccounts(
  ctx: DemoContext,
  steamAccounts: DemoSteamAccount[],
  tags: DemoTags,
): Promise<DemoMarketAccount[]> {
  const rng = ctx.rng('market-accounts');
  const accountTags = tags.forTarget('market_accounts');
  // New Steam accounts have not finished their setup, so they have no market accounts yet.
  const eligible = steamAccounts.filter((s) => s.status !== 'new');
  const plans: {
    market: MarketCode;
    steam: DemoSteamAccount;
    currency: Currency;
    status: MarketAccountStatus;
    autoDeliver: boolean;
    row: Record<string, unknown>;
  }[] = [];
  for (const [market, quota] of QUOTAS) {
    // Market CSGO: the first accounts in order; other markets: a deterministic shuffle.
    const chosen = (market === 'tm' ? eligible : rng.shuffle(eligible)).slice(0, quota);
    for (const steam of chosen) {
      const currency = MARKET_CURRENCY[market];
      const status: MarketAccountStatus =
        steam.status === 'banned'
          ? 'banned'
          : steam.status === 'locked'
            ? 'disabled'
            : rng.chance(0.08)
              ? 'paused'
              : 'active';
      const online = status === 'active' && rng.chance(0.8);
      const trading = status === 'active' && rng.chance(0.6);
      const balanceMinor = currency === 'RUB' ? rng.int(50_000, 15_000_000) : rng.int(500, 200_000);
      plans.push({
        market,
        steam,
        currency,
        status,
        autoDeliver: trading,
        row: {
          market,
          steam_account: steam.id,
          api_key: apiKey(market, rng.hex(32)),
          pay_password: market === 'tm' || market === 'tm_usd' ? rng.alphanumeric(10) : null,
          currency,
          balance: formatMinor(status === 'banned' ? 0 : balanceMinor),
          online,
          last_online_at: online
            ? isoBefore(ctx, rng.int(0, 4) * MINUTE)
            : isoBefore(ctx, rng.int(2, 400) * HOUR),
          proxy: steam.proxy,
          tags: rng.chance(0.35) ? [rng.pick(accountTags)] : [],
          status,
          keep_online: online && rng.chance(0.85),
          auto_deliver: trading,
          auto_sell: trading && rng.chance(0.7),
          dynamic_orders: trading && (market === 'tm' || market === 'tm_usd') && rng.chance(0.6),
          dry_run: true,
          notes:
            status === 'banned'
              ? 'Steam account banned: trading stopped'
              : rng.chance(0.1)
                ? 'Проверить комиссию'
                : null,
          created_at: new Date(steam.createdAt + rng.int(1, 20) * DAY).toISOString(),
          updated_at: isoBefore(ctx, rng.int(1, 48) * HOUR),
        },
      });
    }
  }
  const inserted = await bulkInsert<{ id: number; market: string; steam_account: number }>(
    ctx.tx,
    'market_account',
    {
      id: 'integer',
      market: 'text',
      steam_account: 'integer',
      api_key: 'text',
      pay_password: 'text',
      currency: 'text',
      balance: 'numeric',
      online: 'boolean',
      last_online_at: 'timestamptz',
      proxy: 'integer',
      tags: 'integer[]',
      status: 'text',
      keep_online: 'boolean',
      auto_deliver: 'boolean',
      auto_sell: 'boolean',
      dynamic_orders: 'boolean',
      dry_run: 'boolean',
      notes: 'text',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    await sealPlannedRows(
      ctx,
      'market_account',
      plans.map((p) => p.row),
      [{ column: 'api_key', hint: true }, { column: 'pay_password' }],
    ),
    { returning: ['id', 'market', 'steam_account'] },
  );
  const ids = idsByKey(inserted, (r) => `${r.market}/${r.steam_account}`);
  return plans.map((p) => ({
    id: requireId(ids, `${p.market}/${p.steam.id}`),
    market: p.market,
    steamAccount: p.steam,
    currency: p.currency,
    status: p.status,
    autoDeliver: p.autoDeliver,
  }));
}
