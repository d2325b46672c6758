import { MARKET_SELL_FEES, type MarketCode } from '@toydesk/contract';

import type { Database, Queryable } from './database.ts';

/** The 11 markets of spec section 3, seeded once; rates are starting values that operators keep current. */
export const SEED_MARKETS: { code: MarketCode; name: string }[] = [
  { code: 'tm', name: 'Market CSGO' },
  { code: 'tm_usd', name: 'Market CSGO USD' },
  { code: 'cs7', name: 'CS7' },
  { code: 'cs7_proxy', name: 'CS7 Proxy' },
  { code: 'dmarket', name: 'DMarket' },
  { code: 'steam', name: 'Steam' },
  { code: 'lis_skins', name: 'Lis-Skins' },
  { code: 'bitskins', name: 'BitSkins' },
  { code: 'csfloat', name: 'CSFloat' },
  { code: 'skinport', name: 'Skinport' },
  { code: 'waxpeer', name: 'Waxpeer' },
];
export const SEED_USD_TO_RUB = '92.50';
export const SEED_EUR_TO_RUB = '100.20';

const TM_FEE_SOURCE = 'tm\'s GetDiscounts/ sell_fee "5%" (docs/marketplaces.md)';
const FEE_SOURCES: Partial<Record<MarketCode, string>> = {
  tm: TM_FEE_SOURCE,
  tm_usd: TM_FEE_SOURCE,
  cs7: TM_FEE_SOURCE,
  cs7_proxy: TM_FEE_SOURCE,
  steam: '5 % Steam + 10 % CS2 on top of the seller price: 13.04 % of the listed price (from memory)',
};

/**
 * The sale fees a fresh installation starts with: the price board's MARKET_SELL_FEES (one set of numbers),
 * as percent; migration 025 adds the same to an installation that already has its markets. Operators
 * correct them at /api/profit/fees/ (an account's discounts can lower them).
 */
export const SEED_FEES = Object.entries(MARKET_SELL_FEES).map(([market, fraction]) => ({
  market,
  side: 'sell',
  fraction,
  source: `${FEE_SOURCES[market as MarketCode] ?? 'published standard seller fee (from memory, not re-verified)'}; seeded from MARKET_SELL_FEES`,
}));

export async function seedReferenceData(db: Database): Promise<void> {
  await db.query(
    `INSERT INTO market (code, name, usd_to_rub_rate, eur_to_rub_rate)
     SELECT x.code, x.name, $2::numeric, $3::numeric FROM jsonb_to_recordset($1::jsonb) AS x(code text, name text)
     ON CONFLICT (code) DO NOTHING`,
    [JSON.stringify(SEED_MARKETS), SEED_USD_TO_RUB, SEED_EUR_TO_RUB],
  );
  await db.query(
    `INSERT INTO market_fee (market, side, percent, source)
     SELECT x.market, x.side, x.fraction::numeric * 100, x.source
     FROM jsonb_to_recordset($1::jsonb) AS x(market text, side text, fraction text, source text)
     JOIN market m ON m.code = x.market
     ON CONFLICT (market, side) DO NOTHING`,
    [JSON.stringify(SEED_FEES)],
  );
}

/** True while the installation holds no toys and no Steam accounts (where the demo data may go). */
export async function isInstallationEmpty(db: Queryable): Promise<boolean> {
  const rows = await db.query<{ used: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM toy) OR EXISTS (SELECT 1 FROM steam_account) AS used',
  );
  return rows[0]?.used === false;
}

/** A market's USD to RUB rate (decimal text), or null when it has none above zero. */
export async function loadUsdToRubRate(db: Queryable, market: MarketCode): Promise<string | null> {
  const rows = await db.query<{ rate: string }>(
    `SELECT usd_to_rub_rate AS rate FROM market WHERE code = $1 AND usd_to_rub_rate > 0`,
    [market],
  );
  return rows[0]?.rate ?? null;
}
