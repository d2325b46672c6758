import { performance } from 'node:perf_hooks';

import type { Database } from '@toydesk/db';

export interface SeedCounts {
  toys: number;
  steamAccounts: number;
  marketAccounts: number;
  history: number;
}

export interface TableLoad {
  table: string;
  rows: number;
  ms: number;
}

export interface SeedResult {
  tables: TableLoad[];
  /** VACUUM (ANALYZE) after the load, as autovacuum would leave a settled table. */
  analyzeMs: number;
}

/** Rows of toy_history per INSERT … SELECT statement (one transaction each). */
const HISTORY_CHUNK = 100_000;

const WEAPONS = [
  'AK-47', 'M4A4', 'M4A1-S', 'AWP', 'Desert Eagle', 'USP-S', 'Glock-18', 'P250', 'Five-SeveN', 'Tec-9',
  'CZ75-Auto', 'MP9', 'MAC-10', 'MP7', 'UMP-45', 'P90', 'FAMAS', 'Galil AR', 'SG 553', 'AUG', 'SSG 08',
  'Nova', 'XM1014', 'MAG-7',
]; // prettier-ignore
const SKINS = [
  'Redline', 'Asiimov', 'Hyper Beast', 'Vulcan', 'Fire Serpent', 'Neo-Noir', 'Printstream', 'Bloodsport',
  'Fade', 'Doppler', 'Case Hardened', 'Slaughter', 'Crimson Web', 'Tiger Tooth', 'Marble Fade', 'Dragon Lore',
  'Howl', 'Wildfire', 'Phantom Disruptor', 'Neon Rider', 'The Empress', 'Fuel Injector', 'Point Disarray',
  'Frontside Misty', 'Cyrex', 'Atomic Alloy', 'Golden Coil', 'Mecha Industries', 'Decimator', 'Chantico\'s Fire',
  'Kill Confirmed', 'Orion', 'Cortex', 'Blueprint', 'Oxide Blaze', 'Ocean Drive', 'Whiteout', 'Monster Mashup',
  'Temukau', 'Head Shot',
]; // prettier-ignore
const WEARS = ['Factory New', 'Minimal Wear', 'Field-Tested', 'Well-Worn', 'Battle-Scarred'];
const RARITIES = [
  'Consumer Grade',
  'Industrial Grade',
  'Mil-Spec Grade',
  'Restricted',
  'Classified',
  'Covert',
];
/**
 * Two markets per Steam account, unique within the account. Weighted so that history is mostly in RUB:
 * tm 35 %, steam 20 %, dmarket 20 %, csfloat 15 %, tm_usd 10 % of market accounts.
 */
const MARKET_PAIRS = [
  ['tm', 'steam'],
  ['tm', 'dmarket'],
  ['tm', 'csfloat'],
  ['tm', 'tm_usd'],
  ['steam', 'dmarket'],
  ['tm', 'steam'],
  ['dmarket', 'csfloat'],
  ['tm', 'dmarket'],
  ['steam', 'tm_usd'],
  ['tm', 'csfloat'],
];
const USD_MARKETS = ['tm_usd', 'csfloat'];

const textArray = (values: string[]) =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;
const pairsArray = `ARRAY[${MARKET_PAIRS.map(([a, b]) => `['${a}', '${b}']`).join(', ')}]`;

/** A stored vault value with the real shape (v1:key id:nonce:ciphertext:tag:hint); only the shape matters to lists. */
const secretSql = (keyIdParam: string, seed: string, hintSql = `''`) =>
  `'v1:' || ${keyIdParam} || ':' || left(md5(${seed} || 'n'), 16) || ':' || md5(${seed} || 'c') || ':' || left(md5(${seed} || 't'), 22) || ':' || ${hintSql}`;

async function timed(table: string, rows: number, fn: () => Promise<void>): Promise<TableLoad> {
  const start = performance.now();
  await fn();
  return { table, rows, ms: performance.now() - start };
}

async function expectIds(db: Database, table: string, count: number): Promise<void> {
  const rows = await db.query<{ n: number; lo: number; hi: number }>(
    `SELECT count(*)::int AS n, min(id) AS lo, max(id) AS hi FROM ${table}`,
  );
  const r = rows[0];
  if (!r || r.n !== count || r.lo !== 1 || r.hi !== count)
    throw new Error(`${table}: expected ids 1..${count}, got ${JSON.stringify(r)}`);
}

/**
 * Loads the benchmark's rows straight through SQL, in bulk, into a freshly migrated database: toys, Steam
 * accounts, two market accounts per Steam account, then the toy history in chunks of INSERT … SELECT FROM
 * generate_series, with every index and foreign key of the real schema in place.
 */
export async function seedBenchData(
  db: Database,
  counts: SeedCounts,
  vaultKeyId: string,
  progress: (line: string) => void = () => undefined,
): Promise<SeedResult> {
  const tables: TableLoad[] = [];

  tables.push(
    await timed('toy', counts.toys, () =>
      db.transaction(async (tx) => {
        await tx.query('SELECT setseed(0.11)');
        await tx.query(
          `INSERT INTO toy (market_hash_name, classid, instance, classid_instanceid, icon_url, icon_url_large, ru_name,
                            label, rarity, weapon, record_status)
           SELECT s.st || s.weapon || ' | ' || s.skin || s.suffix || ' (' || s.wear || ')',
                  s.classid, s.instance, s.classid || '_' || s.instance,
                  s.icon, s.icon || '/360fx360f',
                  CASE WHEN s.g % 3 <> 0 THEN s.st || s.weapon || ' | Скин ' || s.skin || s.suffix || ' (' || s.wear || ')' END,
                  CASE WHEN s.g % 97 = 0 THEN 'new' WHEN s.g % 53 = 0 THEN 'rare' ELSE 'normal' END,
                  (${textArray(RARITIES)})[1 + s.g % ${RARITIES.length}], s.weapon, 'normal'
           FROM (
             SELECT g,
                    CASE WHEN g % 7 = 0 THEN 'StatTrak™ ' ELSE '' END AS st,
                    (${textArray(WEAPONS)})[1 + g % ${WEAPONS.length}] AS weapon,
                    (${textArray(SKINS)})[1 + (g / ${WEAPONS.length}) % ${SKINS.length}] AS skin,
                    (${textArray(WEARS)})[1 + (g / ${WEAPONS.length * SKINS.length}) % ${WEARS.length}] AS wear,
                    CASE WHEN g / ${WEAPONS.length * SKINS.length * WEARS.length} > 0
                         THEN ' #' || (g / ${WEAPONS.length * SKINS.length * WEARS.length}) ELSE '' END AS suffix,
                    (310000000 + g * 37)::text AS classid,
                    CASE WHEN g % 3 = 0 THEN '0' ELSE (188530139 + g % 50)::text END AS instance,
                    '-9a81dlWLwJ2UUGcVs_nsVtzdOEdtWwKGZZLQHTxDZ7I56KU0Zwwo4NUX4oFJZEHLbXH5ApeO4YmlhxYQknCRvCo04DEVlxkKgpot'
                      || md5(g::text) || md5((g * 7)::text) AS icon
             FROM generate_series(0, $1::int - 1) AS g
           ) s`,
          [counts.toys],
        );
      }),
    ),
  );
  await expectIds(db, 'toy', counts.toys);
  progress(`toy: ${counts.toys} rows`);

  tables.push(
    await timed('steam_account', counts.steamAccounts, () =>
      db.transaction(async (tx) => {
        await tx.query('SELECT setseed(0.22)');
        await tx.query(
          `INSERT INTO steam_account (steam_account_name, login, password, shared_secret, identity_secret, revocation_code,
                                      email_password, steam_id, email, phone, trade_url, status, balance, balance_currency, notes)
           SELECT 'bench_' || lpad(g::text, 6, '0'), 'benchlogin' || g,
                  ${secretSql('$2', "g || 'p'")}, ${secretSql('$2', "g || 's'")}, ${secretSql('$2', "g || 'i'")},
                  ${secretSql('$2', "g || 'r'")}, CASE WHEN g % 4 = 0 THEN NULL ELSE ${secretSql('$2', "g || 'e'")} END,
                  (76561198000000000 + g)::text, 'bench' || g || '@example.com', '+7900' || lpad(g::text, 7, '0'),
                  'https://steamcommunity.com/tradeoffer/new/?partner=' || (40000000 + g) || '&token=' || left(md5(g::text), 8),
                  CASE WHEN g % 50 = 0 THEN 'limited' WHEN g % 101 = 0 THEN 'banned' WHEN g % 20 = 0 THEN 'new' ELSE 'active' END,
                  round((random() * 20000)::numeric, 2), 'RUB',
                  CASE WHEN g % 10 = 0 THEN 'Прокси сменить, лимит до ' || (g % 28 + 1) || ' числа' END
           FROM generate_series(1, $1::int) AS g`,
          [counts.steamAccounts, vaultKeyId],
        );
      }),
    ),
  );
  await expectIds(db, 'steam_account', counts.steamAccounts);
  progress(`steam_account: ${counts.steamAccounts} rows`);

  const apiKeyHint = `rtrim(translate(encode(convert_to(right(md5(s.id::text || p.k || 'a'), 4), 'UTF8'), 'base64'), '+/', '-_'), '=')`;
  tables.push(
    await timed('market_account', counts.marketAccounts, () =>
      db.transaction(async (tx) => {
        await tx.query('SELECT setseed(0.33)');
        await tx.query(
          `INSERT INTO market_account (market, steam_account, api_key, pay_password, currency, balance, online, last_online_at,
                                       status, keep_online, auto_deliver, auto_sell, dynamic_orders, dry_run)
           SELECT p.market, s.id, ${secretSql('$1', "s.id::text || p.k || 'a'", apiKeyHint)},
                  CASE WHEN p.market IN ('tm', 'tm_usd') THEN ${secretSql('$1', "s.id::text || p.k || 'y'")} END,
                  CASE WHEN p.market = ANY(${textArray(USD_MARKETS)}) THEN 'USD' ELSE 'RUB' END,
                  round((random() * 50000)::numeric, 2), random() < 0.6, now() - random() * interval '3 days',
                  CASE WHEN s.id % 40 = 0 THEN 'paused' WHEN s.id % 97 = 0 THEN 'banned' ELSE 'active' END,
                  true, true, random() < 0.5, random() < 0.3, false
           FROM steam_account s
           CROSS JOIN LATERAL (VALUES (1, (${pairsArray})[1 + s.id % ${MARKET_PAIRS.length}][1]),
                                      (2, (${pairsArray})[1 + s.id % ${MARKET_PAIRS.length}][2])) AS p(k, market)
           ORDER BY s.id, p.k`,
          [vaultKeyId],
        );
      }),
    ),
  );
  await expectIds(db, 'market_account', counts.marketAccounts);
  progress(`market_account: ${counts.marketAccounts} rows`);

  // History: dates rise with the row number over 90 days (rows arrive in time order, as in production),
  // items are skewed towards popular toys, prices are log-uniform per toy with a spread, mostly RUB.
  const historyStart = performance.now();
  // Profit's deals (migration 025) are matched once after the load, as an import would: the insert trigger
  // matches every item a statement names again from its whole history, so ten chunks would redo it ten times.
  await db.exec('ALTER TABLE toy_history DISABLE TRIGGER toy_history_profit_insert');
  for (let from = 1; from <= counts.history; from += HISTORY_CHUNK) {
    const to = Math.min(counts.history, from + HISTORY_CHUNK - 1);
    await db.transaction(async (tx) => {
      await tx.query(`SELECT setseed(${(0.44 + from / counts.history / 10).toFixed(6)})`);
      await tx.query(
        `INSERT INTO toy_history (toy, market_hash_name, classid_instanceid, side, price, currency, market, market_account,
                                  steam_account, date, record_status, market_item_id, trade_id, offer_id, asset_id, comment, created_at)
         SELECT x.id, x.market_hash_name, x.classid_instanceid, r.side,
                round((5 * power(4000::float8, ((x.id * 7919) % 10007) / 10007.0::float8) * (0.85 + 0.3 * r.r_price)
                       * CASE WHEN r.side = 'sell' THEN 1.05 ELSE 1 END
                       / CASE WHEN ma.currency = 'USD' THEN 92.5 ELSE 1 END)::numeric, 2),
                ma.currency, ma.market, ma.id, ma.steam_account, r.date,
                CASE WHEN r.r_status < 0.95 THEN 'normal' WHEN r.r_status < 0.98 THEN 'outdated'
                     WHEN r.r_status < 0.99 THEN 'very_outdated' ELSE 'locked' END,
                (100000000 + r.g)::text,
                CASE WHEN r.side = 'sell' THEN (5000000000 + r.g)::text END,
                CASE WHEN ma.market = 'steam' OR r.side = 'sell' THEN (6000000000 + r.g)::text END,
                (30000000000 + r.g * 3)::text,
                CASE WHEN r.r_status > 0.985 THEN 'ручная правка цены' END,
                r.date + interval '1 minute' * r.r_price
         FROM (
           SELECT g,
                  1 + floor(random() * $4::int)::int AS ma_id,
                  1 + floor($3::int * power(random(), 2))::int AS toy_id,
                  CASE WHEN r_side < 0.49 THEN 'buy' WHEN r_side < 0.995 THEN 'sell' ELSE 'unknown' END AS side,
                  now() - interval '90 days' + interval '90 days' * (g::float8 / $5::int)
                    + interval '1 hour' * (r_side - 0.5) AS date,
                  r_price, r_status
           FROM (SELECT g, random() AS r_side, random() AS r_price, random() AS r_status
                 FROM generate_series($1::int, $2::int) AS g) AS raw
         ) r
         JOIN market_account ma ON ma.id = r.ma_id
         JOIN toy x ON x.id = r.toy_id
         ORDER BY r.g`,
        [from, to, counts.toys, counts.marketAccounts, counts.history],
      );
    });
    progress(`toy_history: ${to} / ${counts.history} rows`);
  }
  tables.push({ table: 'toy_history', rows: counts.history, ms: performance.now() - historyStart });
  const profitStart = performance.now();
  await db.exec('ALTER TABLE toy_history ENABLE TRIGGER toy_history_profit_insert');
  await db.exec(`SELECT profit_rematch(ARRAY(SELECT DISTINCT market_hash_name FROM toy_history))`);
  await db.exec(`SELECT profit_reprice('true')`);
  const deals = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM profit_deal');
  tables.push({ table: 'profit_deal', rows: deals[0]?.n ?? 0, ms: performance.now() - profitStart });
  const n = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM toy_history');
  if (n[0]?.n !== counts.history)
    throw new Error(`toy_history: expected ${counts.history} rows, got ${n[0]?.n}`);

  const analyzeStart = performance.now();
  await db.exec('VACUUM (ANALYZE)');
  return { tables, analyzeMs: performance.now() - analyzeStart };
}
